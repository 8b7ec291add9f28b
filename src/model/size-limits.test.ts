import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './load-scenario.js';
import { SCENARIO_LIMITS } from './size-limits.js';
import { inputErrorOf } from '../test-support/input-error.js';

function problemsOf(text: string) {
  return inputErrorOf(() => parseScenarioText(text, 'big.yaml')).problems;
}

describe('scenario size limits', () => {
  it('refuses a generated cluster over the node limit before building it', () => {
    const [problem] = problemsOf('cluster:\n  generate: { racks: 100000, nodesPerRack: 100000 }\njobs: [{ id: j, maps: 1, mapTime: 1 }]\n');
    expect(problem).toMatchObject({ path: 'cluster', expected: 'at most 100,000 nodes', found: '10,000,000,000', line: 2 });
  });

  it('counts nodes written as counts and as entries with a count', () => {
    const text = 'cluster:\n  racks:\n    - { id: a, nodes: 60000 }\n    - { id: b, nodes: [{ count: 50000 }, {}] }\njobs: [{ id: j, maps: 1, mapTime: 1 }]\n';
    expect(problemsOf(text)[0]).toMatchObject({ path: 'cluster', found: '110,001' });
  });

  it('refuses a job stream over the job limit', () => {
    const text = 'cluster: { racks: [{ id: r, nodes: 2 }] }\njobStreams: [{ count: 1000000000, maps: 1, mapTime: 1, interarrival: 1 }]\n';
    expect(problemsOf(text)[0]).toMatchObject({ path: 'jobStreams', found: '1,000,000,000' });
  });

  it('refuses a job whose input would make more maps than one job may have, naming the job', () => {
    const text = 'cluster: { racks: [{ id: r, nodes: 2 }] }\njobs: [{ id: huge, inputBytes: 4 PB, mapTime: 1 }]\n';
    expect(problemsOf(text)[0]).toMatchObject({
      path: 'jobs[0]',
      line: 2,
      expected: `at most ${SCENARIO_LIMITS.tasksPerJob.toLocaleString('en')} maps in one job`,
      found: "job 'huge': 33,554,432 maps (4 PiB of input in blocks of 128 MiB)",
    });
  });

  it('refuses a file too large to split into blocks', () => {
    const text = 'cluster: { racks: [{ id: r, nodes: 2 }] }\nstorage: { files: [{ id: f, size: 4 PB }] }\njobs: [{ id: j, input: f, mapTime: 1 }]\n';
    expect(problemsOf(text)[0]).toMatchObject({ path: 'storage.files[0].size', found: '4 PiB in blocks of 128 MiB' });
  });

  it('refuses a scenario whose tasks add up past the total limit', () => {
    const text = 'cluster: { racks: [{ id: r, nodes: 2 }] }\njobStreams: [{ count: 30000, maps: 900, mapTime: 1, interarrival: 1 }]\n';
    // Reported at the stream whose job takes the total past the limit.
    expect(problemsOf(text)[0]).toMatchObject({ path: 'jobStreams[0]', expected: 'at most 20,000,000 tasks in the scenario' });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseScenarioText } from './load-scenario.js';
import { SCENARIO_LIMITS } from './size-limits.js';
import { inputErrorOf } from '../test-support/input-error.js';

function problemsOf(text: string) {
  return inputErrorOf(() => parseScenarioText(text, 'big.yaml')).problems;
}

describe('scenario size limits', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('refuses a generated cluster over the node limit before building it', () => {
    const [problem] = problemsOf('cluster:\n  generate: { racks: 100000, nodesPerRack: 100000 }\njobs: [{ id: j, maps: 1, mapTime: 1 }]\n');
    expect(problem).toMatchObject({
      path: 'cluster',
      expected: 'at most 100,000 nodes (a limit: set MRSCHED_MAX_NODES to raise it)',
      found: '10,000,000,000',
      line: 2,
    });
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
    const text = 'cluster: { racks: [{ id: r, nodes: 2 }] }\njobs: [{ id: huge, inputBytes: 256 TB, mapTime: 1 }]\n';
    expect(problemsOf(text)[0]).toMatchObject({
      path: 'jobs[0]',
      line: 2,
      expected: `at most ${SCENARIO_LIMITS.tasksPerJob.toLocaleString('en')} maps in one job (a limit: set MRSCHED_MAX_TASKS_PER_JOB to raise it)`,
      found: "job 'huge': 2,097,152 maps (256 TiB of input in blocks of 128 MiB)",
    });
  });

  it('refuses a file too large to split into blocks', () => {
    const text = 'cluster: { racks: [{ id: r, nodes: 2 }] }\nstorage: { files: [{ id: f, size: 256 TB }] }\njobs: [{ id: j, input: f, mapTime: 1 }]\n';
    expect(problemsOf(text)[0]).toMatchObject({ path: 'storage.files[0].size', found: '256 TiB in blocks of 128 MiB' });
  });

  it('refuses a scenario whose tasks add up past the total limit, counted before any is built', () => {
    // 30,000 jobs of 900 maps: 27,000,000 tasks; refused from the counts, not after building 20,000,000 of them.
    const text = 'cluster: { racks: [{ id: r, nodes: 2 }] }\njobStreams: [{ count: 30000, maps: 900, mapTime: 1, interarrival: 1 }]\n';
    expect(problemsOf(text)[0]).toMatchObject({
      path: 'jobStreams[0]',
      expected: 'at most 20,000,000 tasks in the scenario (a limit: set MRSCHED_MAX_TASKS to raise it)',
      found: '27,000,000 tasks at the fewest its counts and sizes allow',
    });
  });

  it('counts the fewest tasks a profile, a distribution, an input file and reduces can make', () => {
    // Each stream job: 3 maps (2.6, a uniform's minimum, rounded) + 2 reduces from the profile = 5; 999,998 of them
    // make 4,999,990; job a reads 16 blocks (1 GB in 64 MB), job b lists 2 maps: 4,999,990 + 16 + 2 = 5,000,008.
    vi.stubEnv('MRSCHED_MAX_TASKS', '5000007');
    const text = [
      'cluster: { racks: [{ id: r, nodes: 2 }] }',
      'storage: { blockSize: 64 MB, files: [{ id: f, size: 1 GB }] }',
      'profiles: { p: { maps: { dist: uniform, min: 2.6, max: 9 }, mapTime: 1, reduces: 2, reduceTime: 1 } }',
      'jobs:',
      '  - { id: a, input: f, mapTime: 1 }',
      '  - { id: b, mapTasks: [{ work: 1 }, { work: 1 }] }',
      'jobStreams: [{ count: 999998, profile: p, interarrival: 1 }]',
      '',
    ].join('\n');
    expect(problemsOf(text)[0]).toMatchObject({ path: 'jobStreams[0]', found: '5,000,008 tasks at the fewest its counts and sizes allow' });
  });
});

describe('the limits come from the environment when set', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('a lower limit refuses what the default allows, naming the variable', () => {
    vi.stubEnv('MRSCHED_MAX_JOBS', '2');
    const text = 'cluster: { racks: [{ id: r, nodes: 2 }] }\njobs: [{ id: a, maps: 1, mapTime: 1 }, { id: b, maps: 1, mapTime: 1 }, { id: c, maps: 1, mapTime: 1 }]\n';
    expect(problemsOf(text)[0]).toMatchObject({ path: 'jobs', expected: 'at most 2 jobs in all (a limit: set MRSCHED_MAX_JOBS to raise it)', found: '3' });
  });

  it('a variable that is not a whole number is a problem of the environment', () => {
    vi.stubEnv('MRSCHED_MAX_TASKS', 'lots');
    const error = inputErrorOf(() => parseScenarioText('cluster: { racks: [{ id: r, nodes: 2 }] }\njobs: [{ id: a, maps: 1, mapTime: 1 }]\n', 'x.yaml'));
    expect(error.source).toBe('the environment');
    expect(error.problems).toEqual([{ path: 'MRSCHED_MAX_TASKS', expected: 'a whole number > 0', found: "'lots'" }]);
  });
});

import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadScenario } from '../input/load-scenario.js';
import { inputErrorFrom, inputErrorOf } from '../test-support/input-error.js';
import { TRACES } from '../test-support/traces.js';
import { loadScenarioWithTrace, readScenarioWithTrace } from './scenario-with-trace.js';

const swim50 = TRACES.swimFirst50;
let dir = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mrsched-trace-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function scenarioFile(text: string): string {
  const path = join(dir, 'scenario.yaml');
  writeFileSync(path, text);
  return path;
}

describe('a scenario that names a trace', () => {
  it("adds the trace's jobs after its own, keeps its own cluster, users and settings, and fills in the trace's users", async () => {
    const path = scenarioFile(
      [
        `trace: { format: swim, path: ${JSON.stringify(swim50)}, options: { users: 3 } }`,
        'cluster: { generate: { racks: 2, nodesPerRack: 5 } }',
        'users: [{ id: swim2, priority: 5 }]',
        'jobs: [{ id: mine, maps: 1, mapTime: 1, submit: 7 }]',
        'settings: { seed: 9 }',
      ].join('\n'),
    );
    const scenario = await loadScenarioWithTrace(path);
    expect(scenario.jobs).toHaveLength(51);
    expect(scenario.jobs.some((job) => job.id === 'mine')).toBe(true);
    expect(scenario.cluster.nodes).toHaveLength(10);
    expect(scenario.settings.seed).toBe(9);
    expect(scenario.users.find((u) => u.id === 'swim2')?.priority).toBe(5);
    expect(new Set(scenario.jobs.filter((j) => j.id !== 'mine').map((j) => j.user))).toEqual(new Set(['swim1', 'swim2', 'swim3']));
  });

  it("takes the trace's cluster when the file gives none, and finds the trace relative to the file", async () => {
    writeFileSync(join(dir, 'trace.tsv'), 'job0\t1\t1\t100\t0\t10\njob1\t5\t4\t200\t300\t10\n');
    const scenario = await loadScenarioWithTrace(scenarioFile('trace: { format: swim, path: trace.tsv, options: { nodes: 40 } }'));
    expect(scenario.jobs.map((job) => job.id)).toEqual(['job0', 'job1']);
    expect(scenario.cluster.nodes).toHaveLength(40);
  });

  it("finds a file an importer option names (sls topology) relative to the scenario file too", async () => {
    copyFileSync(TRACES.slsJobs, join(dir, 'jobs.json'));
    copyFileSync(TRACES.slsTopology, join(dir, 'nodes.json'));
    const scenario = await loadScenarioWithTrace(scenarioFile('trace: { format: sls, path: jobs.json, options: { topology: nodes.json } }'));
    // The topology is the cluster: rack1's node1 … node4, not the trace's hosts.
    expect(scenario.cluster.nodes.map((node) => node.id)).toEqual(['node1', 'node2', 'node3', 'node4']);
  });

  it('resolves once read for any seed, without reading the trace again', async () => {
    copyFileSync(swim50, join(dir, 'trace.tsv'));
    const input = await readScenarioWithTrace(scenarioFile('trace: { format: swim, path: trace.tsv }'));
    expect(input.trace?.scenario.jobs).toHaveLength(50);
    // Gone from the disk, the trace still resolves: it was read once, by readScenarioWithTrace.
    rmSync(join(dir, 'trace.tsv'));
    const reseeded = input.resolve(3);
    expect(reseeded.settings.seed).toBe(3);
    expect(reseeded.jobs).toHaveLength(50);
    expect(input.resolve().settings.seed).toBe(1);
  });

  it('is refused by the synchronous loader, which cannot read traces, at the trace field', () => {
    const path = scenarioFile(`cluster: { generate: { racks: 1, nodesPerRack: 2 } }\ntrace: { format: swim, path: x.tsv }`);
    const error = inputErrorOf(() => loadScenario(path));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'trace', line: 2 })]);
    expect(error.problems[0].expected).toMatch(/loadScenarioWithTrace/);
  });

  it('reports an unknown format, a missing trace file and a bad importer option clearly', async () => {
    const format = await inputErrorFrom(loadScenarioWithTrace(scenarioFile('trace: { format: csv, path: x.csv }')));
    expect(format.problems[0]).toMatchObject({ path: 'trace.format', line: 1, expected: 'one of swim, rumen, sls', found: "'csv'" });
    const missing = await inputErrorFrom(loadScenarioWithTrace(scenarioFile('trace: { format: swim, path: nowhere.tsv }')));
    expect(missing.message).toMatch(/nowhere\.tsv/);
    const option = await inputErrorFrom(
      loadScenarioWithTrace(scenarioFile(`trace: { format: swim, path: ${JSON.stringify(swim50)}, options: { nodez: 3 } }`)),
    );
    expect(option.problems[0]).toMatchObject({ path: 'trace.options.nodez', line: 1, found: "'nodez'" });
  });

  it('places a bad importer option value at its line in the scenario file, naming the file', async () => {
    const path = scenarioFile(['trace:', '  format: swim', `  path: ${JSON.stringify(swim50)}`, '  options:', '    users: 2', '    nodes: -3'].join('\n'));
    const error = await inputErrorFrom(loadScenarioWithTrace(path));
    expect(error.source).toBe(path);
    expect(error.problems).toEqual([{ path: 'trace.options.nodes', line: 6, column: 12, expected: 'an integer ≥ 1', found: '-3' }]);
  });

  it("places a problem in the trace's jobs at the trace field, naming the job", async () => {
    // 10^15 bytes in 64 MiB blocks: about 15 million maps, over the limit of 1,000,000 per job.
    writeFileSync(join(dir, 'huge.tsv'), 'job0\t1\t1\t100\t0\t10\njob1\t5\t4\t1000000000000000\t0\t10\n');
    const path = scenarioFile('name: huge\ntrace: { format: swim, path: huge.tsv }\njobs: [{ id: mine, maps: 1, mapTime: 1 }]\n');
    const error = await inputErrorFrom(loadScenarioWithTrace(path));
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ path: 'trace', line: 2 });
    expect(error.problems[0].found).toMatch(/^the trace's job 2: .*14,901,162 maps/);
  });
});

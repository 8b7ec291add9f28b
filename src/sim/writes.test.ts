import { describe, expect, it } from 'vitest';
import { KIND_MAP, STATUS_FAILED, type RunRecord } from '../model/run-record.js';
import type { NetworkSharing, Writes } from '../model/scenario.js';
import { testScenario, type TestScenario } from '../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { simulate } from './simulate.js';
import { checkRunInvariants } from './invariants.js';

function run(spec: TestScenario, network: NetworkSharing, writes: Writes, replication = 3): RunRecord {
  const base = testScenario({ ...spec, settings: { ...spec.settings, network, writes } });
  const scenario = { ...base, storage: { ...base.storage, replication } };
  const record = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

/** [kind, task, start, end] of each attempt. */
function spans(record: RunRecord): [string, number, number, number][] {
  const a = record.attempts;
  return Array.from({ length: a.count }, (_, i) => [a.kind[i] === KIND_MAP ? 'map' : 'reduce', a.task[i], a.start[i], a.end[i]]);
}

const NONE: Writes = { mapOutput: false, jobOutput: false };
const MAP_OUTPUT: Writes = { mapOutput: true, jobOutput: false };
const JOB_OUTPUT: Writes = { mapOutput: false, jobOutput: true };

describe('writes moved as transfers (settings.writes)', () => {
  // n0 has two map slots and a 100 B/s disk; its two maps compute for 1 s and write 200 B of output each;
  // n1 runs the reduce (work 1), which copies nothing once slow-start (1) lets it launch.
  const twoMaps: TestScenario = {
    nodes: [{ mapSlots: 2, reduceSlots: 0 }, { mapSlots: 0 }],
    jobs: [{ maps: [{ work: 1, outputBytes: 200 }, { work: 1, outputBytes: 200 }], reduces: [{ work: 1 }] }],
  };

  it("adds a map's output write to its time: alone at its disk's rate, sharing the disk with the other map's write", () => {
    const maps = (record: RunRecord) => spans(record).filter(([kind]) => kind === 'map');
    expect(maps(run(twoMaps, 'isolated', NONE))).toEqual([
      ['map', 0, 0, 1],
      ['map', 1, 0, 1],
    ]);
    // Alone: 1 s of work, then 200 B at 100 B/s.
    expect(maps(run(twoMaps, 'isolated', MAP_OUTPUT))).toEqual([
      ['map', 0, 0, 3],
      ['map', 1, 0, 3],
    ]);
    // Sharing n0's disk: 400 B at 100 B/s from 1, both end at 5.
    expect(maps(run(twoMaps, 'max-min', MAP_OUTPUT))).toEqual([
      ['map', 0, 0, 5],
      ['map', 1, 0, 5],
    ]);
    // A map-only job's maps write no map output; job output is another setting.
    expect(maps(run({ ...twoMaps, jobs: [{ maps: twoMaps.jobs[0].maps }] }, 'max-min', MAP_OUTPUT))).toEqual([
      ['map', 0, 0, 1],
      ['map', 1, 0, 1],
    ]);
  });

  // r1: n0 runs the map (work 1, no output) and the reduce (work 1); r2: n1 and n2 store. Links and rack
  // uplinks 10 B/s, disks 100 B/s. The job writes 100 B of output: the reduce's, its share being 1.
  const jobOutput: TestScenario = {
    nodes: [{ rack: 'r1' }, { rack: 'r2', mapSlots: 0, reduceSlots: 0 }, { rack: 'r2', mapSlots: 0, reduceSlots: 0 }],
    jobs: [{ maps: [{ work: 1 }], reduces: [{ work: 1 }], outputBytes: 100 }],
  };

  it("writes a job's output through the replication pipeline, as fast as its narrowest link", () => {
    for (const network of ['isolated', 'max-min'] as const) {
      // The map 0 → 1; the reduce launches at 1, computes to 2, then writes 100 B through n0's 10 B/s link: 12.
      expect(spans(run(jobOutput, network, JOB_OUTPUT)), network).toEqual([
        ['map', 0, 0, 1],
        ['reduce', 0, 1, 12],
      ]);
      // One replica: n0's disk alone, 1 s.
      expect(spans(run(jobOutput, network, JOB_OUTPUT, 1))[1], network).toEqual(['reduce', 0, 1, 3]);
      expect(spans(run(jobOutput, network, NONE))[1], network).toEqual(['reduce', 0, 1, 2]);
    }
  });

  it("splits a map-only job's output among its maps by their input", () => {
    // n0 and n1 each hold and read one block (100 B and 300 B at 100 B/s); no work; the job writes 400 B,
    // one replica: 100 B and 300 B at 100 B/s after the reads.
    const spec: TestScenario = {
      nodes: [{}, {}],
      jobs: [{ maps: [{ inputBytes: 100, replicas: [0], work: 0 }, { inputBytes: 300, replicas: [1], work: 0 }], outputBytes: 400 }],
    };
    for (const network of ['isolated', 'max-min'] as const) {
      expect(spans(run(spec, network, JOB_OUTPUT, 1)), network).toEqual([
        ['map', 0, 0, 2],
        ['map', 1, 0, 6],
      ]);
    }
  });

  it('stops a write whose node fails; the task runs again elsewhere and the job succeeds', () => {
    // As the two-map case, but with one map slot each on n0 and n2; n0 fails at 2, during its map's write
    // (noticed at once), and that map runs again on the first free node.
    const spec: TestScenario = {
      nodes: [{ reduceSlots: 0 }, { mapSlots: 0 }, { reduceSlots: 0 }],
      jobs: [{ maps: [{ work: 1, outputBytes: 200 }, { work: 1, outputBytes: 200 }], reduces: [{ work: 1 }] }],
      settings: { failures: [{ node: 0, at: 2, recoverAt: null }] },
    };
    const record = run(spec, 'max-min', MAP_OUTPUT);
    const a = record.attempts;
    const failed = Array.from({ length: a.count }, (_, i) => i).filter((i) => a.status[i] === STATUS_FAILED);
    expect(failed.map((i) => [a.node[i], a.start[i], a.end[i]])).toEqual([[0, 0, 2]]);
    expect(record.jobs[0].status).toBe('succeeded');
  });
});

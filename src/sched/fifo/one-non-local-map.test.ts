import { describe, expect, it } from 'vitest';
import { KIND_MAP, LOCALITIES, type RunRecord } from '../../model/run-record.js';
import { testScenario, type TestScenario } from '../../test-support/scenario.js';
import { simulate } from '../../sim/simulate.js';
import { Random } from '../../util/random.js';
import { createScheduler } from '../create-scheduler.js';
import { fifoScheduler } from './index.js';

function runFifo(spec: TestScenario, hadoop1Limits: boolean, alignHeartbeats = true): RunRecord {
  const scenario = testScenario({ ...spec, schedulerOptions: { fifo: { hadoop1Limits } } });
  return simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats });
}

function maps(run: RunRecord) {
  const a = run.attempts;
  const rows: { job: number; task: number; node: number; start: number; locality: string }[] = [];
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] === KIND_MAP) rows.push({ job: a.job[i], task: a.task[i], node: a.node[i], start: a.start[i], locality: LOCALITIES[a.locality[i]] });
  }
  return rows;
}

// One node of 2 map slots on rack a (heartbeats at 1, 2, …); a node on rack b with no map slots holds the
// input the maps read off-rack. Load factor 1 throughout (as many maps as slots), so the load cap is out of the way.
const NODES: TestScenario['nodes'] = [
  { rack: 'a', mapSlots: 2, reduceSlots: 0 },
  { rack: 'b', mapSlots: 0, reduceSlots: 0 },
];
const OFF_RACK_MAP = { inputBytes: 10, replicas: [1], work: 5 };
const LOCAL_MAP = { inputBytes: 10, replicas: [0], work: 5 };

describe('at most one non-local map per heartbeat, as the heartbeat’s last', () => {
  it('launches one of two off-rack maps a heartbeat could take', () => {
    // At 1: map0 off-rack ends the heartbeat's maps; map1 at 2. Without the limits both at 1.
    const spec = { nodes: NODES, jobs: [{ submit: 0.5, maps: [OFF_RACK_MAP, OFF_RACK_MAP] }] };
    expect(maps(runFifo(spec, true)).map((m) => [m.start, m.locality])).toEqual([
      [1, 'off'],
      [2, 'off'],
    ]);
    expect(maps(runFifo(spec, false)).map((m) => m.start)).toEqual([1, 1]);
  });

  it('takes a job’s local map before its non-local one at the same heartbeat', () => {
    // Map1 is node-local: the job's most local map first (1), then map0 off-rack as the last (also 1).
    const spec = { nodes: NODES, jobs: [{ submit: 0.5, maps: [OFF_RACK_MAP, LOCAL_MAP] }] };
    expect(maps(runFifo(spec, true)).map((m) => [m.task, m.start, m.locality])).toEqual([
      [1, 1, 'node'],
      [0, 1, 'off'],
    ]);
  });

  it('gives the slot to the first job’s non-local map even when a later job has a local one, as Hadoop walks the queue', () => {
    // Job A (first) has only an off-rack map: it takes the first slot, which ends the heartbeat's maps;
    // job B's node-local map waits for the heartbeat at 2.
    const spec = { nodes: NODES, jobs: [{ submit: 0.5, maps: [OFF_RACK_MAP] }, { submit: 0.6, maps: [LOCAL_MAP] }] };
    expect(maps(runFifo(spec, true)).map((m) => [m.job, m.start])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(maps(runFifo(spec, false)).map((m) => m.start)).toEqual([1, 1]);
  });

  it('counts a map without input as non-local, as Hadoop keeps maps with no split location apart', () => {
    const spec = { nodes: [{ mapSlots: 2, reduceSlots: 0 }], jobs: [{ submit: 0.5, maps: [{ work: 5 }, { work: 5 }] }] };
    expect(maps(runFifo(spec, true)).map((m) => m.start)).toEqual([1, 2]);
  });

  it('never launches a non-local map before another map of the same node and heartbeat (random scenarios)', () => {
    const random = new Random(7);
    const below = (n: number) => random.int(0, n - 1);
    for (let s = 0; s < 30; s++) {
      const nodes = Array.from({ length: 2 + below(5) }, () => ({ rack: below(2) === 0 ? 'a' : 'b', mapSlots: 1 + below(4), reduceSlots: 1 }));
      const jobs = Array.from({ length: 1 + below(4) }, (_, j) => ({
        submit: j * random.next() * 5,
        maps: Array.from({ length: 1 + below(12) }, () =>
          below(4) === 0 ? { work: 1 + random.next() * 5 } : { inputBytes: 10, replicas: [below(nodes.length)], work: 1 + random.next() * 5 },
        ),
        reduces: [{ work: 1 }],
      }));
      const run = runFifo({ nodes, jobs, settings: { slowStart: 0.05 } }, true, false);
      // Maps launched at one heartbeat of a node: same node, same start, in launch order.
      const byHeartbeat = new Map<string, string[]>();
      for (const m of maps(run)) byHeartbeat.set(`${m.node}@${m.start}`, [...(byHeartbeat.get(`${m.node}@${m.start}`) ?? []), m.locality]);
      for (const localities of byHeartbeat.values()) {
        const nonLocal = localities.filter((l) => l === 'off' || l === 'none');
        expect(nonLocal.length).toBeLessThanOrEqual(1);
        if (nonLocal.length === 1) expect(['off', 'none']).toContain(localities[localities.length - 1]);
      }
    }
  });
});

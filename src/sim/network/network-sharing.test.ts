import { describe, expect, it } from 'vitest';
import { KIND_MAP, type RunRecord } from '../../model/run-record.js';
import type { NetworkSharing } from '../../model/scenario.js';
import { testScenario, type TestScenario } from '../../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../../sched/index.js';
import { simulate } from '../simulate.js';

function run(spec: TestScenario, network: NetworkSharing): RunRecord {
  const scenario = testScenario({ ...spec, settings: { ...spec.settings, network } });
  return simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
}

/** [kind, task, start, end] of each attempt. */
function spans(record: RunRecord): [string, number, number, number][] {
  const a = record.attempts;
  return Array.from({ length: a.count }, (_, i) => [a.kind[i] === KIND_MAP ? 'map' : 'reduce', a.task[i], a.start[i], a.end[i]]);
}

describe('a run whose transfers share the network (max-min)', () => {
  // n0 runs the one map (no input, work 1, 1,000 B of output) on a 100 B/s disk; n1–n4 one reduce each
  // (share 1/4, work 1); links 1,000 B/s. The map runs 0 → 1; the reduces launch at the heartbeat at 1.
  const fourReduces: TestScenario = {
    nodes: [{ reduceSlots: 0 }, ...Array.from({ length: 4 }, () => ({ mapSlots: 0 }))].map((n) => ({ ...n, uplinkBandwidth: 1000 })),
    jobs: [{ maps: [{ work: 1, outputBytes: 1000 }], reduces: Array.from({ length: 4 }, () => ({ work: 1 })) }],
  };

  it('has four reduces copying 1,000 B from one 100 B/s disk take 10 s, not 2.5', () => {
    // Alone, each copies its 250 B at 100 B/s (one stream at the disk rate): 1 → 3.5, then computes to 4.5.
    expect(spans(run(fourReduces, 'isolated')).filter(([kind]) => kind === 'reduce').map(([, , , end]) => end)).toEqual([4.5, 4.5, 4.5, 4.5]);
    // Sharing, the job's output is read from n0's disk at 100 B/s in all: 25 B/s each, 1 → 11, then 11 → 12
    // (to the last bits: the four start one after another at 1, each start moving the others' rates).
    const shared = run(fourReduces, 'max-min');
    const ends = spans(shared).filter(([kind]) => kind === 'reduce').map(([, , , end]) => end);
    expect(ends.map((end) => Math.round(end * 1e9) / 1e9)).toEqual([12, 12, 12, 12]);
    expect(shared.jobs[0].end).toBeCloseTo(12, 9);
  });

  it('slows remote map reads from one disk down, each to its share', () => {
    // Both maps' input (100 B) is on n0 only, which has no map slot; n1 and n2 read it at once at 0.
    // Alone: 1 s each, then 1 s of work. Sharing n0's disk (100 B/s): 50 B/s each, 2 s, then 1 s of work.
    const spec: TestScenario = {
      nodes: [{ mapSlots: 0, reduceSlots: 0, uplinkBandwidth: 1000 }, { uplinkBandwidth: 1000 }, { uplinkBandwidth: 1000 }],
      jobs: [{ maps: [{ inputBytes: 100, replicas: [0], work: 1 }, { inputBytes: 100, replicas: [0], work: 1 }] }],
    };
    expect(spans(run(spec, 'isolated'))).toEqual([
      ['map', 0, 0, 2],
      ['map', 1, 0, 2],
    ]);
    expect(spans(run(spec, 'max-min'))).toEqual([
      ['map', 0, 0, 3],
      ['map', 1, 0, 3],
    ]);
  });
});

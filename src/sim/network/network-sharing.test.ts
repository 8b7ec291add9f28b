import { describe, expect, it } from 'vitest';
import { KIND_MAP, type RunRecord } from '../../model/run-record.js';
import type { NetworkSharing } from '../../model/scenario.js';
import { testScenario, type TestScenario } from '../../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../../sched/index.js';
import { simulate } from '../simulate.js';
import { checkRunInvariants } from '../invariants.js';
import { parseScenarioText } from '../../input/load-scenario.js';

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

  // 60 nodes run one map each (no input, work 1, 1,000 B of output) on 1,000 B/s disks; n60 runs the one reduce
  // (work 1) at the heartbeat at 1, its 5 copies through its 1,000 B/s link. No node holds a tenth of a copy's 12,000 B,
  // so the batch moves as one flow standing for 5, by its split among racks (its outputs not walked): the link is the
  // bottleneck, 60,000 B in 60 s, 1 → 61, then 61 → 62.
  const manySources: TestScenario = {
    nodes: [...Array.from({ length: 60 }, () => ({ reduceSlots: 0 })), { mapSlots: 0 }].map((n) => ({ ...n, diskReadRate: 1000, uplinkBandwidth: 1000 })),
    jobs: [{ maps: Array.from({ length: 60 }, () => ({ work: 1, outputBytes: 1000 })), reduces: [{ work: 1 }] }],
    settings: { parallelCopies: 5 },
  };

  it('copies a batch from many sources as one flow of all the copies, every byte once', () => {
    const shared = run(manySources, 'max-min');
    const a = shared.attempts;
    const reduce = Array.from({ length: a.count }, (_, i) => i).find((i) => a.kind[i] !== KIND_MAP)!;
    expect([a.start[reduce], a.end[reduce]]).toEqual([1, 62]);
    expect(a.bytesIn[reduce]).toBe(60_000);
    expect(checkRunInvariants(shared)).toEqual([]);
  });

  it('drops a failed source from a batch moving as one flow, and copies its re-run', () => {
    // n0 fails at 31, halfway: the flow keeps half of each other node's bytes (29,500 B left, done at 60.5) and drops
    // n0's (carrying them on would end it at 61). m0 runs again once the failure is noticed (31 + 10 = 41), at the
    // heartbeat at 42; the reduce copies its 1,000 B once the flow is done, 60.5 → 61.5, and computes, 61.5 → 62.5.
    const shared = run({ ...manySources, settings: { ...manySources.settings, failures: [{ node: 0, at: 31, recoverAt: null }], trackerExpiry: 10 } }, 'max-min');
    expect(shared.jobs[0].status).toBe('succeeded');
    const a = shared.attempts;
    const reduce = Array.from({ length: a.count }, (_, i) => i).find((i) => a.kind[i] !== KIND_MAP)!;
    expect(a.bytesIn[reduce]).toBe(60_000);
    expect(a.end[reduce]).toBeCloseTo(62.5, 9);
    expect(checkRunInvariants(shared)).toEqual([]);
  });

  it('is the default: four reduces fetching 1,000 MB each from one 100 MB/s disk take at least the 40 s the disk needs, together', () => {
    // A scenario file as a user writes it, with no settings: one map (no input, 1 s of work, 4,000 MB of output) runs
    // on one of the nodes; n1–n4 run one reduce each (a quarter of it, no work). Every fetch reads the map's node's disk.
    const reducer = '{ id: NODE, mapSlots: 1, reduceSlots: 1, diskReadRate: 100 MB/s, bandwidth: 1 Gbps }';
    const text = `
cluster:
  racks:
    - id: r1
      nodes:
        - { id: n0, mapSlots: 1, reduceSlots: 0, diskReadRate: 100 MB/s, bandwidth: 1 Gbps }
${[1, 2, 3, 4].map((n) => `        - ${reducer.replace('NODE', `n${n}`)}`).join('\n')}
jobs:
  - id: j
    submit: 0
    mapTasks: [{ work: 1, outputBytes: 4000 MB }]
    reduceTasks: [${Array.from({ length: 4 }, () => '{ shuffleShare: 0.25, work: 0 }').join(', ')}]
`;
    const scenario = parseScenarioText(text, 'hot-disk.yaml');
    expect(scenario.settings.network).toBe('max-min');
    const record = simulate(scenario, createScheduler(fifoScheduler, scenario));
    const a = record.attempts;
    const reduces = Array.from({ length: a.count }, (_, i) => i).filter((i) => a.kind[i] !== KIND_MAP);
    expect(reduces).toHaveLength(4);
    // They launch at their own heartbeats, so each may take less; together they cannot beat the disk.
    const span = Math.max(...reduces.map((i) => a.end[i])) - Math.min(...reduces.map((i) => a.start[i]));
    expect(span).toBeGreaterThanOrEqual(40 * (1 - 1e-12));
  });
});

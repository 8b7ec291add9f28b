import { describe, expect, it } from 'vitest';
import { KIND_MAP, KIND_REDUCE, type RunRecord } from '../../model/run-record.js';
import { testJobView, type TestJobViewFields } from '../../test-support/job-view.js';
import { testScenario, type TestScenario } from '../../test-support/scenario.js';
import { simulate } from '../../sim/simulate.js';
import { createScheduler } from '../create-scheduler.js';
import type { ClusterView, NodeView } from '../types.js';
import { Hadoop1Limits } from './hadoop1-limits.js';
import { fifoScheduler } from './index.js';

/** A node of `mapSlots` + `reduceSlots` running what is given, in a cluster of `view`'s capacities. */
function limitsAt(
  node: { mapSlots: number; reduceSlots: number; runningMaps?: number; runningReduces?: number },
  view: { mapCapacity: number; reduceCapacity: number; liveNodes: number },
  jobs: TestJobViewFields[],
  padFraction = 0.01,
) {
  const limits = new Hadoop1Limits(padFraction);
  const nodeView = {
    spec: { mapSlots: node.mapSlots, reduceSlots: node.reduceSlots },
    runningMaps: node.runningMaps ?? 0,
    runningReduces: node.runningReduces ?? 0,
  };
  limits.begin(nodeView as NodeView, view as ClusterView, jobs.map((fields, i) => testJobView(i, fields)));
  return { maps: limits.maps, reduces: limits.reduces, reducesToHeadOnly: limits.reducesToHeadOnly };
}

/** A job spec with `maps` maps and `reduces` reduces, for the padding's sums. */
function tasks(maps: number, reduces: number) {
  return {
    ...testJobView(0).spec,
    mapCount: maps,
    maps: Array.from({ length: maps }, () => ({ inputBytes: 0, replicas: [] })),
    reduceCount: reduces,
  };
}

describe('the load cap', () => {
  it('lets a node run maps only up to its share of the remaining load', () => {
    // 10 maps left (4 pending + 6 running) on 40 map slots: load factor 0.25; a 4-slot node runs
    // min(ceil(0.25 × 4), 4) = 1 map, and it runs 1 already: it takes none.
    const limits = limitsAt({ mapSlots: 4, reduceSlots: 2, runningMaps: 1 }, { mapCapacity: 40, reduceCapacity: 20, liveNodes: 10 }, [
      { pendingMaps: 4, runningMaps: 6 },
    ]);
    expect(limits.maps).toBe(0);
  });

  it('rounds the share up and never past the node’s slots', () => {
    // 11 maps left on 40 slots: 0.275 × 4 = 1.1, rounded up to 2. 100 maps left: 2.5 × 4 = 10, capped at 4.
    const at = (pendingMaps: number) => limitsAt({ mapSlots: 4, reduceSlots: 2 }, { mapCapacity: 40, reduceCapacity: 20, liveNodes: 10 }, [{ pendingMaps }]).maps;
    expect(at(11)).toBe(2);
    expect(at(100)).toBe(4);
  });

  it('counts reduces only of jobs past slow-start', () => {
    // Job 0: 3 reduces pending, not past slow-start (none runnable, none running): not counted.
    // Job 1: past slow-start, 1 pending + 1 running: 2 on 20 reduce slots, factor 0.1; ceil(0.1 × 2) = 1 reduce
    // for a node with 2 reduce slots, none running: it may take 1.
    const limits = limitsAt({ mapSlots: 4, reduceSlots: 2 }, { mapCapacity: 40, reduceCapacity: 20, liveNodes: 10 }, [
      { pendingReduces: 3 },
      { pendingReduces: 1, runningReduces: 1, hasRunnableReduce: true },
    ]);
    expect(limits.reduces).toBe(1);
  });
});

describe('the padding (mapred.jobtracker.taskalloc.capacitypad)', () => {
  const cluster = { mapCapacity: 8, reduceCapacity: 4, liveNodes: 4 };

  it('lets a node take one map when the running maps and the reserve reach the capacity', () => {
    // A job of 200 maps and 1 reduce: reserve min(2 slots, ⌊200 × 0.01⌋ = 2) = 2; 6 maps running + 2 ≥ 8.
    const job = { spec: tasks(200, 1), pendingMaps: 194, runningMaps: 6 };
    expect(limitsAt({ mapSlots: 2, reduceSlots: 1 }, cluster, [job]).maps).toBe(1);
    // With 5 running, 5 + 2 < 8: both free slots.
    expect(limitsAt({ mapSlots: 2, reduceSlots: 1 }, cluster, [{ ...job, pendingMaps: 195, runningMaps: 5 }]).maps).toBe(2);
  });

  it('reserves nothing for jobs without reduces, nor on clusters of 3 nodes or fewer, as Hadoop', () => {
    const mapOnly = { spec: tasks(200, 0), pendingMaps: 194, runningMaps: 6 };
    expect(limitsAt({ mapSlots: 2, reduceSlots: 1 }, cluster, [mapOnly]).maps).toBe(2);
    const withReduce = { spec: tasks(200, 1), pendingMaps: 194, runningMaps: 6 };
    expect(limitsAt({ mapSlots: 2, reduceSlots: 1 }, { ...cluster, liveNodes: 3 }, [withReduce]).maps).toBe(2);
  });

  it('keeps a reduce slot for the first job with reduces when the reduces reach the capacity', () => {
    // Reserve min(1 slot, ⌊4 reduces × 0.5⌋ = 2) = 1; 3 running + 1 ≥ 4.
    const job = { spec: tasks(1, 4), succeededMaps: 1, pendingReduces: 1, runningReduces: 3, hasRunnableReduce: true };
    expect(limitsAt({ mapSlots: 2, reduceSlots: 1 }, cluster, [job], 0.5).reducesToHeadOnly).toBe(true);
    expect(limitsAt({ mapSlots: 2, reduceSlots: 1 }, cluster, [job], 0).reducesToHeadOnly).toBe(false);
  });
});

function runFifo(spec: TestScenario, fifo: Record<string, unknown>): RunRecord {
  const scenario = testScenario({ ...spec, schedulerOptions: { fifo } });
  return simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
}

function launches(run: RunRecord, kind: number) {
  const a = run.attempts;
  const rows: { job: number; task: number; node: number; start: number }[] = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === kind) rows.push({ job: a.job[i], task: a.task[i], node: a.node[i], start: a.start[i] });
  return rows;
}

describe('fifo with hadoop1Limits, hand-computed', () => {
  it('refuses a node a map by the load cap, and the next node takes it', () => {
    // Two 4-slot nodes in one rack, heartbeats at 1, 2, … in node order; a job at 0.5 of 2 maps whose
    // input is on n0. At 1: load factor 2 / 8 = 0.25, n0 may run min(ceil(0.25 × 4), 4) = 1 map: map0
    // (node-local). n1 (2 maps left, still 0.25) takes map1, rack-local. Without the limits n0 takes both.
    const spec: TestScenario = {
      nodes: [{ mapSlots: 4, reduceSlots: 0 }, { mapSlots: 4, reduceSlots: 0 }],
      jobs: [{ submit: 0.5, maps: [{ inputBytes: 10, replicas: [0], work: 5 }, { inputBytes: 10, replicas: [0], work: 5 }] }],
    };
    expect(launches(runFifo(spec, { hadoop1Limits: true }), KIND_MAP)).toEqual([
      { job: 0, task: 0, node: 0, start: 1 },
      { job: 0, task: 1, node: 1, start: 1 },
    ]);
    expect(launches(runFifo(spec, {}), KIND_MAP).map((r) => r.node)).toEqual([0, 0]);
  });

  it('lets the last node to fill take one map while the padding is reached', () => {
    // Four nodes of 2 map slots (capacity 8) in one rack, a job of 200 maps with input on every node and
    // 1 reduce. At 1, in node order, running maps + reserve min(2, ⌊200 × 0.01⌋) = 2: n0 0 + 2, n1 2 + 2,
    // n2 4 + 2 < 8, two maps each; n3 6 + 2 ≥ 8: one map. At 2 (7 running, still ≥ 8) n3 takes its second.
    const spec: TestScenario = {
      nodes: [{ mapSlots: 2 }, { mapSlots: 2 }, { mapSlots: 2 }, { mapSlots: 2 }],
      jobs: [{ submit: 0.5, maps: Array.from({ length: 200 }, () => ({ inputBytes: 10, replicas: [0, 1, 2, 3], work: 100 })), reduces: [{ work: 1 }] }],
    };
    const onN3 = (run: RunRecord) => launches(run, KIND_MAP).filter((r) => r.node === 3 && r.start <= 2).map((r) => r.start);
    expect(onN3(runFifo(spec, { hadoop1Limits: true }))).toEqual([1, 2]);
    expect(onN3(runFifo(spec, { hadoop1Limits: true, padFraction: 0 }))).toEqual([1, 1]);
  });

  it('keeps the reduce slot for the first job while the padding is reached', () => {
    // Four nodes of 1 map + 1 reduce slot. Job A (at 0.5): one map of work 100 and a reduce; job B (at 0.6):
    // one map of work 0.1 and 4 reduces. At 1: n0 takes A's map (no input: non-local, the heartbeat's
    // last), n1 B's map (ends 1.1). At 2 B is past slow-start: n0, n1, n2 take B's reduces 0–2 (running
    // 0, 1, 2 + reserve min(1, ⌊5 reduces × 0.5⌋) < 4). n3: 3 + 1 ≥ 4, so only A (first with reduces) may
    // have the slot, and A is not past slow-start: n3 stays empty until A's map ends at 101, then takes
    // A's reduce at 101; B's reduce 3 waits for a free slot (n0's reduce ends at 102).
    const spec: TestScenario = {
      nodes: [{}, {}, {}, {}],
      jobs: [
        { submit: 0.5, maps: [{ work: 100 }], reduces: [{ work: 100 }] },
        { submit: 0.6, maps: [{ work: 0.1 }], reduces: [{ work: 100 }, { work: 100 }, { work: 100 }, { work: 100 }] },
      ],
    };
    const reduceStarts = (run: RunRecord) => launches(run, KIND_REDUCE).map((r) => [r.job, r.task, r.node, r.start]);
    expect(reduceStarts(runFifo(spec, { hadoop1Limits: true, padFraction: 0.5 }))).toEqual([
      [1, 0, 0, 2],
      [1, 1, 1, 2],
      [1, 2, 2, 2],
      [0, 0, 3, 101],
      [1, 3, 0, 102],
    ]);
    // No reserve: n3 takes B's reduce 3 at 2.
    expect(reduceStarts(runFifo(spec, { hadoop1Limits: true, padFraction: 0 }))[3]).toEqual([1, 3, 3, 2]);
  });
});

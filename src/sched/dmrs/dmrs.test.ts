import { beforeAll, describe, expect, it } from 'vitest';
import { computeMetrics } from '../../metrics/index.js';
import { KIND_MAP, STATUS_SUCCEEDED, type RunRecord } from '../../model/run-record.js';
import type { Scenario } from '../../model/scenario.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { loadLinearSolver, type LinearSolver } from '../../solvers/linear-program.js';
import { testScenario, type TestNode, type TestScenario } from '../../test-support/scenario.js';
import { scheduledRun } from '../../test-support/scheduled-run.js';
import type { SchedulerFactory } from '../types.js';
import type { DmrsPolicy } from './dmrs-policy.js';
import { dmrsMapOnlyScheduler, dmrsScheduler } from './index.js';

let solver: LinearSolver;
beforeAll(async () => {
  solver = await loadLinearSolver();
});

/** A node of one container (one task at a time, map or reduce), as the paper's VMs. */
const vm = (speed: number): TestNode => ({ speed, slotModel: 'unified', mapSlots: 1, reduceSlots: 1, totalSlots: 1 });

function run(factory: SchedulerFactory, spec: TestScenario): { record: RunRecord; policy: DmrsPolicy; scenario: Scenario } {
  const scenario = testScenario(spec);
  const { run: record, policy } = scheduledRun<DmrsPolicy>(scenario, factory.name, { solver, alignHeartbeats: true });
  return { record, policy, scenario };
}

/** Attempts as `job kind task @node [start, end]`, in launch order. */
function attempts(record: RunRecord): string[] {
  const a = record.attempts;
  return Array.from({ length: a.count }, (_, i) => `${record.jobs[a.job[i]].id} ${a.kind[i] === KIND_MAP ? 'm' : 'r'}${a.task[i]} @n${a.node[i]} [${a.start[i]}, ${a.end[i]}]`);
}

// The worked instance of docs/algorithms/dmrs.md as a scenario: n0 of speed 2 and n1 of speed 1, one
// container each; task work as the sizes, no data read or shuffled, so a task of work w takes w / speed.
const WORKED: TestScenario = {
  nodes: [vm(2), vm(1)],
  jobs: [
    { id: 'J1', weight: 1, maps: [{ work: 4 }, { work: 4 }, { work: 2 }], reduces: [{ work: 3 }] },
    { id: 'J2', weight: 2, maps: [{ work: 6 }, { work: 2 }], reduces: [{ work: 2 }, { work: 2 }] },
    { id: 'J3', weight: 1, maps: [{ work: 1 }], reduces: [{ work: 1 }] },
  ],
  settings: { outOfBandHeartbeat: true },
};
const withOptions = (spec: TestScenario, name: string, options: Record<string, unknown>): TestScenario => ({ ...spec, schedulerOptions: { [name]: options } });

describe('the dmrs scheduler, hand-computed', () => {
  it('runs the worked instance as the offline DMRS schedule: order J3, J2, J1, Σ w·C = 22.5', () => {
    // The plan at time 0 is the list schedule of docs/algorithms/dmrs.md (J3 → J2 → J1, each task where it
    // ends first): n0 runs J3 m0 [0, 0.5], J3 r0 [0.5, 1], J2 m0 [1, 4], J2 r0 [4, 5], J2 r1 [5, 6],
    // J1 m1 [6, 8], J1 r0 [8, 9.5]; n1 runs J2 m1 [0, 2], J1 m0 [2, 6], J1 m2 [6, 8]. With the true work
    // (oracle) and a heartbeat whenever a task ends, every task starts when planned: C = (9.5, 6, 1).
    const { record, policy } = run(dmrsScheduler, withOptions(WORKED, 'dmrs', { estimates: 'oracle' }));
    expect(attempts(record)).toEqual([
      'J3 m0 @n0 [0, 0.5]',
      'J2 m1 @n1 [0, 2]',
      'J3 r0 @n0 [0.5, 1]',
      'J2 m0 @n0 [1, 4]',
      'J1 m0 @n1 [2, 6]',
      'J2 r0 @n0 [4, 5]',
      'J2 r1 @n0 [5, 6]',
      'J1 m2 @n1 [6, 8]',
      'J1 m1 @n0 [6, 8]',
      'J1 r0 @n0 [8, 9.5]',
    ]);
    expect(computeMetrics(record).totalWeightedCompletionTime).toBe(22.5);
    expect(policy.statistics).toMatchObject({ lpSolves: 1, plansOnArrival: 1, plansOnDeviation: 0, plansOnFailure: 0, tasksPlaced: 10 });
  });

  it('solves the same LP by cutting planes, warm-started, and runs the same schedule', () => {
    const greedy = run(dmrsScheduler, withOptions(WORKED, 'dmrs', { estimates: 'oracle' }));
    const cuts = run(dmrsScheduler, withOptions(WORKED, 'dmrs', { estimates: 'oracle', lp: 'cuts' }));
    expect(attempts(cuts.record)).toEqual(attempts(greedy.record));
    expect(cuts.policy.statistics.lpRounds).toBeGreaterThan(0);
  });

  it('dmrs-map-only runs the offline map-only schedule: reduces dealt n0, n1, n0, n1, Σ w·C = 25', () => {
    // docs/algorithms/dmrs.md's map-only baseline: J3 r0 → n0, J2 r0 → n1 [4, 6], J2 r1 → n0 [4, 5],
    // J1 r0 → n1 [9, 12]; C = (12, 6, 1).
    const { record } = run(dmrsMapOnlyScheduler, withOptions(WORKED, 'dmrs-map-only', { estimates: 'oracle' }));
    expect(attempts(record).filter((a) => a.includes(' r'))).toEqual(['J3 r0 @n0 [0.5, 1]', 'J2 r0 @n1 [4, 6]', 'J2 r1 @n0 [4, 5]', 'J1 r0 @n1 [9, 12]']);
    expect(computeMetrics(record).totalWeightedCompletionTime).toBe(25);
  });

  it('starts no reduce before its job’s last map ends, even with slow-start 0', () => {
    const { record } = run(dmrsScheduler, { ...WORKED, settings: { outOfBandHeartbeat: true, slowStart: 0 } });
    expect(checkRunInvariants(record)).toEqual([]);
    const a = record.attempts;
    for (let i = 0; i < a.count; i++) {
      if (a.kind[i] !== KIND_MAP) expect(a.start[i]).toBeGreaterThanOrEqual(record.jobs[a.job[i]].mapsDone!);
    }
  });
});

describe('the dmrs scheduler re-plans', () => {
  // n0 (speed 2) and n1 (speed 1), one container each, heartbeats every second. The estimates are the true
  // work (oracle), but a map's input read is not in its work: m0 reads 1,000 B from n0's disk at 100 B/s.
  // Plan at 0 (largest first: m0 4, m2 3, m1 1): m0 → n0 [0, 2] (n1: 4); m2 → n1 [0, 3] (n0: 3.5);
  // m1 → n0 [2, 2.5] (n1: 4). m0 really takes 10 + 4/2 = 12 s. At 4 (n1's heartbeat) m0 is past its
  // estimated end 2 by more than a heartbeat: the plan is re-made with n0 free at 4 + 1 = 5 (an overdue
  // task is given one more heartbeat) and n1 free at 4: m1 ends first on n1, at 5 (n0: 5.5).
  const overrun: TestScenario = {
    nodes: [vm(2), vm(1)],
    jobs: [{ maps: [{ inputBytes: 1000, replicas: [0], work: 4 }, { work: 1 }, { work: 3 }] }],
  };

  it('when a task runs longer than estimated: the task queued behind it moves to the free node', () => {
    const { record, policy } = run(dmrsScheduler, withOptions(overrun, 'dmrs', { estimates: 'oracle', replanInterval: 1 }));
    expect(attempts(record)).toEqual(['j0 m0 @n0 [0, 12]', 'j0 m2 @n1 [0, 3]', 'j0 m1 @n1 [4, 5]']);
    expect(policy.statistics.plansOnDeviation).toBe(1);
  });

  it('not sooner than its interval allows: with a long interval the queued task waits behind the late one', () => {
    const { record, policy } = run(dmrsScheduler, withOptions(overrun, 'dmrs', { estimates: 'oracle', replanInterval: 100 }));
    expect(attempts(record)).toEqual(['j0 m0 @n0 [0, 12]', 'j0 m2 @n1 [0, 3]', 'j0 m1 @n0 [12, 12.5]']);
    expect(policy.statistics.plansOnDeviation).toBe(0);
  });

  it('when a node fails: its queue goes to the live node and every map succeeds', () => {
    // Two nodes of speed 1, four maps of work 2 planned n0: m0 [0, 2], m2 [2, 4]; n1: m1 [0, 2], m3 [2, 4].
    // n1 fails at 1, and m1 with it. At n0's next heartbeat (2) the plan is re-made over n0 alone, with the
    // maps not running, largest first and ties by index: m1 [2, 4], m2 [4, 6], m3 [6, 8].
    const { record, policy } = run(dmrsScheduler, {
      nodes: [vm(1), vm(1)],
      jobs: [{ maps: Array.from({ length: 4 }, () => ({ work: 2 })) }],
      settings: { failures: [{ node: 1, at: 1, recoverAt: null }] },
    });
    expect(checkRunInvariants(record)).toEqual([]);
    expect(attempts(record)).toEqual(['j0 m0 @n0 [0, 2]', 'j0 m1 @n1 [0, 1]', 'j0 m1 @n0 [2, 4]', 'j0 m2 @n0 [4, 6]', 'j0 m3 @n0 [6, 8]']);
    expect(record.attempts.status[1]).not.toBe(STATUS_SUCCEEDED);
    expect(policy.statistics.plansOnFailure).toBe(1);
  });
});

describe('learned and oracle estimates', () => {
  // One node of speed 1, disk 100 B/s. Job A: one map reading 100 B, work 10 (1 + 10 = 11 s); job B: one
  // map reading 200 B, work 1 (2 + 1 = 3 s); weight 1 each. Before any task has ended, learned estimates
  // take a map for its input read at the disk rate (A 1 s, B 2 s) and put A first: A [0, 11], B [11, 14],
  // Σ w·C = 25. The oracle knows A is the longer and puts B first: B [0, 3], A [3, 14], Σ w·C = 17.
  const twoJobs: TestScenario = {
    nodes: [vm(1)],
    jobs: [
      { id: 'A', maps: [{ inputBytes: 100, replicas: [0], work: 10 }] },
      { id: 'B', maps: [{ inputBytes: 200, replicas: [0], work: 1 }] },
    ],
    settings: { outOfBandHeartbeat: true },
  };

  it('order the jobs differently, and the oracle’s order is the better one', () => {
    const learned = run(dmrsScheduler, twoJobs).record;
    const oracle = run(dmrsScheduler, withOptions(twoJobs, 'dmrs', { estimates: 'oracle' })).record;
    expect(attempts(learned)).toEqual(['A m0 @n0 [0, 11]', 'B m0 @n0 [11, 14]']);
    expect(attempts(oracle)).toEqual(['B m0 @n0 [0, 3]', 'A m0 @n0 [3, 14]']);
    expect(computeMetrics(learned).totalWeightedCompletionTime).toBe(25);
    expect(computeMetrics(oracle).totalWeightedCompletionTime).toBe(17);
  });
});

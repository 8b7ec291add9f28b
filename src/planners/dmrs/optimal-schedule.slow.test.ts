import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearSolver, type LinearSolver } from '../../solvers/linear-program.js';
import { inputErrorOf } from '../../test-support/input-error.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { OPTIMAL_LIMITS, optimalSchedule } from './optimal-schedule.js';
import { replaySchedule, type Placement } from './schedule.js';
import { scheduleProblems } from './schedule-check.js';
import { smallInstances } from './test-support/small-instances.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

let solver: LinearSolver;
beforeAll(async () => {
  solver = await loadLinearSolver();
});

/**
 * The least Σ w C over every list of the tasks (a job's maps before its
 * reduces) and every choice of machines, each list run with every task as
 * early as possible. Every schedule can be shifted left into one of these
 * without any completion growing, so this is the optimum.
 */
function bruteForceOptimum(instance: DmrsInstance): number {
  const tasks = instance.jobs.flatMap((job, j) => [
    ...job.maps.map((_, task) => ({ job: j, kind: 'map' as const, task })),
    ...job.reduces.map((_, task) => ({ job: j, kind: 'reduce' as const, task })),
  ]);
  const M = instance.machines.length;
  let best = Infinity;
  const list: (typeof tasks)[number][] = [];
  const used = new Array<boolean>(tasks.length).fill(false);
  const mapsLeft = instance.jobs.map((job) => job.maps.length);
  const extend = () => {
    if (list.length === tasks.length) {
      for (let code = 0; code < M ** tasks.length; code++) {
        let rest = code;
        const placements: Placement[] = list.map((t) => {
          const machine = rest % M;
          rest = Math.floor(rest / M);
          return { ...t, machine };
        });
        best = Math.min(best, replaySchedule(instance, placements).objective);
      }
      return;
    }
    tasks.forEach((t, k) => {
      if (used[k] || (t.kind === 'reduce' && mapsLeft[t.job] > 0)) return;
      used[k] = true;
      if (t.kind === 'map') mapsLeft[t.job]--;
      list.push(t);
      extend();
      list.pop();
      if (t.kind === 'map') mapsLeft[t.job]++;
      used[k] = false;
    });
  };
  extend();
  return best;
}

describe('the optimal schedule (MIP)', () => {
  it('equals the best of every list and machine choice on random instances of up to 5 tasks', () => {
    fc.assert(
      fc.property(smallInstances({ maxMachines: 2, maxJobs: 3, maxMaps: 2, maxReduces: 2, maxTasks: 5 }), (instance) => {
        const optimal = optimalSchedule(solver, instance);
        expect(optimal.status).toBe('optimal');
        expect(scheduleProblems(instance, optimal.schedule!)).toEqual([]);
        const brute = bruteForceOptimum(instance);
        expect(Math.abs(optimal.schedule!.objective - brute)).toBeLessThanOrEqual(1e-6 * Math.max(1, brute));
      }),
      { numRuns: 40 },
    );
  });

  it('solves a job of weight 0 on identical machines, which the merging of parallel columns in HiGHS made infeasible (fast-check seed 76907130)', () => {
    const instance: DmrsInstance = {
      machines: [{ id: 'm1', speed: 1.5 }, { id: 'm2', speed: 1.5 }],
      jobs: [{ id: 'J1', weight: 0, release: 0, maps: [9], reduces: [3, 2] }],
    };
    const optimal = optimalSchedule(solver, instance);
    expect(optimal.status).toBe('optimal');
    expect(scheduleProblems(instance, optimal.schedule!)).toEqual([]);
    expect(optimal.schedule!.objective).toBeCloseTo(bruteForceOptimum(instance), 9);
  });

  it('proves DMRS optimal on the worked instance: 22.5', () => {
    const optimal = optimalSchedule(solver, WORKED_INSTANCE);
    expect(optimal.status).toBe('optimal');
    expect(optimal.schedule!.objective).toBeCloseTo(22.5, 9);
    expect(scheduleProblems(WORKED_INSTANCE, optimal.schedule!)).toEqual([]);
  });

  it('solves again without the known objective when HiGHS fails on the model it bounds (a zero-length reduce, found by the planners property test)', () => {
    const instance: DmrsInstance = {
      machines: [{ id: 'm0', speed: 0.5 }, { id: 'm1', speed: 2 }, { id: 'm2', speed: 3 }],
      jobs: [{ id: 'J1', weight: 1, release: 0, maps: [6], reduces: [0, 1] }],
    };
    // 7/3 is DMRS's objective here and the optimum: HiGHS ends the bounded model with error −1.
    const optimal = optimalSchedule(solver, instance, { upperBound: 7 / 3 });
    expect(optimal.status).toBe('optimal');
    expect(optimal.schedule!.objective).toBeCloseTo(7 / 3, 9);
    expect(scheduleProblems(instance, optimal.schedule!)).toEqual([]);
  });

  it('solves again without the known objective when HiGHS calls the model it bounds infeasible (a zero-length map on one machine, found by the planners property test)', () => {
    const instance: DmrsInstance = {
      machines: [{ id: 'm1', speed: 0.5 }],
      jobs: [
        { id: 'J1', weight: 1, release: 0, maps: [1, 2], reduces: [12] },
        { id: 'J2', weight: 5, release: 0, maps: [1, 0], reduces: [] },
      ],
    };
    // 42 is DMRS's objective here and the optimum (J2's maps first, then J1's tasks: 5 × 2 + 32).
    const optimal = optimalSchedule(solver, instance, { upperBound: 42 });
    expect(optimal.status).toBe('optimal');
    expect(optimal.schedule!.objective).toBeCloseTo(42, 9);
    expect(scheduleProblems(instance, optimal.schedule!)).toEqual([]);
  });

  it('reports a time limit as a status: feasible with a schedule, or timedout without one', () => {
    const instance: DmrsInstance = {
      machines: [{ id: 'a', speed: 1 }, { id: 'b', speed: 2 }, { id: 'c', speed: 3 }],
      jobs: Array.from({ length: 8 }, (_, j) => ({ id: `J${j}`, weight: 1 + (j % 5), release: j % 3, maps: [1 + (j % 4)], reduces: [2 + (j % 3)] })),
    };
    const stopped = optimalSchedule(solver, instance, { timeLimitSeconds: 0.01 });
    expect(['feasible', 'timedout']).toContain(stopped.status);
    if (stopped.status === 'feasible') expect(scheduleProblems(instance, stopped.schedule!)).toEqual([]);
    else expect(stopped.schedule).toBeUndefined();
  });

  it(`refuses more than ${OPTIMAL_LIMITS.tasks} tasks, naming the field`, () => {
    const instance: DmrsInstance = { machines: [{ id: 'a', speed: 1 }], jobs: [{ id: 'j', weight: 1, release: 0, maps: new Array<number>(OPTIMAL_LIMITS.tasks).fill(1), reduces: [1] }] };
    const error = inputErrorOf(() => optimalSchedule(solver, instance, {}, 'x.yaml'));
    expect(error.problems[0]).toMatchObject({ path: 'jobs', found: `${OPTIMAL_LIMITS.tasks + 1} tasks` });
  });

  it(`refuses more than ${OPTIMAL_LIMITS.machines} machines, naming the field`, () => {
    const machines = Array.from({ length: OPTIMAL_LIMITS.machines + 1 }, (_, i) => ({ id: `m${i}`, speed: 1 }));
    const error = inputErrorOf(() => optimalSchedule(solver, { machines, jobs: [{ id: 'j', weight: 1, release: 0, maps: [1], reduces: [] }] }, {}, 'x.yaml'));
    expect(error.problems[0]).toMatchObject({ path: 'machines', found: `${OPTIMAL_LIMITS.machines + 1} machines` });
  });
});

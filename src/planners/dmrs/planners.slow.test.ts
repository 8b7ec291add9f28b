import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearSolver, type LinearSolver } from '../../solvers/linear-program.js';
import { inputErrorOf } from '../../test-support/input-error.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { lpData } from './lp-data.js';
import { DMRS_ALGORITHMS, planDmrsSchedule } from './planners.js';
import { scheduleProblems } from './schedule-check.js';
import { separate } from './separation-oracle.js';
import { smallInstances } from './test-support/small-instances.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

let solver: LinearSolver;
beforeAll(async () => {
  solver = await loadLinearSolver();
});

/** The plan's schedule by indices again, for the independent check. */
function scheduleOf(instance: DmrsInstance, plan: ReturnType<typeof planDmrsSchedule>) {
  const job = new Map(instance.jobs.map((j, k) => [j.id, k]));
  const machine = new Map(instance.machines.map((m, i) => [m.id, i]));
  return {
    tasks: plan.schedule.map((t) => ({ ...t, job: job.get(t.job)!, machine: machine.get(t.machine)! })),
    completions: Float64Array.from(instance.jobs, (j) => plan.completions[j.id]),
    objective: plan.objective!,
  };
}

describe('the DMRS planners', () => {
  it('report the worked instance: DMRS 22.5 in the order J3, J2, J1, LP 173/9, D = 1, bound 4, optimal', () => {
    const plan = planDmrsSchedule(solver, WORKED_INSTANCE, 'dmrs', { withOptimum: true });
    expect(plan).toMatchObject({ algorithm: 'dmrs', objective: 22.5, lpStatus: 'optimal', skew: 1, theoremBound: 4, order: ['J3', 'J2', 'J1'] });
    expect(plan.lpBound).toBeCloseTo(173 / 9, 12);
    expect(plan.ratio).toBeCloseTo(22.5 / (173 / 9), 12);
    expect(plan.completions).toEqual({ J1: 9.5, J2: 6, J3: 1 });
    expect(plan.optimum).toEqual({ status: 'optimal', objective: expect.closeTo(22.5, 9) });
    expect(plan.gap).toBeCloseTo(0, 9);
  });

  it('every algorithm gives a feasible schedule with its objective right, and LP ≤ optimal ≤ DMRS ≤ theoremBound × LP', () => {
    fc.assert(
      fc.property(smallInstances({ maxMachines: 3, maxJobs: 4, maxMaps: 3, maxReduces: 2, maxTasks: 7 }), (instance) => {
        const plans = DMRS_ALGORITHMS.map((algorithm) => planDmrsSchedule(solver, instance, algorithm));
        for (const plan of plans) {
          expect(plan.lpStatus).toBe('optimal');
          expect(scheduleProblems(instance, scheduleOf(instance, plan))).toEqual([]);
        }
        const [dmrs, , , , optimal] = plans;
        const slack = 1e-7 * Math.max(1, dmrs.lpBound);
        expect(optimal.lpBound).toBeLessThanOrEqual(optimal.objective! + slack);
        for (const plan of plans) expect(optimal.objective!).toBeLessThanOrEqual(plan.objective! + slack);
        expect(dmrs.objective!).toBeLessThanOrEqual(dmrs.theoremBound * dmrs.lpBound + slack);
      }),
      { numRuns: 30 },
    );
  });

  it('every schedule any of them gives meets (2) and (7) at its completion times', () => {
    fc.assert(
      fc.property(smallInstances({ maxMachines: 4, maxJobs: 8, maxMaps: 4, maxReduces: 3 }), (instance) => {
        const data = lpData(instance);
        for (const algorithm of DMRS_ALGORITHMS.filter((a) => a !== 'optimal')) {
          const plan = planDmrsSchedule(solver, instance, algorithm);
          const oracle = separate(Float64Array.from(instance.jobs, (j) => plan.completions[j.id]), data.processing, data.lowerBound, 1e-9);
          expect(oracle.violatedPrefixes).toEqual([]);
          expect(oracle.belowLowerBound).toEqual([]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('keep DMRS within the bound of Theorem 1 on larger random instances', () => {
    fc.assert(
      fc.property(smallInstances({ maxMachines: 6, maxJobs: 12, maxMaps: 6, maxReduces: 4 }), (instance) => {
        const plan = planDmrsSchedule(solver, instance, 'dmrs');
        expect(plan.objective!).toBeLessThanOrEqual(plan.theoremBound * plan.lpBound * (1 + 1e-9) + 1e-9);
      }),
      { numRuns: 100 },
    );
  });

  it('refuse an instance that breaks the model, naming every field', () => {
    const bad: DmrsInstance = {
      machines: [{ id: 'a', speed: 0 }, { id: 'a', speed: 1 }],
      jobs: [{ id: 'j', weight: -1, release: 0, maps: [-2], reduces: [] }],
    };
    const error = inputErrorOf(() => planDmrsSchedule(solver, bad, 'fifo', { source: 'lib' }));
    expect(error.problems.map((p) => `${p.path}: ${p.found}`)).toEqual(["machines[1].id: 'a' again", 'machines[0].speed: 0', 'jobs[0].weight: -1', 'jobs[0].maps[0]: -2']);
  });
});

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearSolver, type LinearSolver } from '../../solvers/linear-program.js';
import { inputErrorOf } from '../../test-support/input-error.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { lpData } from './lp-data.js';
import { COMPACT_MAX_JOBS, solveLpMapReduce } from './lp-mapreduce.js';
import { LP_METHODS } from './lp-solution.js';
import { separate } from './separation-oracle.js';
import { smallInstances } from './test-support/small-instances.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

let solver: LinearSolver;
beforeAll(async () => {
  solver = await loadLinearSolver();
});

const relative = (a: number, b: number) => Math.abs(a - b) / Math.max(1e-12, Math.abs(b));

describe('LP-MapReduce on the worked instance (spec 2.8)', () => {
  // p = D/σ_M = (13, 12, 2)/3, lower bounds (7) = (29/6, 13/3, 1), w = (1, 2, 1).
  // At C̄ = (9, 83/18, 1):
  //   A = {2, 3}: 12·83/18 + 2·1 = 166/3 + 2 = 172/3 = (14² + 12² + 2²)/6: tight.
  //   A = {1, 2, 3}: 13·9 + 172/3 = 523/3 = (27² + 13² + 12² + 2²)/6 = 1046/6: tight.
  //   {1}: 117 ≥ 338/6; {2}: 55.3 ≥ 48; {1, 2}: 172.3 ≥ 938/6; {1, 3}: 119 ≥ 398/6; C̄ ≥ (7). Feasible.
  // Optimal by duals: y_all = 1/13 (C1), y_23 = (2 − 12/13)/12 = 7/78 (C2), and the bound on C3
  // carries 1 − 2/13 − 14/78 = 2/3. Dual value: 523/39 + 7·172/234 + 2/3 = 4498/234 = 173/9.
  it.each(LP_METHODS)('%s: optimum 173/9 at C̄ = (9, 83/18, 1)', (method) => {
    const lp = solveLpMapReduce(solver, WORKED_INSTANCE, method);
    expect(lp.status).toBe('optimal');
    expect(relative(lp.bound, 173 / 9)).toBeLessThan(1e-9);
    expect(lp.completions[0]).toBeCloseTo(9, 9);
    expect(lp.completions[1]).toBeCloseTo(83 / 18, 9);
    expect(lp.completions[2]).toBeCloseTo(1, 9);
  });

  it('cuts: the tight cuts it returns are {J3, J2} and {J3, J2, J1}', () => {
    const lp = solveLpMapReduce(solver, WORKED_INSTANCE, 'cuts');
    const sets = lp.cuts.flatMap((family) => family.prefixes.map((k) => [...family.jobs.slice(0, k)].sort()));
    expect(sets).toEqual(expect.arrayContaining([['J2', 'J3'], ['J1', 'J2', 'J3']]));
    expect(sets.every((set) => set.length >= 2)).toBe(true);
  });
});

describe('LP-MapReduce, cutting planes and the greedy against the compact LP', () => {
  it('agree within 1e-6 relative on random instances, the cuts from Smith\'s order or from the bounds (7) alone; the greedy\'s C̄ is feasible', () => {
    fc.assert(
      fc.property(smallInstances({ maxMachines: 5, maxJobs: 9, maxMaps: 4, maxReduces: 3 }), (instance) => {
        const compact = solveLpMapReduce(solver, instance, 'compact');
        expect(compact.status).toBe('optimal');
        const greedy = solveLpMapReduce(solver, instance, 'greedy');
        expect(relative(greedy.bound, compact.bound)).toBeLessThan(1e-6);
        const { processing, lowerBound } = lpData(instance);
        const oracle = separate(greedy.completions, processing, lowerBound, 1e-9);
        expect([oracle.violatedPrefixes, oracle.belowLowerBound]).toEqual([[], []]);
        for (const initialCuts of ['smith', 'none'] as const) {
          const cuts = solveLpMapReduce(solver, instance, 'cuts', { initialCuts });
          expect(cuts.status).toBe('optimal');
          expect(relative(cuts.bound, compact.bound)).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is tight for one job on one machine: C = r + (A^M + A^R)/s', () => {
    const instance: DmrsInstance = { machines: [{ id: 'm', speed: 4 }], jobs: [{ id: 'j', weight: 3, release: 2, maps: [4, 8], reduces: [6, 2] }] };
    for (const method of LP_METHODS) {
      const lp = solveLpMapReduce(solver, instance, method);
      expect(lp.completions[0]).toBe(2 + 20 / 4);
      expect(lp.bound).toBe(3 * 7);
    }
  });
});

/** Ten jobs at time 0 on speeds 1 and 2: from the bounds (7) alone the first point violates (2) badly. */
const TEN_JOBS: DmrsInstance = {
  machines: [{ id: 'a', speed: 1 }, { id: 'b', speed: 2 }],
  jobs: Array.from({ length: 10 }, (_, j) => ({ id: `J${j}`, weight: 1 + (j % 3), release: 0, maps: [3, 2], reduces: [1 + (j % 4)] })),
};

describe('cutting planes between solves', () => {
  it('started from the cuts it returned, reaches the same optimum', () => {
    fc.assert(
      fc.property(smallInstances({ maxMachines: 4, maxJobs: 9, maxMaps: 4, maxReduces: 3 }), (instance) => {
        const first = solveLpMapReduce(solver, instance, 'cuts', { initialCuts: 'none' });
        const again = solveLpMapReduce(solver, instance, 'cuts', { initialCuts: 'none', warmStart: first.cuts });
        expect(again.status).toBe('optimal');
        expect(relative(again.bound, first.bound)).toBeLessThan(1e-9);
      }),
      { numRuns: 100 },
    );
  });

  it('started from the cuts it returned, needs one LP when the optimum is a single point', () => {
    // Ten jobs at time 0 with distinct ratios w/D (from 1/9 to 1/2): the optimum is a single point. Where it
    // is a face (two jobs of equal w/D, say), the LP may land on another point of it that breaks a
    // cut left out, and the oracle adds it back: more rounds, the same optimum.
    const cold = solveLpMapReduce(solver, TEN_JOBS, 'cuts', { initialCuts: 'none' });
    expect(cold.rounds).toBeGreaterThan(2);
    const warm = solveLpMapReduce(solver, TEN_JOBS, 'cuts', { initialCuts: 'none', warmStart: cold.cuts });
    expect(warm.rounds).toBe(1);
    expect(relative(warm.bound, cold.bound)).toBeLessThan(1e-12);
  });

  it('warm-started from the cuts of other jobs (some gone, some new), still reaches the optimum', () => {
    const jobs = smallInstances({ maxMachines: 4, maxJobs: 10, maxMaps: 4, maxReduces: 3 }).filter((instance) => instance.jobs.length >= 4);
    fc.assert(
      fc.property(jobs, (instance) => {
        const before: DmrsInstance = { machines: instance.machines, jobs: instance.jobs.slice(0, -1) };
        const after: DmrsInstance = { machines: instance.machines, jobs: instance.jobs.slice(1) };
        const cuts = solveLpMapReduce(solver, before, 'cuts').cuts;
        const warm = solveLpMapReduce(solver, after, 'cuts', { warmStart: cuts });
        expect(warm.status).toBe('optimal');
        expect(relative(warm.bound, solveLpMapReduce(solver, after, 'compact').bound)).toBeLessThan(1e-6);
      }),
      { numRuns: 60 },
    );
  });

  it('takes a warm start with unknown ids, a repeated id and prefixes out of range, and still finds the optimum', () => {
    const warmStart = [
      { jobs: ['J3', 'nobody', 'J3', 'J2', 'J1'], prefixes: [0, 3, 2.5, 4, 99] },
      { jobs: ['gone'], prefixes: [1] },
    ];
    const lp = solveLpMapReduce(solver, WORKED_INSTANCE, 'cuts', { initialCuts: 'none', warmStart });
    expect(lp.status).toBe('optimal');
    expect(relative(lp.bound, 173 / 9)).toBeLessThan(1e-9);
  });

  it('stopped by its round limit, says timedout and gives a bound between the bounds (7) and the optimum', () => {
    const instance = TEN_JOBS;
    const stopped = solveLpMapReduce(solver, instance, 'cuts', { initialCuts: 'none', maxRounds: 1 });
    const optimum = solveLpMapReduce(solver, instance, 'compact').bound;
    const bounds = lpData(instance).lowerBound.reduce((sum, lb, j) => sum + instance.jobs[j].weight * lb, 0);
    expect(stopped.status).toBe('timedout');
    expect(stopped.rounds).toBe(1);
    expect(stopped.bound).toBeGreaterThan(bounds);
    expect(stopped.bound).toBeLessThan(optimum);
    expect(stopped.cuts.length).toBe(2);
  });

  it('solves an instance without jobs to 0 with no LP', () => {
    const lp = solveLpMapReduce(solver, { machines: [{ id: 'a', speed: 1 }], jobs: [] });
    expect(lp).toMatchObject({ status: 'optimal', bound: 0, rounds: 0 });
  });
});

describe('the greedy on the contrapolymatroid', () => {
  it('agrees with cutting planes on 300 jobs released over time', () => {
    // Larger than the compact LP takes: releases 0 … 99, so many bounds (7) bind and the folded h matters.
    const instance: DmrsInstance = {
      machines: [{ id: 'a', speed: 1 }, { id: 'b', speed: 2 }, { id: 'c', speed: 3 }],
      jobs: Array.from({ length: 300 }, (_, j) => ({ id: `J${j}`, weight: 1 + (j % 5), release: (j * 37) % 100, maps: [1 + (j % 7), 2], reduces: [(j * 3) % 5] })),
    };
    const greedy = solveLpMapReduce(solver, instance, 'greedy');
    const cuts = solveLpMapReduce(solver, instance, 'cuts');
    expect(cuts.status).toBe('optimal');
    expect(relative(greedy.bound, cuts.bound)).toBeLessThan(1e-6);
  });
});

describe('the compact LP', () => {
  it(`refuses more than ${COMPACT_MAX_JOBS} jobs, naming the field`, () => {
    const instance: DmrsInstance = {
      machines: [{ id: 'a', speed: 1 }],
      jobs: Array.from({ length: COMPACT_MAX_JOBS + 1 }, (_, j) => ({ id: `J${j}`, weight: 1, release: 0, maps: [1], reduces: [] })),
    };
    const error = inputErrorOf(() => solveLpMapReduce(solver, instance, 'compact', {}, 'big.json'));
    expect(error.source).toBe('big.json');
    expect(error.problems[0]).toMatchObject({ path: 'jobs', found: `${COMPACT_MAX_JOBS + 1} jobs` });
  });
});

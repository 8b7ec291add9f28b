import { describe, expect, it } from 'vitest';
import { loadLinearSolver } from '../../solvers/linear-program.js';
import { ClassPlan, planClasses } from './class-plan.js';

const solver = await loadLinearSolver();

describe('planClasses', () => {
  it('suggests each type where its class is suggested, in each classification', () => {
    // The 2×2 example (docs/algorithms/adaptive.md): α = (2.45, 2.45), μ = [[9, 5], [2, 1]].
    // Fairness classification (both types): SC(R1) = {C2}, SC(R2) = {C1, C2}.
    // Min-share classification (t0 only, its user has a min share): one class, on both resources.
    const plan = planClasses(
      {
        estimate: {
          resources: ['R1', 'R2'],
          jobTypes: [
            { id: 't0', priority: 1, hasMinShare: true, arrivalRate: 2.45, rates: [9, 5] },
            { id: 't1', priority: 1, hasMinShare: false, arrivalRate: 2.45, rates: [2, 1] },
          ],
        },
        typeIndices: [4, 1],
      },
      6,
      { kind: 'exact' },
      solver,
    );
    const row = (type: number, scope: 'min-share' | 'fairness') => [0, 1].map((k) => plan.suggested(type, k, scope));
    expect(row(4, 'fairness')).toEqual([false, true]);
    expect(row(1, 'fairness')).toEqual([true, true]);
    expect(row(4, 'min-share')).toEqual([true, true]);
    expect(row(1, 'min-share')).toEqual([false, false]);
    // Types the estimate left out (nothing known yet), and types met after the plan: everywhere.
    expect(row(0, 'fairness')).toEqual([true, true]);
    expect(row(9, 'min-share')).toEqual([true, true]);
  });

  it('suggests every type everywhere before the first plan', () => {
    expect(new ClassPlan(3, 0).suggested(2, 1, 'min-share')).toBe(true);
  });
});

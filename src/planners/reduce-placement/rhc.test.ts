import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rhcProbability, rhcRanks, rhcTakesCheapest } from './rhc.js';
import { RhcEstimator } from './rhc-estimator.js';

/**
 * Eq. (13): the expected cost of two jobs of v reducers when job 1 (data u)
 * takes the set B of the 2v cheapest slots (costs sorted ascending), job 2
 * finds it still running with probability p and takes the rest, or the v
 * cheapest if it has left; job 2 brings meanShare per reducer.
 */
function twoJobCost(costs: readonly number[], u: number, v: number, p: number, meanShare: number, set: number): number {
  let taken = 0;
  let left = 0;
  costs.forEach((c, k) => ((set >> k) & 1 ? (taken += c) : (left += c)));
  const cheapest = costs.slice(0, v).reduce((a, b) => a + b, 0);
  return (u / v) * taken + p * meanShare * left + (1 - p) * meanShare * cheapest;
}

describe('receding-horizon control (Theorem 4)', () => {
  it('picks a split of least expected cost: brute force over all v-subsets of the 2v cheapest slots, v ≤ 4', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((v) =>
          fc.record({
            v: fc.constant(v),
            costs: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 2 * v, maxLength: 2 * v }),
            u: fc.double({ min: 0.01, max: 400, noNaN: true }),
            p: fc.double({ min: 0, max: 1, noNaN: true }),
            meanShare: fc.double({ min: 0.01, max: 100, noNaN: true }),
          }),
        ),
        ({ v, costs, u, p, meanShare }) => {
          const sorted = [...costs].sort((a, b) => a - b);
          let best = Infinity;
          for (let set = 0; set < 1 << (2 * v); set++) {
            let size = 0;
            for (let s = set; s > 0; s &= s - 1) size++;
            if (size === v) best = Math.min(best, twoJobCost(sorted, u, v, p, meanShare, set));
          }
          const ruleSet = rhcRanks(2 * v, { data: u, reducers: v }, p, meanShare).reduce((set, rank) => set | (1 << rank), 0);
          expect(twoJobCost(sorted, u, v, p, meanShare, ruleSet)).toBeCloseTo(best, 6);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes the cheapest R when X ≥ R·p·E[X/R], else ranks R … 2R−1; greedy when fewer than 2R slots are free', () => {
    // R = 2, p = 1/3, E[X/R] = 30: threshold 2·(1/3)·30 = 20.
    expect(rhcTakesCheapest({ data: 20, reducers: 2 }, 1 / 3, 30)).toBe(true);
    expect(rhcRanks(10, { data: 20, reducers: 2 }, 1 / 3, 30)).toEqual([0, 1]);
    expect(rhcRanks(10, { data: 19, reducers: 2 }, 1 / 3, 30)).toEqual([2, 3]);
    expect(rhcRanks(4, { data: 19, reducers: 2 }, 1 / 3, 30)).toEqual([2, 3]);
    expect(rhcRanks(3, { data: 19, reducers: 2 }, 1 / 3, 30)).toEqual([0, 1]);
    expect(() => rhcRanks(1, { data: 19, reducers: 2 }, 1 / 3, 30)).toThrow(RangeError);
  });
});

describe('the window estimator p̂ = N̄/(2N̄ + 1)', () => {
  it('gives p̂ = 1/3 for N̄ = 1, 0 for an empty system (greedy), and tends to 1/2', () => {
    expect(rhcProbability(1)).toBe(1 / 3);
    expect(rhcProbability(0)).toBe(0);
    expect(rhcProbability(1e9)).toBeCloseTo(0.5, 8);
  });

  it('starts from the first record (N̄ = N_1, Ȳ = X_1/R_1) and averages the last ω records', () => {
    const estimator = new RhcEstimator(3);
    estimator.observe(1, { data: 30, reducers: 3 });
    expect([estimator.meanJobsPresent, estimator.meanShare, estimator.probability]).toEqual([1, 10, 1 / 3]);
    estimator.observe(3, { data: 20, reducers: 1 });
    estimator.observe(5, { data: 6, reducers: 2 });
    // Window (1, 3, 5) and shares (10, 20, 3): N̄ = 3, Ȳ = 11.
    expect([estimator.meanJobsPresent, estimator.meanShare]).toEqual([3, 11]);
    estimator.observe(0, { data: 8, reducers: 4 });
    // The first record leaves: (3, 5, 0) and (20, 3, 2): N̄ = 8/3, Ȳ = 25/3.
    expect(estimator.meanJobsPresent).toBeCloseTo(8 / 3, 12);
    expect(estimator.meanShare).toBeCloseTo(25 / 3, 12);
  });

  it('places with its estimates: N̄ = 1, Ȳ = 10 makes the threshold R·10/3', () => {
    const estimator = new RhcEstimator(5);
    estimator.observe(1, { data: 20, reducers: 2 });
    // Threshold for R = 3: 3·(1/3)·10 = 10.
    expect(estimator.ranks(10, { data: 10, reducers: 3 })).toEqual([0, 1, 2]);
    expect(estimator.ranks(10, { data: 9, reducers: 3 })).toEqual([3, 4, 5]);
  });

  it('refuses a window that is not a whole number ≥ 1', () => {
    expect(() => new RhcEstimator(0)).toThrow(RangeError);
    expect(() => new RhcEstimator(2.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { independentShareLaw, splitDataLaw, type ReducerCount } from './demand-law.js';
import { discreteShare, uniformShare } from './share-distribution.js';
import { reduceThresholds, thresholdRanks } from './thresholds.js';
import { optimalExpectedCost, thresholdPolicyCost, type DemandOutcome } from './test-support/sequential-assignment.js';

const rows = (K: number, law: Parameters<typeof reduceThresholds>[1]) => reduceThresholds(K, law).map((row) => [...row]);

describe('thresholds (Theorem 2, computed backwards)', () => {
  it('Remark 2: K = 2, P[R = 1, 2, 3] = (.2, .3, .5), Y ∈ {1, 5} equiprobable gives q_{·,1} = (3.0, 2.4, 1.5)', () => {
    // q_{i,1} = P[R ≥ i]·E[Y], E[Y] = 3: 1·3, 0.8·3, 0.5·3.
    const law = independentShareLaw(
      [
        { count: 1, probability: 0.2 },
        { count: 2, probability: 0.3 },
        { count: 3, probability: 0.5 },
      ],
      discreteShare([1, 5], [0.5, 0.5]),
    );
    const q = rows(2, law);
    expect(q).toHaveLength(2);
    expect(q[0].map((v) => Math.round(v * 1e12) / 1e12)).toEqual([3, 2.4, 1.5]);
    expect(q[1]).toEqual([]);
  });

  it('Derman–Lieberman–Ross: K = 2, R ≡ 1, Y ∈ {1, 9} gives q_{1,1} = E[Y] = 5; job 1 takes the best slot iff Y ≥ 5', () => {
    const law = independentShareLaw([{ count: 1, probability: 1 }], discreteShare([1, 9], [0.5, 0.5]));
    const q = reduceThresholds(2, law);
    expect([...q[0]]).toEqual([5]);
    expect(thresholdRanks(q[0], { data: 9, reducers: 1 }, 2)).toEqual([0]);
    expect(thresholdRanks(q[0], { data: 5, reducers: 1 }, 2)).toEqual([0]);
    expect(thresholdRanks(q[0], { data: 1, reducers: 1 }, 2)).toEqual([1]);
    // Job K is greedy: its row is empty.
    expect(thresholdRanks(q[1], { data: 1, reducers: 1 }, 1)).toEqual([0]);
  });

  it('gives K rows of (K−n)·r̄ non-increasing values, for the experiment law X ~ U[1, 100], R ~ U{1…10}', () => {
    const reducers: ReducerCount[] = Array.from({ length: 10 }, (_, i) => ({ count: i + 1, probability: 0.1 }));
    const q = reduceThresholds(20, splitDataLaw(reducers, uniformShare(1, 100)));
    expect(q.map((row) => row.length)).toEqual(Array.from({ length: 20 }, (_, n) => (19 - n) * 10));
    for (const row of q) for (let k = 1; k < row.length; k++) expect(row[k]).toBeLessThanOrEqual(row[k - 1] + 1e-12);
    // Remark 2 again: the row before the last is P[R ≥ i]·E[X/R] = Σ_{r ≥ i} 0.1·50.5/r.
    const expected = Array.from({ length: 10 }, (_, i) => reducers.slice(i).reduce((s, r) => s + (0.1 * 50.5) / r.count, 0));
    q[18].forEach((v, i) => expect(v).toBeCloseTo(expected[i], 10));
  });

  it('places a job in one contiguous block, moved down to the last free slots when the block does not fit', () => {
    const row = [9, 7, 5, 3];
    // X/R = 6: two thresholds above (9, 7): ranks 2, 3, 4.
    expect(thresholdRanks(row, { data: 18, reducers: 3 }, 10)).toEqual([2, 3, 4]);
    expect(thresholdRanks(row, { data: 2, reducers: 2 }, 5)).toEqual([3, 4]);
    expect(() => thresholdRanks(row, { data: 2, reducers: 3 }, 2)).toThrow(RangeError);
  });
});

/** A small random instance: K jobs, reducer counts up to r̄, discrete shares, integer slot costs. */
const smallInstance = fc
  .record({
    K: fc.integer({ min: 2, max: 3 }),
    rBar: fc.integer({ min: 1, max: 2 }),
    extraSlots: fc.integer({ min: 0, max: 1 }),
    reducerWeights: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 2 }),
    values: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }),
    valueWeights: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }),
    costs: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 7, maxLength: 7 }),
    split: fc.boolean(),
  })
  .filter((x) => x.reducerWeights.slice(0, x.rBar).some((w) => w > 0));

describe('the threshold policy is optimal (Theorem 1)', () => {
  it('has the expected cost of a brute-force dynamic programme on random small instances, Y independent of R or X independent of R', () => {
    fc.assert(
      fc.property(smallInstance, ({ K, rBar, extraSlots, reducerWeights, values, valueWeights, costs, split }) => {
        const rWeights = reducerWeights.slice(0, rBar);
        const rTotal = rWeights.reduce((a, b) => a + b, 0);
        const reducers = rWeights.map((w, i) => ({ count: i + 1, probability: w / rTotal }));
        const vWeights = valueWeights.slice(0, values.length);
        const vTotal = vWeights.reduce((a, b) => a + b, 0);
        const probabilities = vWeights.map((w) => w / vTotal);
        const values_ = discreteShare(values, probabilities);
        const law = split ? splitDataLaw(reducers, values_) : independentShareLaw(reducers, values_);
        // With split data, a job of r reducers and data x puts x/r on each; otherwise each gets the share drawn.
        const outcomes: DemandOutcome[] = reducers.flatMap((r) =>
          values.map((v, k) => ({ share: split ? v / r.count : v, reducers: r.count, probability: r.probability * probabilities[k] })),
        );
        const slotCosts = costs.slice(0, K * rBar + extraSlots).sort((a, b) => a - b);
        const optimum = optimalExpectedCost(slotCosts, K, outcomes);
        const policy = thresholdPolicyCost(slotCosts, K, outcomes, reduceThresholds(K, law));
        expect(policy).toBeCloseTo(optimum, 9);
      }),
      { numRuns: 200 },
    );
  });

  it("needs Y's law given R when X and R are independent: the paper's unconditional law misplaces, ours does not", () => {
    // K = 2, R ∈ {1, 2} and X ∈ {2, 10}, all equiprobable. E[Y | R = 1] = 6, E[Y | R = 2] = 3, E[Y] = 4.5.
    // Ours: q_{1,1} = E[Y] = 4.5, q_{2,1} = P[R = 2]·E[Y | R = 2] = 1.5.
    // The paper's Remark 2 with Y's unconditional law: q_{2,1} = P[R ≥ 2]·E[Y] = 2.25.
    const reducers = [
      { count: 1, probability: 0.5 },
      { count: 2, probability: 0.5 },
    ];
    const outcomes: DemandOutcome[] = reducers.flatMap((r) => [2, 10].map((x) => ({ share: x / r.count, reducers: r.count, probability: 0.25 })));
    const ours = reduceThresholds(2, splitDataLaw(reducers, discreteShare([2, 10], [0.5, 0.5])));
    const unconditional = reduceThresholds(
      2,
      independentShareLaw(
        reducers,
        discreteShare(
          outcomes.map((o) => o.share),
          outcomes.map((o) => o.probability),
        ),
      ),
    );
    expect([...ours[0]]).toEqual([4.5, 1.5]);
    expect([...unconditional[0]]).toEqual([4.5, 2.25]);
    const costs = [1, 5, 10, 20];
    expect(thresholdPolicyCost(costs, 2, outcomes, ours)).toBe(optimalExpectedCost(costs, 2, outcomes));
    expect(thresholdPolicyCost(costs, 2, outcomes, unconditional)).toBeGreaterThan(optimalExpectedCost(costs, 2, outcomes) + 0.5);
  });

  it('beats greedy where greedy is not optimal: the DLR case on slot costs (1, 2) costs 15 greedy, 13 with thresholds', () => {
    // Greedy: job 1 takes cost 1 whatever Y: E[Y]·1 + E[Y]·2 = 5 + 10 = 15.
    // Thresholds (q = 5): Y1 = 9 → 9·1 + E[Y]·2 = 19; Y1 = 1 → 1·2 + E[Y]·1 = 7; mean 13.
    const outcomes: DemandOutcome[] = [
      { share: 1, reducers: 1, probability: 0.5 },
      { share: 9, reducers: 1, probability: 0.5 },
    ];
    const law = independentShareLaw([{ count: 1, probability: 1 }], discreteShare([1, 9], [0.5, 0.5]));
    const greedyRows = [new Float64Array(0), new Float64Array(0)];
    expect(thresholdPolicyCost([1, 2], 2, outcomes, greedyRows)).toBe(15);
    expect(thresholdPolicyCost([1, 2], 2, outcomes, reduceThresholds(2, law))).toBe(13);
    expect(optimalExpectedCost([1, 2], 2, outcomes)).toBe(13);
  });
});

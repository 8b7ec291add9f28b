import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Random } from '../../util/random.js';
import { independentShareLaw } from './demand-law.js';
import { reducePlacementRule, REDUCE_PLACEMENTS, type ReducePlacementRuleSpec } from './placement-rule.js';
import { randomRanks } from './random-placement.js';
import { discreteShare } from './share-distribution.js';
import { reduceThresholds } from './thresholds.js';

const thresholds = reduceThresholds(3, independentShareLaw([{ count: 2, probability: 1 }], discreteShare([1, 9], [0.5, 0.5])));

function specOf(name: (typeof REDUCE_PLACEMENTS)[number], seed: number): ReducePlacementRuleSpec {
  switch (name) {
    case 'random':
      return { name, random: new Random(seed) };
    case 'greedy':
      return { name };
    case 'rhc':
      return { name, window: 4 };
    case 'thresholds':
      return { name, thresholds };
  }
}

describe('reduce placements', () => {
  it('give R distinct ranks, ascending, below the free count, for every placement', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REDUCE_PLACEMENTS),
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 2, max: 8 })), { minLength: 1, maxLength: 20 }),
        (name, seed, jobs) => {
          const placement = reducePlacementRule(specOf(name, seed));
          for (const [present, data, free] of jobs) {
            const demand = { data, reducers: 2 };
            placement.arrive(present, demand);
            const ranks = placement.ranks(free, demand, 1 + (present % 3));
            expect(ranks).toHaveLength(2);
            expect(ranks[0]).toBeGreaterThanOrEqual(0);
            expect(ranks[0]).toBeLessThan(ranks[1]);
            expect(ranks[1]).toBeLessThan(free);
          }
        },
      ),
    );
  });

  it('greedy takes the cheapest; thresholds reads the row of the job’s place in service', () => {
    expect(reducePlacementRule({ name: 'greedy' }).ranks(9, { data: 1, reducers: 3 }, 1)).toEqual([0, 1, 2]);
    const placement = reducePlacementRule({ name: 'thresholds', thresholds });
    // Row 3 (the K-th job) is empty: greedy. Row 1 has 4 thresholds, all above a share of 1/2.
    expect(placement.ranks(6, { data: 1, reducers: 2 }, 3)).toEqual([0, 1]);
    expect(placement.ranks(6, { data: 1, reducers: 2 }, 1)).toEqual([4, 5]);
    expect(() => placement.ranks(6, { data: 1, reducers: 2 }, 4)).toThrow(RangeError);
  });

  it('random gives every R-subset the same chance: 2 of 4 slots, 6 subsets, 60,000 draws', () => {
    const random = new Random(11);
    const counts = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = randomRanks(4, 2, random).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['0,1', '0,2', '0,3', '1,2', '1,3', '2,3']);
    // Each count is Binomial(60,000, 1/6): mean 10,000, sd 91; 500 is 5.5 sd.
    for (const count of counts.values()) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Resources } from '../../../model/resources.js';
import { instantaneousFairShares, steadyFairShares, type ShareClaim } from './compute-fair-shares.js';
import { HADOOP_UNIT, UNBOUNDED, type ResourceType } from './resource-type.js';
import { mb, resources } from './test-support/hadoop-units.js';

const INT_MAX = 2 ** 31 - 1;

/** A claim as Hadoop's tests build one: weight 1, no min share, no max share, active. */
function claim(fields: { weight?: number; min?: Resources; max?: Resources; active?: boolean } = {}): ShareClaim {
  return { weight: fields.weight ?? 1, minShare: fields.min ?? resources(0), maxShare: fields.max ?? UNBOUNDED, active: fields.active ?? true };
}

interface ShareCase {
  /** The Hadoop test method the case restates, or the source rule it pins. */
  readonly follows: string;
  readonly type: ResourceType;
  readonly total: Resources;
  readonly claims: readonly ShareClaim[];
  /** Instantaneous shares, in the type's units (bytes or vcores). */
  readonly expected: readonly number[];
  /** Steady shares, where they differ from the instantaneous ones. */
  readonly expectedSteady?: readonly number[];
}

const HADOOP_CASES: readonly ShareCase[] = [
  {
    follows: 'TestComputeFairShares.testEqualSharing',
    type: 'memory',
    total: resources(40),
    claims: [claim(), claim(), claim(), claim()],
    expected: [10, 10, 10, 10].map(mb),
  },
  {
    // 40 / 4 = 10 each, but the last may take 3: 37 left, 11 for the third, 13 each for the first two.
    follows: 'TestComputeFairShares.testLowMaxShares',
    type: 'memory',
    total: resources(40),
    claims: [claim({ max: resources(100) }), claim({ max: resources(50) }), claim({ max: resources(11) }), claim({ max: resources(3) })],
    expected: [13, 13, 11, 3].map(mb),
  },
  {
    // The min shares add up to the total: R = 0 and each gets its min share.
    follows: 'TestComputeFairShares.testMinShares',
    type: 'memory',
    total: resources(40),
    claims: [claim({ min: resources(20) }), claim({ min: resources(18) }), claim(), claim({ min: resources(2) })],
    expected: [20, 18, 0, 2].map(mb),
  },
  {
    follows: 'TestComputeFairShares.testWeightedSharing',
    type: 'memory',
    total: resources(45),
    claims: [claim({ weight: 2 }), claim(), claim(), claim({ weight: 0.5 })],
    expected: [20, 10, 10, 5].map(mb),
  },
  {
    // The first stops at its max of 10; 1:1:0.5 of 35 would give the second 14 but it stops at 11; 24 left as 16 and 8.
    follows: 'TestComputeFairShares.testWeightedSharingWithMaxShares',
    type: 'memory',
    total: resources(45),
    claims: [
      claim({ weight: 2, max: resources(10) }),
      claim({ max: resources(11) }),
      claim({ max: resources(30) }),
      claim({ weight: 0.5, max: resources(20) }),
    ],
    expected: [10, 11, 16, 8].map(mb),
  },
  {
    // R = 5: max(2 × 5, 20) + 5 + max(5, 5) + max(2.5, 15) = 45.
    follows: 'TestComputeFairShares.testWeightedSharingWithMinShares',
    type: 'memory',
    total: resources(45),
    claims: [
      claim({ weight: 2, min: resources(20) }),
      claim(),
      claim({ min: resources(5) }),
      claim({ weight: 0.5, min: resources(15) }),
    ],
    expected: [20, 5, 5, 15].map(mb),
  },
  {
    follows: 'TestComputeFairShares.testLargeShares',
    type: 'memory',
    total: resources(40_000_000),
    claims: [claim(), claim(), claim(), claim()],
    expected: [10_000_000, 10_000_000, 10_000_000, 10_000_000].map(mb),
  },
  {
    follows: 'TestComputeFairShares.testEmptyList',
    type: 'memory',
    total: resources(40),
    claims: [],
    expected: [],
  },
  {
    follows: 'TestComputeFairShares.testCPU',
    type: 'vcores',
    total: resources(0, 45),
    claims: [
      claim({ weight: 2, min: resources(0, 20) }),
      claim(),
      claim({ min: resources(0, 5) }),
      claim({ weight: 0.5, min: resources(0, 15) }),
    ],
    expected: [20, 5, 5, 15],
  },
  {
    // Hadoop checks that the sums do not overflow and the search ends; the shares are the min shares.
    follows: 'ComputeFairSharesTest.testResourceUsedWithWeightToResourceRatio',
    type: 'memory',
    total: resources(INT_MAX),
    claims: [claim({ min: resources(INT_MAX), max: resources(INT_MAX) }), claim({ min: resources(INT_MAX), max: resources(INT_MAX) })],
    expected: [mb(INT_MAX), mb(INT_MAX)],
  },
];

/** Hadoop's handling of the corner cases, read from ComputeFairShares and FSQueue (no test of Hadoop's pins them). */
const SOURCE_RULE_CASES: readonly ShareCase[] = [
  {
    follows: 'ComputeFairShares: weight 0 fixes the share at the min share, taken out of the total first',
    type: 'memory',
    total: resources(10),
    claims: [claim({ weight: 0, min: resources(4) }), claim({ weight: 0 }), claim()],
    expected: [4, 0, 6].map(mb),
  },
  {
    follows: 'ComputeFairShares: a fixed min share above the total is kept; the others share nothing',
    type: 'memory',
    total: resources(10),
    claims: [claim({ weight: 0, min: resources(12) }), claim()],
    expected: [12, 0].map(mb),
  },
  {
    follows: 'ComputeFairShares: min shares above the total are all kept (R = 0)',
    type: 'vcores',
    total: resources(0, 10),
    claims: [claim({ min: resources(0, 8) }), claim({ min: resources(0, 8) })],
    expected: [8, 8],
  },
  {
    follows: 'ComputeFairShares: a total above the max shares\' sum gives each its max share',
    type: 'memory',
    total: resources(100),
    claims: [claim({ max: resources(10) }), claim({ weight: 3, max: resources(20) })],
    expected: [10, 20].map(mb),
  },
  {
    follows: 'ComputeFairShares: a max share of 0 fixes the share at 0',
    type: 'vcores',
    total: resources(0, 10),
    claims: [claim({ weight: 3, max: resources(0, 0) }), claim()],
    expected: [0, 10],
  },
  {
    follows: 'FSQueue.getMaxShare: a max share below the min share is raised to it',
    type: 'memory',
    total: resources(100),
    claims: [claim({ min: resources(30), max: resources(10) }), claim()],
    expected: [30, 70].map(mb),
  },
  {
    follows: 'ComputeFairShares: an inactive queue gets 0 now, but counts in steady shares',
    type: 'memory',
    total: resources(90),
    claims: [claim({ active: false }), claim({ weight: 2 })],
    expected: [0, 90].map(mb),
    expectedSteady: [30, 60].map(mb),
  },
  {
    follows: 'ComputeFairShares: a total of 0 gives every share 0',
    type: 'vcores',
    total: resources(0, 0),
    claims: [claim({ weight: 2 }), claim({ weight: 1 }), claim({ weight: 2 })],
    expected: [0, 0, 0],
  },
  {
    // 3 × trunc(R) reaches 10 only at R ≥ 4: the upper end of the search gives 4 each, 12 in all.
    follows: 'ComputeFairShares: whole units at the upper end of the search can add up past the total',
    type: 'vcores',
    total: resources(0, 10),
    claims: [claim(), claim(), claim()],
    expected: [4, 4, 4],
  },
  {
    // With double weights the search ends with shares 1 and 3 (4 in all); 0.9f is a hair under 0.9, and gives 1 and 2.
    follows: 'ComputeFairShares: weights are Java floats (0.3f and 0.9f on 3 vcores)',
    type: 'vcores',
    total: resources(0, 3),
    claims: [claim({ weight: 0.3 }), claim({ weight: 0.9 })],
    expected: [1, 2],
  },
];

describe("YARN fair shares of one resource type (Hadoop's ComputeFairShares)", () => {
  describe.each([...HADOOP_CASES, ...SOURCE_RULE_CASES])('$follows', ({ type, total, claims, expected, expectedSteady }) => {
    it('gives the expected instantaneous shares', () => {
      expect(instantaneousFairShares(claims, total, type)).toEqual(expected);
    });
    it('gives the expected steady shares', () => {
      expect(steadyFairShares(claims, total, type)).toEqual(expectedSteady ?? expected);
    });
  });

  const claimArb = fc.record({
    weight: fc.constantFrom(0.25, 0.5, 1, 1.5, 2, 3, 4),
    min: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2000 })),
    max: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 8000 })),
  });
  const instanceArb = fc.record({
    claims: fc.array(claimArb, { minLength: 1, maxLength: 10 }),
    total: fc.integer({ min: 0, max: 20_000 }),
    type: fc.constantFrom<ResourceType>('memory', 'vcores'),
  });
  const toClaims = (type: ResourceType, list: readonly { weight: number; min: number; max: number }[]): ShareClaim[] =>
    list.map(({ weight, min, max }) => {
      const vector = (units: number): Resources => (type === 'memory' ? resources(units) : resources(0, units));
      return claim({ weight, min: vector(min), max: vector(max) });
    });

  it('fill the total when the max shares exceed it and the min shares fit, overshooting by less than a unit per claim', () => {
    fc.assert(
      fc.property(instanceArb, ({ claims, total, type }) => {
        const sumMin = claims.reduce((sum, c) => sum + c.min, 0);
        const sumMax = claims.reduce((sum, c) => sum + Math.max(c.max, c.min), 0);
        fc.pre(sumMin <= total && sumMax >= total);
        const unit = HADOOP_UNIT[type];
        const used = instantaneousFairShares(toClaims(type, claims), type === 'memory' ? resources(total) : resources(0, total), type).reduce((sum, share) => sum + share / unit, 0);
        expect(used).toBeGreaterThanOrEqual(total);
        expect(used).toBeLessThan(total + claims.length);
      }),
      { numRuns: 300 },
    );
  });

  it('never give a claim less than its min share, nor more than its max share', () => {
    fc.assert(
      fc.property(instanceArb, ({ claims, total, type }) => {
        const unit = HADOOP_UNIT[type];
        const shares = instantaneousFairShares(toClaims(type, claims), type === 'memory' ? resources(total) : resources(0, total), type);
        shares.forEach((share, i) => {
          expect(share / unit).toBeGreaterThanOrEqual(claims[i].min);
          expect(share / unit).toBeLessThanOrEqual(Math.max(claims[i].max, claims[i].min));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('do not shrink a claim whose weight grows', () => {
    fc.assert(
      fc.property(instanceArb, fc.nat(9), fc.constantFrom(1.5, 2, 4), ({ claims, total, type }, pick, factor) => {
        const i = pick % claims.length;
        const heavier = claims.map((c, k) => (k === i ? { ...c, weight: c.weight * factor } : c));
        const vector = type === 'memory' ? resources(total) : resources(0, total);
        const before = instantaneousFairShares(toClaims(type, claims), vector, type)[i];
        const after = instantaneousFairShares(toClaims(type, heavier), vector, type)[i];
        expect(after).toBeGreaterThanOrEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});

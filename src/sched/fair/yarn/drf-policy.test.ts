import { describe, expect, it } from 'vitest';
import type { Resources } from '../../../model/resources.js';
import { dominantResourceOrder, dominantShares, drfPolicy, minShareRatios } from './drf-policy.js';
import type { PolicySchedulable } from './scheduling-policy.js';
import { resources } from './test-support/hadoop-units.js';
import { schedulable } from './test-support/schedulables.js';

/** As TestDominantResourceFairnessPolicy builds them: usage and min share in MB and vcores, demand twice the usage. */
function drfSchedulable(name: string, usage: [number, number], weight = 1, minShare: [number, number] = [0, 0]): PolicySchedulable {
  return schedulable(name, {
    usage: resources(...usage),
    demand: resources(2 * usage[0], 2 * usage[1]),
    minShare: resources(...minShare),
    weight,
  });
}

interface OrderCase {
  readonly follows: string;
  readonly cluster: Resources;
  readonly a: PolicySchedulable;
  readonly b: PolicySchedulable;
  /** -1: `a` is offered the node first; 1: `b` is. */
  readonly expected: -1 | 1;
}

const ORDER_CASES: readonly OrderCase[] = [
  {
    // Dominant shares tie at 1/4 (a's vcores, b's memory); a's other share, 1/8 of memory, is below b's 1/4 of vcores.
    follows: 'TestDominantResourceFairnessPolicy.testSameDominantResource',
    cluster: resources(8000, 4),
    a: drfSchedulable('s1', [1000, 1]),
    b: drfSchedulable('s2', [2000, 1]),
    expected: -1,
  },
  {
    follows: 'TestDominantResourceFairnessPolicy.testDifferentDominantResource',
    cluster: resources(8000, 8),
    a: drfSchedulable('s1', [4000, 3]),
    b: drfSchedulable('s2', [2000, 5]),
    expected: -1,
  },
  {
    // a's dominant type is vcores (5/8), below its min share of 6 vcores: needy.
    follows: 'TestDominantResourceFairnessPolicy.testOneIsNeedy',
    cluster: resources(8000, 8),
    a: drfSchedulable('s1', [2000, 5], 1, [0, 6]),
    b: drfSchedulable('s2', [4000, 3]),
    expected: -1,
  },
  {
    // No min shares: neither is needy; dominant shares 2000/8000 against 4000/8000.
    follows: 'TestDominantResourceFairnessPolicy.testBothAreNeedy (no min shares)',
    cluster: resources(8000, 100),
    a: drfSchedulable('s1', [2000, 5]),
    b: drfSchedulable('s2', [4000, 3]),
    expected: -1,
  },
  {
    // Both needy in memory, their dominant type: 2000/3000 against 4000/5000.
    follows: 'TestDominantResourceFairnessPolicy.testBothAreNeedy (min shares)',
    cluster: resources(8000, 100),
    a: drfSchedulable('s1', [2000, 5], 1, [3000, 6]),
    b: drfSchedulable('s2', [4000, 3], 1, [5000, 4]),
    expected: -1,
  },
  {
    follows: 'TestDominantResourceFairnessPolicy.testEvenWeightsSameDominantResource (memory)',
    cluster: resources(8000, 8),
    a: drfSchedulable('s1', [3000, 1], 2),
    b: drfSchedulable('s2', [2000, 1]),
    expected: -1,
  },
  {
    follows: 'TestDominantResourceFairnessPolicy.testEvenWeightsSameDominantResource (vcores)',
    cluster: resources(8000, 8),
    a: drfSchedulable('s1', [1000, 3], 2),
    b: drfSchedulable('s2', [1000, 2]),
    expected: -1,
  },
  {
    follows: 'TestDominantResourceFairnessPolicy.testEvenWeightsDifferentDominantResource (vcores against memory)',
    cluster: resources(8000, 8),
    a: drfSchedulable('s1', [1000, 3], 2),
    b: drfSchedulable('s2', [2000, 1]),
    expected: -1,
  },
  {
    follows: 'TestDominantResourceFairnessPolicy.testEvenWeightsDifferentDominantResource (memory against vcores)',
    cluster: resources(8000, 8),
    a: drfSchedulable('s1', [3000, 1], 2),
    b: drfSchedulable('s2', [1000, 2]),
    expected: -1,
  },
  {
    // Shares [1/2, 1/5] against [1/4, 2/5]: 1/2 > 2/5.
    follows: 'TestDominantResourceFairnessPolicy.testCompareSchedulablesWithClusterResourceChanges (4000 MB, 5 vcores)',
    cluster: resources(4000, 5),
    a: drfSchedulable('s1', [2000, 1]),
    b: drfSchedulable('s2', [1000, 2]),
    expected: 1,
  },
  {
    // The same usage on a larger cluster: [1/4, 1/6] against [1/8, 1/3]: 1/4 < 1/3.
    follows: 'TestDominantResourceFairnessPolicy.testCompareSchedulablesWithClusterResourceChanges (8000 MB, 6 vcores)',
    cluster: resources(8000, 6),
    a: drfSchedulable('s1', [2000, 1]),
    b: drfSchedulable('s2', [1000, 2]),
    expected: -1,
  },
];

describe("YARN's drf policy (Hadoop's DominantResourceFairnessPolicy)", () => {
  describe.each(ORDER_CASES)('$follows', ({ cluster, a, b, expected }) => {
    it('offers the node in the expected order, either way round', () => {
      const order = drfPolicy.order(cluster);
      expect(Math.sign(order(a, b))).toBe(expected);
      expect(Math.sign(order(b, a))).toBe(-expected);
    });
  });

  it('computes usage shares of the cluster and the dominant type (TestDominantResourceFairnessPolicy.testCalculateClusterAndFairRatios2)', () => {
    const shares = dominantShares(resources(10, 5), resources(100, 10));
    expect(shares.memory).toBeCloseTo(0.1, 5);
    expect(shares.vcores).toBeCloseTo(0.5, 5);
    expect(shares.dominant).toBe('vcores');
  });

  it('computes usage over min share per type (TestDominantResourceFairnessPolicy.testCalculateMinShareRatios2)', () => {
    const ratios = minShareRatios(resources(10, 5), resources(5, 10));
    expect(ratios.memory).toBeCloseTo(2, 5);
    expect(ratios.vcores).toBeCloseTo(0.5, 5);
  });

  it('divides by weights as Java floats (DominantResourceFairnessPolicy source)', () => {
    // Dominant shares 0.3 / 0.3 and 0.1 / 0.1 tie as doubles (the name would decide); with 0.3f and 0.1f the first is smaller.
    const order = dominantResourceOrder(resources(10, 10));
    expect(Math.sign(order(schedulable('b', { usage: resources(3, 0), weight: 0.3 }), schedulable('a', { usage: resources(1, 0), weight: 0.1 })))).toBe(-1);
  });

  it('breaks a tie by start time, then by name (DominantResourceFairnessPolicy source)', () => {
    const order = dominantResourceOrder(resources(8000, 8));
    const later = schedulable('a', { usage: resources(1000, 1), startTime: 5 });
    const earlier = schedulable('b', { usage: resources(1000, 1), startTime: 2 });
    expect(Math.sign(order(earlier, later))).toBe(-1);
    expect(Math.sign(order(schedulable('a'), schedulable('b')))).toBe(-1);
  });

  it('puts a zero weight last, and ties two empty zero-weight schedulables on their start time (DominantResourceFairnessPolicy source)', () => {
    const order = dominantResourceOrder(resources(8000, 8));
    expect(Math.sign(order(schedulable('a', { usage: resources(1000, 1), weight: 0 }), schedulable('b', { usage: resources(4000, 4) })))).toBe(1);
    expect(Math.sign(order(schedulable('a', { weight: 0, startTime: 1 }), schedulable('b', { weight: 0, startTime: 2 })))).toBe(-1);
  });
});

import { describe, expect, it } from 'vitest';
import { fairSharePolicy, fairShareOrder } from './fair-share-policy.js';
import type { PolicySchedulable } from './scheduling-policy.js';
import { resources } from './test-support/hadoop-units.js';
import { schedulable } from './test-support/schedulables.js';

/**
 * TestSchedulingPolicy.testFairShareComparatorTransitivity: every
 * schedulable from these values (min share 0 MB, 1 vcore), and every triple
 * of them, must be ordered transitively.
 */
function transitivitySchedulables(): PolicySchedulable[] {
  const list: PolicySchedulable[] = [];
  for (const name of ['A', 'B', 'C'])
    for (const startTime of [1, 2, 3])
      for (const usage of [resources(0, 1), resources(2, 1), resources(4, 1)])
        for (const weight of [0, 1, 2])
          for (const demand of [resources(0, 0), resources(4, 1)]) list.push(schedulable(name, { minShare: resources(0, 1), demand, usage, startTime, weight }));
  return list;
}

interface OrderCase {
  readonly follows: string;
  readonly a: PolicySchedulable;
  readonly b: PolicySchedulable;
  readonly expected: -1 | 1;
}

/** Rules stated in FairSharePolicy's source; no test of Hadoop's pins them one by one. */
const SOURCE_RULE_CASES: readonly OrderCase[] = [
  {
    follows: 'a schedulable without demand goes after one with demand, whatever its usage',
    a: schedulable('a', { demand: resources(0) }),
    b: schedulable('b', { demand: resources(1024), usage: resources(8192) }),
    expected: 1,
  },
  {
    // The source's own example: 8 of a min share of 10 against 50 of 100; the one at 50% goes first.
    follows: 'two needy schedulables by usage over min share',
    a: schedulable('a', { usage: resources(8), minShare: resources(10), demand: resources(20) }),
    b: schedulable('b', { usage: resources(50), minShare: resources(100), demand: resources(200) }),
    expected: 1,
  },
  {
    follows: 'the min share counts only up to the demand',
    a: schedulable('a', { usage: resources(8), minShare: resources(100), demand: resources(8) }),
    b: schedulable('b', { usage: resources(50), minShare: resources(100), demand: resources(200) }),
    expected: 1,
  },
  {
    follows: 'a needy schedulable goes first, whatever its usage per weight',
    a: schedulable('a', { usage: resources(4096), weight: 1, demand: resources(8192) }),
    b: schedulable('b', { usage: resources(5000), minShare: resources(6000), weight: 1, demand: resources(8192) }),
    expected: 1,
  },
  {
    follows: 'above their min shares, by usage over weight',
    a: schedulable('a', { usage: resources(3000), weight: 2, demand: resources(1) }),
    b: schedulable('b', { usage: resources(2000), weight: 1, demand: resources(1) }),
    expected: -1,
  },
  {
    follows: 'vcores play no part',
    a: schedulable('a', { usage: resources(1000, 50), demand: resources(1, 1) }),
    b: schedulable('b', { usage: resources(2000, 1), demand: resources(1, 1) }),
    expected: -1,
  },
  {
    follows: 'a zero weight goes after a positive one, whatever the usage',
    a: schedulable('a', { usage: resources(0), weight: 0, demand: resources(1) }),
    b: schedulable('b', { usage: resources(9000), weight: 1, demand: resources(1) }),
    expected: 1,
  },
  {
    follows: 'two zero weights by usage',
    a: schedulable('a', { usage: resources(10), weight: 0, demand: resources(1) }),
    b: schedulable('b', { usage: resources(20), weight: 0, demand: resources(1) }),
    expected: -1,
  },
  {
    // 3 / 0.3 and 1 / 0.1 tie as doubles (and the name would decide); as Java floats 3 / 0.3f is the smaller.
    follows: 'weights are Java floats',
    a: schedulable('b', { usage: resources(3), weight: 0.3, demand: resources(1) }),
    b: schedulable('a', { usage: resources(1), weight: 0.1, demand: resources(1) }),
    expected: -1,
  },
  {
    follows: 'ties by start time, then by name',
    a: schedulable('b', { startTime: 1 }),
    b: schedulable('a', { startTime: 2 }),
    expected: -1,
  },
];

describe("YARN's fair policy (Hadoop's FairSharePolicy)", () => {
  it('orders transitively (TestSchedulingPolicy.testFairShareComparatorTransitivity)', () => {
    const list = transitivitySchedulables();
    const n = list.length;
    const sign = new Int8Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) sign[i * n + j] = Math.sign(fairShareOrder(list[i], list[j]));
    let broken = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (sign[i * n + j] > 0) continue;
        for (let k = 0; k < n; k++) if (sign[j * n + k] <= 0 && sign[i * n + k] > 0) broken++;
      }
    expect(n).toBe(162);
    expect(broken).toBe(0);
  });

  describe.each(SOURCE_RULE_CASES)('FairSharePolicy source: $follows', ({ a, b, expected }) => {
    it('offers the node in the expected order, either way round', () => {
      const order = fairSharePolicy.order(resources(0, 0));
      expect(Math.sign(order(a, b))).toBe(expected);
      expect(Math.sign(order(b, a))).toBe(-expected);
    });
  });

  it('divides memory only, leaving vcores at 0 (FairSharePolicy.computeShares)', () => {
    const queue = { weight: 1, minShare: resources(0), maxShare: resources(Infinity, Infinity), active: true, startTime: 0 };
    expect(fairSharePolicy.computeShares([queue, queue], resources(4096, 8))).toEqual([resources(2048, 0), resources(2048, 0)]);
  });
});

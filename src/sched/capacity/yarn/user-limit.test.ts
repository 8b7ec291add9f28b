import { describe, expect, it } from 'vitest';
import type { Resources } from '../../../model/resources.js';
import { DEFAULT_CALCULATOR, DOMINANT_CALCULATOR, multiplyAndRoundDown } from './resource-calculator.js';
import { isOverUserLimit, usageRatio, userLimit } from './user-limit.js';

const GB = 2 ** 30;
const MB = 2 ** 20;
const MINIMUM = { memory: GB, vcores: 1 };

/**
 * One user-limit computation of a Hadoop test (TestLeafQueue), memory in
 * GB: a leaf of `capacity` (fraction of the cluster), the users' usage
 * (every listed user active, as each has containers to ask for), and the
 * limit Hadoop's numbers imply with which users it passes over.
 */
interface Case {
  readonly test: string;
  readonly step: string;
  readonly clusterGb: number;
  readonly clusterVcores: number;
  readonly capacity: number;
  readonly maxCapacity?: number;
  readonly minimumUserLimitPercent: number;
  readonly userLimitFactor: number;
  /** Memory each active user holds, GB. */
  readonly usersGb: readonly number[];
  readonly limitGb: number;
  /** Per user: passed over. */
  readonly over: readonly boolean[];
}

// The leaf `a` of TestLeafQueue: 8.5 % of the cluster (under a root child of 100 %), user-limit percent and factor as each test sets them.
const CASES: readonly Case[] = [
  // One user, 8.5 % of 8 GB (696 MB, less than a container: the queue counts as one), factor 1: it takes 1 GB, then one more past its limit, then no more.
  { test: 'testSingleQueueWithOneUser', step: 'empty queue', clusterGb: 8, clusterVcores: 16, capacity: 0.085, minimumUserLimitPercent: 100, userLimitFactor: 1, usersGb: [0], limitGb: 1, over: [false] },
  { test: 'testSingleQueueWithOneUser', step: '1 GB held: one container past the limit', clusterGb: 8, clusterVcores: 16, capacity: 0.085, minimumUserLimitPercent: 100, userLimitFactor: 1, usersGb: [1], limitGb: 1, over: [false] },
  { test: 'testSingleQueueWithOneUser', step: '2 GB held: user limit', clusterGb: 8, clusterVcores: 16, capacity: 0.085, minimumUserLimitPercent: 100, userLimitFactor: 1, usersGb: [2], limitGb: 1, over: [true] },
  { test: 'testSingleQueueWithOneUser', step: 'factor raised to 10', clusterGb: 8, clusterVcores: 16, capacity: 0.085, minimumUserLimitPercent: 100, userLimitFactor: 10, usersGb: [2], limitGb: 3, over: [false] },
  { test: 'testSingleQueueWithOneUser', step: '3 GB held, factor 10', clusterGb: 8, clusterVcores: 16, capacity: 0.085, minimumUserLimitPercent: 100, userLimitFactor: 10, usersGb: [3], limitGb: 4, over: [false] },
  // Two users, 8.5 % of 16 GB, 50 %, factor 2; user_0 asks for 3 GB containers, user_1 for 1 GB.
  { test: 'testUserLimits', step: 'empty queue', clusterGb: 16, clusterVcores: 32, capacity: 0.085, minimumUserLimitPercent: 50, userLimitFactor: 2, usersGb: [0, 0], limitGb: 1, over: [false, false] },
  { test: 'testUserLimits', step: 'user_0 holds 3 GB', clusterGb: 16, clusterVcores: 32, capacity: 0.085, minimumUserLimitPercent: 50, userLimitFactor: 2, usersGb: [3, 0], limitGb: 2, over: [true, false] },
  { test: 'testUserLimits', step: '3 GB and 1 GB: the limit ⌈(4 + 1) / 2⌉ = 3 GB lets user_0 in', clusterGb: 16, clusterVcores: 32, capacity: 0.085, minimumUserLimitPercent: 50, userLimitFactor: 2, usersGb: [3, 1], limitGb: 3, over: [false, false] },
  { test: 'testDecimalUserLimits', step: '50.1 %: user_0 holds 3 GB and is still let in', clusterGb: 16, clusterVcores: 32, capacity: 0.085, minimumUserLimitPercent: 50.1, userLimitFactor: 2, usersGb: [3, 0], limitGb: 3, over: [false, false] },
  { test: 'testDecimalUserLimits', step: '50.1 %: user_0 holds 6 GB', clusterGb: 16, clusterVcores: 32, capacity: 0.085, minimumUserLimitPercent: 50.1, userLimitFactor: 2, usersGb: [6, 0], limitGb: 3, over: [true, false] },
  { test: 'testDisabledUserLimitFactor', step: 'factor 1: user_0 holds 3 GB', clusterGb: 16, clusterVcores: 32, capacity: 0.085, minimumUserLimitPercent: 50, userLimitFactor: 1, usersGb: [3, 0], limitGb: 2, over: [true, false] },
  { test: 'testDisabledUserLimitFactor', step: 'factor -1: the queue maximum caps, user_0 let in', clusterGb: 16, clusterVcores: 32, capacity: 0.085, maxCapacity: 1, minimumUserLimitPercent: 50, userLimitFactor: -1, usersGb: [3, 1], limitGb: 3, over: [false, false] },
  // The whole cluster's queue, 4 nodes of 6 GB, user limit percent 0: the active users' usage plus a container, shared by the active users.
  { test: 'testUserLimitCacheActiveUsersChanged', step: 'three active users, 10 GB held: 4 GB each', clusterGb: 24, clusterVcores: 4, capacity: 1, minimumUserLimitPercent: 0, userLimitFactor: 1, usersGb: [10, 0, 0], limitGb: 4, over: [true, false, false] },
  { test: 'testUserLimitCacheActiveUsersChanged', step: 'a fourth active user: 3 GB each', clusterGb: 24, clusterVcores: 4, capacity: 1, minimumUserLimitPercent: 0, userLimitFactor: 1, usersGb: [10, 0, 0, 0], limitGb: 3, over: [true, false, false, false] },
];

describe("YARN Capacity Scheduler's user limit: TestLeafQueue's cases", () => {
  it.each(CASES)('$test: $step', (c) => {
    const cluster = { memory: c.clusterGb * GB, vcores: c.clusterVcores };
    const usages: Resources[] = c.usersGb.map((gb) => ({ memory: gb * GB, vcores: gb }));
    const limit = userLimit(DEFAULT_CALCULATOR, {
      cluster,
      guaranteed: multiplyAndRoundDown(cluster, c.capacity),
      maximum: multiplyAndRoundDown(cluster, c.maxCapacity ?? 1),
      minimumAllocation: MINIMUM,
      usageRatio: usageRatio(DEFAULT_CALCULATOR, cluster, usages),
      activeUsersUsage: usages.reduce((sum, u) => ({ memory: sum.memory + u.memory, vcores: sum.vcores + u.vcores }), { memory: 0, vcores: 0 }),
      activeUsers: usages.length,
      minimumUserLimitPercent: c.minimumUserLimitPercent,
      userLimitFactor: c.userLimitFactor,
    });
    expect(limit.memory / GB).toBe(c.limitGb);
    expect(usages.map((usage) => isOverUserLimit(DEFAULT_CALCULATOR, cluster, usage, limit))).toEqual(c.over);
  });

  it('rounds through whole MB as Hadoop does: 50.1 % of 7 GB is 3592 MB before the factor caps it (testDecimalUserLimits)', () => {
    const cluster = { memory: 16 * GB, vcores: 32 };
    const base = {
      cluster,
      guaranteed: multiplyAndRoundDown(cluster, 0.085),
      maximum: cluster,
      minimumAllocation: MINIMUM,
      usageRatio: 6 / 16,
      activeUsersUsage: { memory: 6 * GB, vcores: 2 },
      activeUsers: 2,
      minimumUserLimitPercent: 50.1,
    };
    expect(base.guaranteed.memory / MB).toBe(1392);
    // Without the factor's cap (−1: the queue's maximum), the limit is max(⌈7 GB / 2⌉, ⌈⌊7168 × 50.1⌋ / 100⌉ MB) = 3592 MB, rounded up to 4 GB.
    expect(userLimit(DEFAULT_CALCULATOR, { ...base, userLimitFactor: -1 }).memory / GB).toBe(4);
  });

  it("sums each user's dominant share under DominantResourceCalculator (testDRFUserLimits: user_0's vcore share plus user_1's memory share)", () => {
    const cluster = { memory: 16 * GB, vcores: 200 };
    // user_0 asks for <1 GB, 40 vcores> containers (vcores dominant), user_1 for <2 GB, 10 vcores> (memory dominant).
    const user0 = { memory: 4 * GB, vcores: 160 };
    const user1 = { memory: 8 * GB, vcores: 40 };
    expect(usageRatio(DOMINANT_CALCULATOR, cluster, [user0, user1])).toBeCloseTo(160 / 200 + 8 / 16, 12);
    expect(usageRatio(DEFAULT_CALCULATOR, cluster, [user0, user1])).toBeCloseTo(12 / 16, 12);
  });
});

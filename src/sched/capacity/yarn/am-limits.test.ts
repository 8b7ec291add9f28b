import { describe, expect, it } from 'vitest';
import type { Resources } from '../../../model/resources.js';
import { amResourceLimit, mayActivate, userAmResourceLimit, type AmLimitInput } from './am-limits.js';
import { DEFAULT_CALCULATOR as rc } from './resource-calculator.js';

const GB = 2 ** 30;
const gb = (n: number): Resources => ({ memory: n * GB, vcores: 0 });

/** TestApplicationLimits' queue a: 10 % of the cluster, user limit 50 %, user-limit-factor 5, the default calculator (memory). */
function queueA(clusterGb: number, activeUsers: number, maxAmPercent = 0.1): AmLimitInput {
  const cluster = { memory: clusterGb * GB, vcores: clusterGb / 2 };
  return {
    cluster,
    absoluteCapacity: 0.1,
    // Its maximum capacity is 100 % and nothing else runs: it may hold the cluster.
    currentLimit: cluster,
    maxAmPercent,
    minimumAllocation: { memory: GB, vcores: 1 },
    minimumUserLimitPercent: 50,
    userLimitFactor: 5,
    activeUsers,
  };
}

describe("a Capacity Scheduler queue's AM limits (LeafQueue.activateApplications)", () => {
  it('TestApplicationLimits.testAMResourceLimit: 8 GB for the queue of 80 GB, 4 GB a user, 2 GB once two users are active', () => {
    expect(amResourceLimit(rc, queueA(80, 1)).memory).toBe(8 * GB);
    expect(userAmResourceLimit(rc, queueA(80, 1)).memory).toBe(4 * GB);
    expect(userAmResourceLimit(rc, queueA(80, 2)).memory).toBe(2 * GB);
    const am = gb(2);
    // app_0 and app_1 of user_0 start; app_2, user_1's first, too.
    expect(mayActivate(rc, queueA(80, 0), { am, queueAmUsed: gb(0), userAmUsed: gb(0) })).toBe(true);
    expect(mayActivate(rc, queueA(80, 1), { am, queueAmUsed: gb(2), userAmUsed: gb(2) })).toBe(true);
    expect(mayActivate(rc, queueA(80, 1), { am, queueAmUsed: gb(4), userAmUsed: gb(0) })).toBe(true);
    // "Second user_1 app cannot start": user_1 at its 2 GB, though the queue has room.
    expect(mayActivate(rc, queueA(80, 2), { am, queueAmUsed: gb(6), userAmUsed: gb(2) })).toBe(false);
    // app_2 finishes: app_3 starts.
    expect(mayActivate(rc, queueA(80, 2), { am, queueAmUsed: gb(4), userAmUsed: gb(0) })).toBe(true);
  });

  it('TestApplicationLimits.testLimitsComputation: 160 and 80 GB of 1600 GB, 192 and 96 GB of 1920 GB, 800 and 400 GB at 0.5', () => {
    expect(amResourceLimit(rc, queueA(1600, 0)).memory).toBe(160 * GB);
    expect(userAmResourceLimit(rc, queueA(1600, 0)).memory).toBe(80 * GB);
    expect(amResourceLimit(rc, queueA(1920, 0)).memory).toBe(192 * GB);
    expect(userAmResourceLimit(rc, queueA(1920, 0)).memory).toBe(96 * GB);
    expect(amResourceLimit(rc, queueA(1600, 0, 0.5)).memory).toBe(800 * GB);
    expect(userAmResourceLimit(rc, queueA(1600, 0, 0.5)).memory).toBe(400 * GB);
  });

  it('LeafQueue.activateApplications source: a queue with no AM running starts one whatever its limits', () => {
    const tiny = { ...queueA(80, 1), maxAmPercent: 0 };
    expect(mayActivate(rc, tiny, { am: gb(4), queueAmUsed: gb(0), userAmUsed: gb(0) })).toBe(true);
    expect(mayActivate(rc, tiny, { am: gb(4), queueAmUsed: gb(4), userAmUsed: gb(0) })).toBe(false);
  });

  it('the queue AM limit reads the larger of the current limit and the guarantee', () => {
    const held = { ...queueA(80, 1), currentLimit: gb(4) };
    // A current limit below the 8 GB guarantee: 10 % of 8 GB, rounded up to the 1 GB minimum allocation.
    expect(amResourceLimit(rc, held).memory).toBe(GB);
  });
});

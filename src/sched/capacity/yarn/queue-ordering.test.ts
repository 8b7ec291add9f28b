import { describe, expect, it } from 'vitest';
import { DEFAULT_CALCULATOR, DOMINANT_CALCULATOR, multiplyAndRoundDown } from './resource-calculator.js';
import { compareQueueUtilization, queueUtilization } from './queue-ordering.js';
import { childLimit, queueLimit } from './queue-limits.js';
import { mayAssignMore } from './heartbeat-assignments.js';

const GB = 2 ** 30;
const MINIMUM = { memory: GB, vcores: 1 };

/** Children of one parent: name, absolute capacity (fraction), GB held; the order a container visits them in. */
interface OrderCase {
  readonly test: string;
  readonly step: string;
  readonly clusterGb: number;
  readonly queues: readonly (readonly [string, number, number])[];
  readonly order: readonly string[];
}

const ORDER_CASES: readonly OrderCase[] = [
  // TestParentQueue.testSingleLevelQueues: a 30 % and b 70 % of two 10 GB nodes (6 GB and 14 GB guaranteed).
  { test: 'testSingleLevelQueues', step: 'a 0/6, b 1/14: a first', clusterGb: 20, queues: [['a', 0.3, 0], ['b', 0.7, 1]], order: ['a', 'b'] },
  { test: 'testSingleLevelQueues', step: 'a 2/6, b 2/14: b first', clusterGb: 20, queues: [['a', 0.3, 2], ['b', 0.7, 2]], order: ['b', 'a'] },
  { test: 'testSingleLevelQueues', step: 'a 3/6, b 4/14: b still first', clusterGb: 20, queues: [['a', 0.3, 3], ['b', 0.7, 4]], order: ['b', 'a'] },
  { test: 'testSingleLevelQueues', step: 'a 3/6, b 8/14: a first', clusterGb: 20, queues: [['a', 0.3, 3], ['b', 0.7, 8]], order: ['a', 'b'] },
  // TestParentQueue.testMultiLevelQueues: a 10 %, b 50 %, c 19.5 %, d 20.5 % of three 10 GB nodes.
  { test: 'testMultiLevelQueues', step: 'a 0/3, b 0/15, c 1/6, d 0/6: the idle ones by larger guarantee, b first', clusterGb: 30, queues: [['a', 0.1, 0], ['b', 0.5, 0], ['c', 0.195, 1], ['d', 0.205, 0]], order: ['b', 'd', 'a', 'c'] },
  { test: 'testMultiLevelQueues', step: 'a 0/3, b 4/15, c 1/6: a before c before b', clusterGb: 30, queues: [['a', 0.1, 0], ['b', 0.5, 4], ['c', 0.195, 1], ['d', 0.205, 0]], order: ['d', 'a', 'c', 'b'] },
  { test: 'testMultiLevelQueues', step: 'a 1/3, b 6/15, c 3/6: a, b, c', clusterGb: 30, queues: [['a', 0.1, 1], ['b', 0.5, 6], ['c', 0.195, 3], ['d', 0.205, 0]], order: ['d', 'a', 'b', 'c'] },
  // Inside a (a1 and a2 50 % each of a's 3 GB), a1 holding 1 GB: a2 first.
  { test: 'testMultiLevelQueues', step: 'a1 1/1.5, a2 0/1.5: a2 first', clusterGb: 30, queues: [['a1', 0.05, 1], ['a2', 0.05, 0]], order: ['a2', 'a1'] },
  // PriorityUtilizationQueueOrderingPolicy: a queue with no guarantee after one with, whatever they hold.
  { test: 'PriorityUtilizationQueueOrderingPolicy (zero capacity)', step: 'z 0 %, holding nothing, after g 10 % holding 5 GB', clusterGb: 30, queues: [['z', 0, 0], ['g', 0.1, 5]], order: ['g', 'z'] },
];

describe("YARN Capacity Scheduler's child queue order: TestParentQueue's cases", () => {
  it.each(ORDER_CASES)('$test: $step', (c) => {
    const cluster = { memory: c.clusterGb * GB, vcores: 16 * c.clusterGb };
    const queues = c.queues.map(([name, capacity, gb]) =>
      queueUtilization(DEFAULT_CALCULATOR, cluster, name, capacity, multiplyAndRoundDown(cluster, capacity), { memory: gb * GB, vcores: gb }),
    );
    expect([...queues].sort(compareQueueUtilization).map((q) => q.name)).toEqual(c.order);
  });
});

describe("YARN Capacity Scheduler's queue limits", () => {
  it('takes nothing into a queue at its maximum capacity (testSingleQueueWithOneUser: 50 % of 8 GB, 4 GB held)', () => {
    const cluster = { memory: 8 * GB, vcores: 16 };
    expect(queueLimit(DEFAULT_CALCULATOR, cluster, multiplyAndRoundDown(cluster, 0.5), cluster, { memory: 4 * GB, vcores: 4 }).full).toBe(true);
    expect(queueLimit(DEFAULT_CALCULATOR, cluster, multiplyAndRoundDown(cluster, 1), cluster, { memory: 4 * GB, vcores: 4 }).full).toBe(false);
  });

  it("holds a parent's maximum over its leaves (testMultiLevelQueues: a capped at 10 % of 30 GB, holding 3 GB, a1 gets nothing)", () => {
    const cluster = { memory: 30 * GB, vcores: 48 };
    const a = queueLimit(DEFAULT_CALCULATOR, cluster, multiplyAndRoundDown(cluster, 0.1), cluster, { memory: 3 * GB, vcores: 3 });
    expect(a.full).toBe(true);
    // With 1 GB held, a hands a1 (holding 1 GB, maximum the cluster) 3 − 1 + 1 = 3 GB: a2's 2 GB container fits a's headroom.
    const held = { memory: GB, vcores: 1 };
    const a1Limit = childLimit(DEFAULT_CALCULATOR, multiplyAndRoundDown(cluster, 0.1), held, held, MINIMUM);
    expect(a1Limit.memory).toBe(3 * GB);
    expect(queueLimit(DEFAULT_CALCULATOR, cluster, cluster, a1Limit, held).headroom.memory).toBe(2 * GB);
  });

  it('fits every resource in the headroom under DominantResourceCalculator (testHeadroomCheckWithDRF: 99 % of <100 GB, 100 vcores>)', () => {
    const cluster = { memory: 100 * GB, vcores: 100 };
    const maximum = multiplyAndRoundDown(cluster, 0.99);
    expect(DOMINANT_CALCULATOR.fitsIn({ memory: 90 * GB, vcores: 10 }, queueLimit(DOMINANT_CALCULATOR, cluster, maximum, cluster, { memory: 0, vcores: 0 }).headroom)).toBe(true);
    const after = queueLimit(DOMINANT_CALCULATOR, cluster, maximum, cluster, { memory: 90 * GB, vcores: 10 });
    expect(after.full).toBe(false);
    // 90 + 10 GB would pass the 99 GB maximum, though 20 of 100 vcores would not.
    expect(DOMINANT_CALCULATOR.fitsIn({ memory: 10 * GB, vcores: 10 }, after.headroom)).toBe(false);
  });
});

describe('containers per heartbeat (CapacityScheduler.canAllocateMore; TestParentQueue.testOffSwitchScheduling)', () => {
  const limits = { multipleAssignments: true, maxAssign: 100, maxOffSwitchAssign: 1 };
  it('goes on after node- and rack-local containers and stops after an off-switch one', () => {
    expect(mayAssignMore(limits, { assigned: 0, offSwitch: 0 })).toBe(true);
    // a's rack-local container leaves b its chance on the same node; b's off-switch one ends the heartbeat before a's turn.
    expect(mayAssignMore(limits, { assigned: 1, offSwitch: 0 })).toBe(true);
    expect(mayAssignMore(limits, { assigned: 2, offSwitch: 1 })).toBe(false);
  });

  it('gives one container per heartbeat without multiple assignments, and stops at the maximum', () => {
    expect(mayAssignMore({ ...limits, multipleAssignments: false }, { assigned: 1, offSwitch: 0 })).toBe(false);
    expect(mayAssignMore({ ...limits, maxAssign: 3 }, { assigned: 3, offSwitch: 0 })).toBe(false);
  });
});

describe('resource calculators', () => {
  const cluster = { memory: 20 * GB, vcores: 10 };
  it('compares memory only by default, dominant shares then the other share under DRF', () => {
    const memoryHeavy = { memory: 10 * GB, vcores: 1 };
    const cpuHeavy = { memory: 2 * GB, vcores: 6 };
    expect(DEFAULT_CALCULATOR.compare(cluster, memoryHeavy, cpuHeavy)).toBeGreaterThan(0);
    expect(DOMINANT_CALCULATOR.compare(cluster, memoryHeavy, cpuHeavy)).toBeLessThan(0);
    // Equal dominant shares (half the memory): the other share decides.
    expect(DOMINANT_CALCULATOR.compare(cluster, { memory: 10 * GB, vcores: 2 }, { memory: 10 * GB, vcores: 4 })).toBeLessThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { fifoPolicy } from './fifo-policy.js';
import { resources } from './test-support/hadoop-units.js';
import { schedulable } from './test-support/schedulables.js';

const order = fifoPolicy.order(resources(0, 0));

function app(startTime: number) {
  return { weight: 1, minShare: resources(0), maxShare: resources(Infinity, Infinity), active: true, startTime };
}

describe("YARN's fifo policy (Hadoop's FifoPolicy)", () => {
  it('orders applications submitted at the same time by name (TestFairScheduler.testFifoWithinQueue)', () => {
    const first = schedulable('application_1_0001', { usage: resources(2048) });
    const second = schedulable('application_1_0002');
    expect(Math.sign(order(first, second))).toBe(-1);
    expect(Math.sign(order(second, first))).toBe(1);
  });

  it('orders by priority, the larger first, before start time (FifoPolicy and Priority.compareTo source)', () => {
    const urgent = schedulable('b', { priority: 5, startTime: 9 });
    const early = schedulable('a', { priority: 1, startTime: 1 });
    expect(Math.sign(order(urgent, early))).toBe(-1);
    expect(Math.sign(order(schedulable('b', { startTime: 1 }), schedulable('a', { startTime: 2 })))).toBe(-1);
  });

  it('gives the whole share, every resource, to the application that started first (FifoPolicy.computeShares source)', () => {
    expect(fifoPolicy.computeShares([app(7), app(3), app(3), app(5)], resources(4096, 6))).toEqual([
      resources(0, 0),
      resources(4096, 6),
      resources(0, 0),
      resources(0, 0),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultPool } from '../../test-support/scenario.js';
import { queueConfigs } from './queue-config.js';

describe('capacity scheduler queues', () => {
  it('has one queue per pool, in order, with its settings', () => {
    const queues = queueConfigs([
      defaultPool('prod', { capacity: 70, maxCapacity: 90, minimumUserLimitPercent: 25, userLimitFactor: 2 }),
      defaultPool('dev', { capacity: 30, maxRunningJobs: 3 }),
    ]);
    expect(queues).toEqual([
      {
        id: 'prod',
        capacity: 70,
        maxCapacity: 90,
        minimumUserLimitPercent: 25,
        userLimitFactor: 2,
        maxRunningJobs: Infinity,
      },
      {
        id: 'dev',
        capacity: 30,
        maxCapacity: 100,
        minimumUserLimitPercent: 100,
        userLimitFactor: 1,
        maxRunningJobs: 3,
      },
    ]);
  });

  it('shares the cluster equally when every capacity is 0', () => {
    expect(queueConfigs([defaultPool('a'), defaultPool('b')]).map((q) => [q.id, q.capacity])).toEqual([
      ['a', 50],
      ['b', 50],
    ]);
  });

  it('guards against capacities over 100 % and a maximum below the capacity', () => {
    const queues = queueConfigs([defaultPool('a', { capacity: 150, maxCapacity: 50 }), defaultPool('b', { capacity: 50 })]);
    expect(queues.map((q) => [q.id, q.capacity, q.maxCapacity])).toEqual([
      ['a', 75, 75],
      ['b', 25, 100],
    ]);
  });
});

describe("Hadoop 1's flat queues from a hierarchy of pools", () => {
  it('makes each leaf a queue with its absolute share, the product down its path; parents are no queues', () => {
    const queues = queueConfigs([
      defaultPool('eng', { capacity: 60, maxCapacity: 80 }),
      defaultPool('eng.dev', { capacity: 50, maxCapacity: 50 }),
      defaultPool('eng.test', { capacity: 50 }),
      defaultPool('ads', { capacity: 40 }),
    ]);
    expect(queues.map((q) => [q.id, q.capacity, q.maxCapacity])).toEqual([
      ['eng.dev', 30, 40],
      ['eng.test', 30, 80],
      ['ads', 40, 100],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultPool, testScenario, type TestScenario } from '../../test-support/scenario.js';
import { queueConfigs } from './queue-config.js';

const scenario = (spec: Omit<TestScenario, 'nodes'>) => testScenario({ nodes: [{}], ...spec });
const capacities = (spec: Omit<TestScenario, 'nodes'>) =>
  Object.fromEntries(queueConfigs(scenario(spec)).map((q) => [q.id, q.capacity]));

describe('capacity scheduler queues', () => {
  it('has one queue per pool, in order, with its settings', () => {
    const queues = queueConfigs(
      scenario({
        pools: [
          defaultPool('prod', { capacity: 70, maxCapacity: 90, minimumUserLimitPercent: 25, userLimitFactor: 2 }),
          defaultPool('dev', { capacity: 30, maxRunningJobs: 3 }),
        ],
        jobs: [{ pool: 'dev', maps: [{}] }],
      }),
    );
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
    expect(capacities({ jobs: [{ pool: 'a', maps: [{}] }, { pool: 'b', maps: [{}] }] })).toEqual({ a: 50, b: 50 });
  });

  it('gives pools only jobs name an equal part of what the listed pools leave, and the defaults', () => {
    const spec = {
      pools: [defaultPool('a', { capacity: 60 })],
      jobs: [
        { pool: 'x', maps: [{}] },
        { pool: 'a', maps: [{}] },
        { pool: 'y', maps: [{}] },
      ],
    };
    expect(capacities(spec)).toEqual({ a: 60, x: 20, y: 20 });
    expect(queueConfigs(scenario(spec))[1]).toEqual({
      id: 'x',
      capacity: 20,
      maxCapacity: 100,
      minimumUserLimitPercent: 100,
      userLimitFactor: 1,
      maxRunningJobs: Infinity,
    });
    // Nothing left: the unlisted queue is guaranteed nothing (it still runs on slots others leave).
    expect(capacities({ pools: [defaultPool('a', { capacity: 100 })], jobs: [{ pool: 'x', maps: [{}] }] })).toEqual({
      a: 100,
      x: 0,
    });
  });

  it('guards against capacities over 100 % and a maximum below the capacity', () => {
    const queues = queueConfigs(
      scenario({
        pools: [defaultPool('a', { capacity: 150, maxCapacity: 50 }), defaultPool('b', { capacity: 50 })],
        jobs: [],
      }),
    );
    expect(queues.map((q) => [q.id, q.capacity, q.maxCapacity])).toEqual([
      ['a', 75, 75],
      ['b', 25, 100],
    ]);
  });
});

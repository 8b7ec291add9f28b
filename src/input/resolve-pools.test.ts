import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, paths } from '../test-support/scenario-files.js';

describe('users and pools', () => {
  it("puts a job in its own pool, else its user's pool, else a pool named after its user", () => {
    const s = resolveScenario(
      base({
        users: [{ id: 'ann', pool: 'prod' }],
        pools: [{ id: 'prod' }, { id: 'adhoc' }],
        jobs: [
          { id: 'a', user: 'ann', pool: 'adhoc', maps: 1, mapTime: 1 },
          { id: 'b', user: 'ann', maps: 1, mapTime: 1 },
          { id: 'c', user: 'bob', maps: 1, mapTime: 1 },
          { id: 'd', user: 'bob', maps: 1, mapTime: 1 },
        ],
      }),
      'code',
    );
    expect(s.jobs.map((j) => j.pool)).toEqual(['adhoc', 'prod', 'bob', 'bob']);
    expect(s.pools.map((p) => p.id)).toEqual(['prod', 'adhoc', 'bob']);
    expect(s.users).toEqual([
      { id: 'ann', priority: 1, minShare: { map: 0, reduce: 0 } },
      { id: 'bob', priority: 1, minShare: { map: 0, reduce: 0 } },
    ]);
  });

  it('fills pool defaults and shares the capacity left over equally among pools without one', () => {
    const s = resolveScenario(
      base({
        pools: [{ id: 'a', capacity: 40, minShare: 3 }, { id: 'b' }],
        jobs: [{ id: 'j', user: 'c', maps: 1, mapTime: 1 }],
      }),
      'code',
    );
    expect(s.pools).toEqual([
      {
        id: 'a',
        weight: 1,
        minShare: { map: 3, reduce: 3 },
        maxRunningJobs: Infinity,
        schedulingMode: 'fair',
        capacity: 40,
        maxCapacity: 100,
        minimumUserLimitPercent: 100,
        userLimitFactor: 1,
        parent: null,
        minResources: { memory: 0, vcores: 0 },
        maxResources: { memory: Infinity, vcores: Infinity },
      },
      expect.objectContaining({ id: 'b', capacity: 30 }),
      expect.objectContaining({ id: 'c', capacity: 30 }),
    ]);
  });

  it("reads capacities as percentages of the parent: each parent's children share what it leaves, implied parents made", () => {
    const s = resolveScenario(
      base({
        pools: [{ id: 'eng', capacity: 60 }, { id: 'eng.dev', capacity: 70 }, { id: 'eng.test' }, { id: 'ads.batch' }],
        jobs: [{ id: 'j', user: 'u', pool: 'eng.dev', maps: 1, mapTime: 1 }],
      }),
      'code',
    );
    // Under the root: eng 60, the implied ads 40; under eng: dev 70, test the 30 left; under ads: batch 100.
    expect(s.pools.map((p) => [p.id, p.parent, p.capacity])).toEqual([
      ['eng', null, 60],
      ['eng.dev', 'eng', 70],
      ['eng.test', 'eng', 30],
      ['ads.batch', 'ads', 100],
      ['ads', null, 40],
    ]);
  });

  it('checks the capacities per parent, naming the parent', () => {
    const text = base({ pools: [{ id: 'a', capacity: 60 }, { id: 'b', capacity: 40 }, { id: 'a.x', capacity: 80 }, { id: 'a.y', capacity: 30 }] });
    expect(() => resolveScenario(text, 'code')).toThrow(/capacities of the children of pool a summing to at most 100 \(percent of their parent\)[\s\S]*a sum of 110/);
  });

  it('rejects capacities over 100 in total, a dangling pool and a pool capacity above its maximum', () => {
    expect(
      paths(
        base({
          users: [{ id: 'u', pool: 'ghost' }],
          pools: [
            { id: 'a', capacity: 60, maxCapacity: 50 },
            { id: 'b', capacity: 50 },
          ],
        }),
      ),
    ).toEqual(['pools', 'pools[0].maxCapacity', 'users[0].pool']);
  });

  it('rejects a queue path with an empty name between its dots', () => {
    expect(paths(base({ pools: [{ id: 'a..b' }, { id: '.x' }, { id: 'y.' }, { id: 'eng.dev' }] }))).toEqual(['pools[0].id', 'pools[1].id', 'pools[2].id']);
  });
});

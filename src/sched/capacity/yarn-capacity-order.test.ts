import { describe, expect, it } from 'vitest';
import { mapsRunningAt } from '../../test-support/attempt-rows.js';
import { parseScenarioText } from '../../input/load-scenario.js';
import type { RunRecord } from '../../model/run-record.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { simulate } from '../../sim/simulate.js';
import { createScheduler } from '../create-scheduler.js';
import { capacityScheduler } from './index.js';

/**
 * One node of `memory` GB and `vcores` vcores, AMs of 1 GB and 1 vcore
 * (they count in their queue's and user's usage), jobs of `maps` maps of
 * 100 s asking for 1 GB and 1 vcore unless told otherwise.
 */
function scenario(options: { node?: string; pools: string; jobs: string[]; capacity?: string }) {
  const jobLines = options.jobs.map((job, i) => `  - { id: j${i}, ${job.includes('maps:') ? '' : 'maps: 20, '}mapTime: 100 s, ${job} }`).join('\n');
  return parseScenarioText(
    `
cluster: { racks: [{ id: r1, nodes: [{ id: n, ${options.node ?? 'memory: 8 GB, vcores: 8'} }] }] }
pools: ${options.pools}
jobs:
${jobLines}
settings:
  yarn: { amContainer: { memory: 1 GB, vcores: 1 }, maxAmShare: 1 }
schedulerOptions:
  capacity: { ${options.capacity ?? ''} }
`,
    'capacity.yaml',
  );
}

function run(s: ReturnType<typeof scenario>): RunRecord {
  const record = simulate(s, createScheduler(capacityScheduler, s), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}


describe("YARN's Capacity Scheduler on a resource cluster", () => {
  it('fills the queues by used capacity until each holds its guarantee: a 30 %, b 70 % of 10 GB', () => {
    // After the AMs (1 GB each): b 1/7 < a 1/3, b 2/7 < a 1/3, a 1/3 < b 3/7, … a ends at 3/3 GB, b at 7/7: a 2 maps, b 6.
    const s = scenario({ node: 'memory: 10 GB, vcores: 10', pools: '[{ id: a, capacity: 30 }, { id: b, capacity: 70 }]', jobs: ['pool: a', 'pool: b'] });
    expect(mapsRunningAt(run(s), 50)).toEqual([2, 6]);
  });

  it("keeps a lone user at its queue's capacity times the user-limit-factor, one container past it (TestLeafQueue.testSingleQueueWithOneUser)", () => {
    // a is guaranteed 2 GB: its user holds its AM, takes a map (2 GB, not past the limit) and one more (3 GB), then no more.
    const pools = (factor: number) => `[{ id: a, capacity: 25, userLimitFactor: ${factor} }, { id: b, capacity: 75 }]`;
    expect(mapsRunningAt(run(scenario({ pools: pools(1), jobs: ['pool: a'] })), 50)).toEqual([2]);
    // A factor of 4 lets it fill the node: the AM and 7 maps.
    expect(mapsRunningAt(run(scenario({ pools: pools(4), jobs: ['pool: a'] })), 50)).toEqual([7]);
  });

  it('shares a queue between two active users by minimum-user-limit-percent 50 (TestLeafQueue.testUserLimits)', () => {
    // The limit is max(⌈(held + 1 GB) / 2⌉, 50 % of 8 GB) = 4 GB: u1's job, first, takes maps until u1 holds 5 GB; u2 gets the rest.
    const s = scenario({ pools: '[{ id: q, capacity: 100, minimumUserLimitPercent: 50 }]', jobs: ['pool: q, user: u1', 'pool: q, user: u2'] });
    expect(mapsRunningAt(run(s), 50)).toEqual([4, 2]);
  });

  it("holds a parent queue's maximum capacity over its leaves (TestParentQueue.testMultiLevelQueues)", () => {
    // ads wants 2 maps; eng.dev takes the rest of 10 GB, or, with eng at most 40 %, 4 GB: its AM and 3 maps.
    const pools = (max: number) => `[{ id: eng, capacity: 30, maxCapacity: ${max} }, { id: eng.dev, capacity: 100, userLimitFactor: 4 }, { id: ads, capacity: 70 }]`;
    const jobs = ['pool: eng.dev', 'pool: ads, maps: 2'];
    expect(mapsRunningAt(run(scenario({ node: 'memory: 10 GB, vcores: 10', pools: pools(100), jobs })), 50)).toEqual([6, 2]);
    expect(mapsRunningAt(run(scenario({ node: 'memory: 10 GB, vcores: 10', pools: pools(40), jobs })), 50)).toEqual([3, 2]);
  });

  it('counts vcores in the user limit under the dominant resource calculator', () => {
    // q is guaranteed <4 GB, 8 vcores> of <8 GB, 16 vcores>; maps of <1 GB, 3 vcores>. By memory the user stops past 4 GB
    // (4 maps); by dominant share past 8 vcores (3 maps: 10 of 16 vcores).
    const base = { node: 'memory: 8 GB, vcores: 16', pools: '[{ id: q, capacity: 50 }, { id: idle, capacity: 50 }]', jobs: ['pool: q, mapContainer: { memory: 1 GB, vcores: 3 }'] };
    expect(mapsRunningAt(run(scenario(base)), 50)).toEqual([4]);
    expect(mapsRunningAt(run(scenario({ ...base, capacity: 'resourceCalculator: dominant' })), 50)).toEqual([3]);
  });

  it('gives one container per heartbeat without multiple assignments, several with them, and stops after an off-switch one (maps without input ask for any node)', () => {
    const starts = (record: RunRecord) => {
      const a = record.attempts;
      const times: number[] = [];
      for (let i = 0; i < a.count; i++) times.push(a.start[i]);
      return new Set(times.filter((t) => t < 10)).size;
    };
    const s = (options: string) => scenario({ pools: '[{ id: q, capacity: 100, userLimitFactor: 8 }]', jobs: ['pool: q'], capacity: options });
    const one = run(s('multipleAssignments: false'));
    const many = run(s('maxOffSwitchAssign: 100'));
    expect(mapsRunningAt(one, 50)).toEqual([7]);
    expect(mapsRunningAt(many, 50)).toEqual([7]);
    expect(starts(many)).toBe(1);
    expect(starts(one)).toBe(7);
    expect(starts(run(s('')))).toBe(7);
  });

  it('runs at most maxRunningJobs of a queue at once, the others waiting in submission order', () => {
    const s = scenario({ pools: '[{ id: q, capacity: 100, userLimitFactor: 8, maxRunningJobs: 1 }]', jobs: ['pool: q, maps: 4', 'pool: q, maps: 4'] });
    const [first, second] = run(s).jobs;
    expect(second.firstStart!).toBeGreaterThanOrEqual(first.end!);
  });

  it("holds a job's AM back while its queue's AMs hold maximum-am-resource-percent of the queue, until the first job ends (TestApplicationLimits.testActiveApplicationLimits)", () => {
    // 10 % of the queue's 8 GB, rounded up to the 1 GB minimum allocation: one 1 GB AM, the first of the queue.
    const s = scenario({ pools: '[{ id: q, capacity: 100, userLimitFactor: 8, maxAmShare: 0.1 }]', jobs: ['pool: q, maps: 4', 'pool: q, maps: 4'] });
    const record = run(s);
    const [first, second] = record.applicationMasters!;
    expect(first.start).toBe(0);
    expect(second.start).toBeGreaterThanOrEqual(first.end!);
    expect(second.start).toBeLessThanOrEqual(first.end! + 1);
  });

  it("holds a user's second AM back at the user AM limit while another user's starts (TestApplicationLimits.testAMResourceLimit)", () => {
    // q's AM limit is 50 % of 8 GB, 4 GB; once u1 and u2 have AMs running, each user may hold 8 GB × 50 % × 50 % × factor 1,
    // 2 GB: u1's second AM starts, its third waits.
    const pools = '[{ id: q, capacity: 100, minimumUserLimitPercent: 50, maxAmShare: 0.5 }]';
    const s = scenario({ pools, jobs: ['pool: q, user: u1, maps: 4', 'pool: q, user: u2, maps: 4', 'pool: q, user: u1, maps: 4', 'pool: q, user: u1, maps: 4'] });
    const ams = run(s).applicationMasters!;
    expect(ams.map((am) => am.job)).toEqual([0, 1, 2, 3]);
    expect(ams[2].start).toBe(0);
    expect(ams[3].start).toBeGreaterThan(0);
  });

  it('refuses a job in a parent queue', () => {
    const s = scenario({ pools: '[{ id: eng, capacity: 100 }, { id: eng.dev, capacity: 100 }]', jobs: ['pool: eng'] });
    expect(() => run(s)).toThrow(/names pool 'eng', a parent queue: YARN runs jobs in leaf queues only/);
  });
});

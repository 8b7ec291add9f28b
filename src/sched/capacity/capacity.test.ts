import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { KIND_MAP, type RunRecord } from '../../model/run-record.js';
import type { Pool } from '../../model/workload.js';
import type { Scenario, Settings } from '../../model/scenario.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { simulate } from '../../sim/simulate.js';
import { defaultPool, testScenario, type TestJob, type TestScenario } from '../../test-support/scenario.js';
import { createScheduler } from '../create-scheduler.js';
import { capacityScheduler } from './index.js';
import { queueConfigs } from './queue-config.js';
import { floorSlots, percentOfSlots } from './slots.js';

function run(spec: TestScenario): RunRecord {
  const scenario = testScenario(spec);
  return simulate(scenario, createScheduler(capacityScheduler, scenario), { alignHeartbeats: true });
}

interface Row {
  readonly job: string;
  readonly pool: string;
  readonly user: string;
  readonly kind: 'map' | 'reduce';
  readonly node: number;
  readonly start: number;
  readonly end: number;
}

function rows(record: RunRecord): Row[] {
  const a = record.attempts;
  return Array.from({ length: a.count }, (_, i) => {
    const job = record.jobs[a.job[i]];
    return {
      job: job.id,
      pool: job.pool,
      user: job.user,
      kind: a.kind[i] === KIND_MAP ? 'map' : 'reduce',
      node: a.node[i],
      start: a.start[i],
      end: a.end[i],
    };
  });
}

/** How many of `rows` began at `time`, by the value of `key`. */
function startedAt(all: readonly Row[], time: number, key: 'pool' | 'user'): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of all) if (row.start === time) counts[row[key]] = (counts[row[key]] ?? 0) + 1;
  return counts;
}

/** Most attempts running at once. */
function peak(all: readonly Row[]): number {
  return Math.max(...all.map((r) => all.filter((s) => s.start <= r.start && r.start < s.end).length));
}

const nodes = (count: number, mapSlots = 1) => Array.from({ length: count }, () => ({ mapSlots }));
const maps = (count: number, work: number) => Array.from({ length: count }, () => ({ work }));
const pool = (id: string, overrides: Partial<Pool>) => defaultPool(id, overrides);

describe('capacity scheduler: sharing between queues', () => {
  it('settles two queues of 70 % and 30 % at 7 and 3 of 10 busy map slots', () => {
    // 10 nodes × 1 map slot; capacities 7 and 3 slots. Queue b alone at t=0 takes all 10 slots (its user may
    // grow to 3 × 4 = 12 slots), maps of work 10. Queue a's job arrives at 0.5 and waits: no preemption.
    // At t=10 all ten end and nodes 0…9 heartbeat in turn; each slot goes to the lower used/capacity ratio,
    // equal ratios by name:
    //   a 0/7 = b 0/3 → a;   a 1/7 > b 0/3 → b;   a .14 < b .33 → a;   a .29 < .33 → a;   a .43 > .33 → b;
    //   a .43 < b .67 → a;   a .57 < .67 → a;   a .71 > .67 → b;   a .71 < b 1 → a;   a .86 < 1 → a.
    // That is 7 for a and 3 for b, and every later wave (all maps of work 10) repeats it.
    const record = run({
      nodes: nodes(10),
      pools: [pool('a', { capacity: 70 }), pool('b', { capacity: 30, userLimitFactor: 4 })],
      jobs: [
        { id: 'b0', user: 'bo', pool: 'b', submit: 0, maps: maps(40, 10) },
        { id: 'a0', user: 'al', pool: 'a', submit: 0.5, maps: maps(40, 10) },
      ],
    });
    const all = rows(record);
    expect(startedAt(all, 0, 'pool')).toEqual({ b: 10 });
    for (const wave of [10, 20, 30]) expect(startedAt(all, wave, 'pool')).toEqual({ a: 7, b: 3 });
    // The wave at 10, node by node, as computed above.
    const at10 = all.filter((r) => r.start === 10).sort((x, y) => x.node - y.node);
    expect(at10.map((r) => r.pool).join('')).toBe('abaabaabaa');
  });

  it('gives the next free slot to the most under-served queue, by used/capacity rather than by slots used', () => {
    // 10 nodes × 1 map slot. Queue x: 60 % = 6 slots; queue b: 20 % = 2 slots (user limit factor 2 lets
    // their users pass the capacity). At t=0 x0 (2 maps) and b0 (1 map) start: node 0 goes to b (0/6 = 0/2,
    // b sorts first), nodes 1 and 2 to x. At 0.5 both queues get 20 more maps; nodes 3…9 heartbeat at t=1
    // with x holding 2 of 6 (0.33) and b 1 of 2 (0.5):
    //   node 3: x .33 < b .5 → x (x 3/6 = .5)  — x holds more slots but is further below its capacity
    //   node 4: .5 = .5 → b by name (b 1.0);  nodes 5, 6, 7: x (.67, .83, then 1.0);
    //   node 8: 1.0 = 1.0 → b (1.5);  node 9: x 1.0 < 1.5 → x.
    const record = run({
      nodes: nodes(10),
      pools: [pool('x', { capacity: 60, userLimitFactor: 2 }), pool('b', { capacity: 20, userLimitFactor: 2 })],
      jobs: [
        { id: 'x0', user: 'ux', pool: 'x', submit: 0, maps: maps(2, 100) },
        { id: 'b0', user: 'ub', pool: 'b', submit: 0, maps: maps(1, 100) },
        { id: 'x1', user: 'ux', pool: 'x', submit: 0.5, maps: maps(20, 100) },
        { id: 'b1', user: 'ub', pool: 'b', submit: 0.5, maps: maps(20, 100) },
      ],
    });
    const all = rows(record);
    const byNode = (time: number) =>
      all
        .filter((r) => r.start === time)
        .sort((p, q) => p.node - q.node)
        .map((r) => `${r.node}${r.pool}`);
    expect(byNode(0)).toEqual(['0b', '1x', '2x']);
    expect(byNode(1)).toEqual(['3x', '4b', '5x', '6x', '7x', '8b', '9x']);
  });

  it('lets a lone queue take the idle cluster up to its maximum capacity and no further', () => {
    // 4 nodes × 1 map slot. Queue solo: capacity 25 % = 1 slot, maximum 75 % = 3 slots, user limit factor 4;
    // queue idle (75 %) has no jobs. Past its capacity the user limit is occupied + 1 (see user-limits.ts),
    // so solo grows one slot at a time until 3 + 1 > 3 stops it: 3 maps at once, never 4.
    // 8 maps of work 10: 3 at t=0, 3 at t=10, 2 at t=20.
    const jobs: TestJob[] = [{ user: 'u', pool: 'solo', maps: maps(8, 10) }];
    const capped = run({
      nodes: nodes(4),
      pools: [pool('solo', { capacity: 25, maxCapacity: 75, userLimitFactor: 4 }), pool('idle', { capacity: 75 })],
      jobs,
    });
    expect(rows(capped).map((r) => r.start)).toEqual([0, 0, 0, 10, 10, 10, 20, 20]);
    expect(peak(rows(capped))).toBe(3);
    // Without the ceiling the same queue takes all 4 slots: 4 at t=0, 4 at t=10.
    const open = run({
      nodes: nodes(4),
      pools: [pool('solo', { capacity: 25, userLimitFactor: 4 }), pool('idle', { capacity: 75 })],
      jobs,
    });
    expect(rows(open).map((r) => r.start)).toEqual([0, 0, 0, 0, 10, 10, 10, 10]);
  });

  it('computes capacities over the live cluster: a queue shrinks with it when nodes fail', () => {
    // 4 nodes × 1 map slot, queues a and b 50 % each, one user in a (factor 1: at most a's capacity).
    // t=0: a's capacity is 2 slots → 2 maps (work 10) on nodes 0 and 1. Nodes 2 and 3 fail at 0.5 for good:
    // 2 live slots → a's capacity 1 slot → from t=10 one map at a time: starts 10, 20, 30, 40 (on whichever
    // of nodes 0 and 1 heartbeats first).
    const record = run({
      nodes: nodes(4),
      pools: [pool('a', { capacity: 50 }), pool('b', { capacity: 50 })],
      jobs: [{ user: 'u', pool: 'a', maps: maps(6, 10) }],
      settings: {
        failures: [
          { node: 2, at: 0.5, recoverAt: null },
          { node: 3, at: 0.5, recoverAt: null },
        ],
      },
    });
    expect(rows(record).map((r) => r.start)).toEqual([0, 0, 10, 20, 30, 40]);
    expect(rows(record).every((r) => r.node < 2)).toBe(true);
  });
});

describe('capacity scheduler: user limits', () => {
  it('gives two users of a queue with minimumUserLimitPercent 50 half of it each', () => {
    // One queue (the whole cluster: 1 node × 4 map slots), users ann and bob with 8 maps of work 10 each.
    // Both have maps waiting, so the limit is max(⌈4/2⌉, ⌈50 % × 4⌉) = 2: ann (first in FIFO) takes 2 slots,
    // is then over the limit and bob's job gets the other 2. Every wave (t = 0, 10, 20, 30) repeats it.
    const jobs: TestJob[] = [
      { id: 'a', user: 'ann', pool: 'q', maps: maps(8, 10) },
      { id: 'b', user: 'bob', pool: 'q', maps: maps(8, 10) },
    ];
    const halves = run({
      nodes: nodes(1, 4),
      pools: [pool('q', { capacity: 100, minimumUserLimitPercent: 50 })],
      jobs,
    });
    for (const wave of [0, 10, 20, 30]) expect(startedAt(rows(halves), wave, 'user')).toEqual({ ann: 2, bob: 2 });
    // With 100 % the limit is max(2, 4) = 4: FIFO, ann's job takes the node until its maps are done.
    const fifo = run({ nodes: nodes(1, 4), pools: [pool('q', { capacity: 100 })], jobs });
    expect(startedAt(rows(fifo), 0, 'user')).toEqual({ ann: 4 });
    expect(startedAt(rows(fifo), 20, 'user')).toEqual({ bob: 4 });
  });

  it('grows the user limit with the queue once it is over its capacity (usage + 1), each user taking a turn', () => {
    // 1 node × 4 map slots; queue q has 50 % = 2 slots (the other 50 % idle), minimumUserLimitPercent 50,
    // factor 2 (a user may reach 4). Users ann and bob both waiting:
    //   slot 1: 0 + 1 ≤ 2 → limit max(⌈2/2⌉, ⌈1⌉) = 1; ann 0 → ann.   slot 2: limit 1; ann full → bob.
    //   slot 3: over capacity, current 2 + 1 = 3 → limit max(⌈3/2⌉, ⌈1.5⌉) = 2 → ann.
    //   slot 4: current 4 → limit 2 → ann full → bob.
    // The queue holds all 4 slots, 2 per user; a limit fixed at the guarantee (1 each) would leave 2 idle.
    const record = run({
      nodes: nodes(1, 4),
      pools: [
        pool('q', { capacity: 50, minimumUserLimitPercent: 50, userLimitFactor: 2 }),
        pool('other', { capacity: 50 }),
      ],
      jobs: [
        { id: 'a', user: 'ann', pool: 'q', maps: maps(4, 10) },
        { id: 'b', user: 'bob', pool: 'q', maps: maps(4, 10) },
      ],
    });
    expect(rows(record).filter((r) => r.start === 0).map((r) => r.user)).toEqual(['ann', 'bob', 'ann', 'bob']);
  });

  it('caps a single user at userLimitFactor × the queue capacity even on an idle cluster', () => {
    // 1 node × 4 map slots; queue q has 50 % = 2 slots, the other queue is idle. A lone user may hold at
    // most ⌊2 × factor⌋ slots: factor 1 → 2 maps at t=0, 1.5 → 3, 2 → 4 (the whole node).
    const started = (userLimitFactor: number) =>
      rows(
        run({
          nodes: nodes(1, 4),
          pools: [pool('q', { capacity: 50, userLimitFactor }), pool('other', { capacity: 50 })],
          jobs: [{ user: 'u', pool: 'q', maps: maps(8, 10) }],
        }),
      ).filter((r) => r.start === 0).length;
    expect([started(1), started(1.5), started(2)]).toEqual([2, 3, 4]);
  });
});

describe('capacity scheduler: jobs inside a queue', () => {
  it('orders the jobs of a queue by priority, then submit time', () => {
    // One queue, 1 node × 1 map slot, maps of work 2 (j0) and 1. j0 (NORMAL, t=0) runs 0→2. At t=2 the
    // waiting jobs are j1 (NORMAL, 0.2), j3 (NORMAL, 0.3) and j2 (HIGH, 0.5):
    // j2 first (2→3), then j1 (3→4), then j3 (4→5).
    const record = run({
      nodes: nodes(1),
      jobs: [
        { id: 'j0', maps: maps(1, 2) },
        { id: 'j1', submit: 0.2, maps: maps(1, 1) },
        { id: 'j3', submit: 0.3, maps: maps(1, 1) },
        { id: 'j2', submit: 0.5, priority: 'HIGH', maps: maps(1, 1) },
      ],
    });
    expect(rows(record).map((r) => [r.job, r.start])).toEqual([
      ['j0', 0],
      ['j2', 2],
      ['j1', 3],
      ['j3', 4],
    ]);
  });

  it('keeps jobs beyond maxRunningJobs waiting until a job of the queue ends', () => {
    // 3 nodes × 1 map slot; queues q and r 50 % each (1 slot of 3), factor 2 so ann may hold 2 slots.
    // t=0: node 0 → q (0/1 = 0/1, q first): j0 (work 3). node 1 → r: j2. node 2 → q (r has nothing left):
    // j1 — unless q may run only one job, then j1 waits until j0 ends at 3 and starts at the heartbeat at 3.
    const spec = (maxRunningJobs: number): TestScenario => ({
      nodes: nodes(3),
      pools: [pool('q', { capacity: 50, userLimitFactor: 2, maxRunningJobs }), pool('r', { capacity: 50 })],
      jobs: [
        { id: 'j0', user: 'ann', pool: 'q', maps: maps(1, 3) },
        { id: 'j1', user: 'ann', pool: 'q', maps: maps(1, 1) },
        { id: 'j2', user: 'cy', pool: 'r', maps: maps(1, 1) },
      ],
    });
    const first = (record: RunRecord) => Object.fromEntries(record.jobs.map((job) => [job.id, job.firstStart]));
    expect(first(run(spec(Infinity)))).toEqual({ j0: 0, j1: 0, j2: 0 });
    expect(first(run(spec(1)))).toEqual({ j0: 0, j1: 3, j2: 0 });
  });
});

describe('capacity scheduler: per heartbeat', () => {
  it('fills every free map slot of a heartbeat, or maxMapsPerHeartbeat of them', () => {
    // 1 node × 3 map slots, 3 maps of work 10: all start at t=0; with the option 1, one per heartbeat.
    const spec: TestScenario = { nodes: nodes(1, 3), jobs: [{ maps: maps(3, 10) }] };
    expect(rows(run(spec)).map((r) => r.start)).toEqual([0, 0, 0]);
    const one = run({ ...spec, schedulerOptions: { capacity: { maxMapsPerHeartbeat: 1 } } });
    expect(rows(one).map((r) => r.start)).toEqual([0, 1, 2]);
  });

  it('launches one reduce per heartbeat, offered to the queues by their reduce slots alone', () => {
    // Node 0: 1 map slot, no reduce slot; node 1: no map slot, 4 reduce slots. Queues a and b 50 % each
    // (2 reduce slots). Maps (work 1): a's 0→1, b's 1→2. Reduces (work 10) one per heartbeat of node 1:
    // t=1 a (only a can); t=2 b (a 1/2 > b 0/2); t=3 a (1/2 = 1/2, a by name); t=4 b.
    const record = run({
      nodes: [
        { mapSlots: 1, reduceSlots: 0 },
        { mapSlots: 0, reduceSlots: 4 },
      ],
      pools: [pool('a', { capacity: 50 }), pool('b', { capacity: 50 })],
      jobs: [
        { id: 'a', user: 'ua', pool: 'a', maps: maps(1, 1), reduces: [{ work: 10 }, { work: 10 }] },
        { id: 'b', user: 'ub', pool: 'b', maps: maps(1, 1), reduces: [{ work: 10 }, { work: 10 }] },
      ],
    });
    const reduces = rows(record).filter((r) => r.kind === 'reduce');
    expect(reduces.map((r) => [r.job, r.start])).toEqual([
      ['a', 1],
      ['b', 2],
      ['a', 3],
      ['b', 4],
    ]);
  });
});

describe('capacity scheduler: a slot its ceiling keeps free', () => {
  // The case that ran for hours: one node of two map slots, a queue held to one of them (maximum 50 %), 17 maps
  // of 4,409,780 s at a 0.5 s heartbeat. The free slot's 1.5·10^8 ticks all decline until a map ends.
  const held = (work: number, failures: Settings['failures'] = []) =>
    testScenario({
      nodes: nodes(1, 2),
      pools: [pool('held', { capacity: 50, maxCapacity: 50 }), pool('idle', { capacity: 50 })],
      jobs: [{ user: 'u', pool: 'held', maps: maps(17, work) }],
      settings: { heartbeatInterval: 0.5, failures },
    });
  const runCounting = (scenario: Scenario, declinesUntilStateChanges?: boolean) => {
    const policy = createScheduler(capacityScheduler, scenario);
    if (declinesUntilStateChanges !== undefined) Object.defineProperty(policy, 'declinesUntilStateChanges', { value: declinesUntilStateChanges });
    const heartbeats = vi.spyOn(policy, 'onHeartbeat');
    const record = simulate(scenario, policy);
    return { record, heartbeats: heartbeats.mock.calls.length };
  };

  it('is asked again only once a map ends, the run as when asked at every tick', () => {
    const long = runCounting(held(4_409_780));
    expect(long.record.endTime).toBeGreaterThanOrEqual(17 * 4_409_780);
    expect(long.heartbeats).toBeLessThan(40);
    const short = held(1_000);
    const skipped = runCounting(short);
    const every = runCounting(short, false);
    expect(every.heartbeats).toBeGreaterThan(30_000);
    expect(skipped.heartbeats).toBe(long.heartbeats);
    expect(rows(skipped.record)).toEqual(rows(every.record));
  });

  it('is asked at every tick once it hears of a node failure (re-run maps are found by a refresh that comes with the clock)', () => {
    // The 17 maps take some 18,000 s; the node fails at 2,000 s. Before, it is asked once per map; after, at every tick.
    const failing = held(1_000, [{ node: 0, at: 2_000, recoverAt: 2_010 }]);
    expect(runCounting(failing).heartbeats).toBeGreaterThan(25_000);
  });
});

describe('capacity scheduler: whole runs under random queue settings', () => {
  const poolArb = (id: string) =>
    fc.record({
      capacity: fc.integer({ min: 0, max: 60 }),
      maxCapacity: fc.constantFrom(10, 40, 75, 100),
      minimumUserLimitPercent: fc.constantFrom(10, 25, 50, 100),
      userLimitFactor: fc.constantFrom(0.25, 0.5, 1, 2, 10),
      maxRunningJobs: fc.constantFrom(1, 2, Infinity),
    }).map((settings) => pool(id, settings));
  const scenarioArb = fc.record({
    nodes: fc.array(
      fc.record({
        rack: fc.constantFrom('r1', 'r2'),
        mapSlots: fc.integer({ min: 1, max: 4 }),
        reduceSlots: fc.integer({ min: 1, max: 2 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    pools: fc.tuple(poolArb('p'), poolArb('q'), poolArb('r')),
    jobs: fc.array(
      fc.record({
        user: fc.constantFrom('ann', 'bob', 'cy'),
        pool: fc.constantFrom('p', 'q', 'r', 'unlisted'),
        submit: fc.integer({ min: 0, max: 30 }),
        priority: fc.constantFrom('HIGH' as const, 'NORMAL' as const),
        maps: fc.array(fc.record({ work: fc.integer({ min: 1, max: 9 }) }), { maxLength: 12 }),
        reduces: fc.array(fc.record({ work: fc.integer({ min: 1, max: 9 }) }), { maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    slowStart: fc.constantFrom(0, 0.5, 1),
    outOfBandHeartbeat: fc.boolean(),
    failure: fc.option(fc.record({ at: fc.integer({ min: 1, max: 40 }), downFor: fc.integer({ min: 1, max: 30 }) })),
  });

  it('ends every job, keeps every invariant, and never lets a queue or a user pass its ceiling', () => {
    fc.assert(
      fc.property(scenarioArb, ({ nodes: nodeSpecs, pools, jobs, slowStart, outOfBandHeartbeat, failure }) => {
        // Node 0 may fail for a while (maps have no input data, so no job loses a block).
        const failures =
          failure === null ? [] : [{ node: 0, at: failure.at + 0.5, recoverAt: failure.at + failure.downFor }];
        const settings = { slowStart, outOfBandHeartbeat, failures };
        // A pool only jobs name is listed as resolution lists it: sharing what the others leave.
        const left = Math.max(0, 100 - pools.reduce((sum, p) => sum + p.capacity, 0));
        const scenario = testScenario({ nodes: nodeSpecs, pools: [...pools, pool('unlisted', { capacity: left })], jobs, settings });
        const record = simulate(scenario, createScheduler(capacityScheduler, scenario));
        expect(checkRunInvariants(record)).toEqual([]);
        expect(record.stalled).toBe(false);
        expect(record.jobs.filter((job) => job.status !== 'succeeded')).toEqual([]);
        // The ceilings hold against the whole cluster while no node is down.
        if (failure !== null) return;
        const slots = [
          nodeSpecs.reduce((sum, n) => sum + n.mapSlots, 0),
          nodeSpecs.reduce((sum, n) => sum + n.reduceSlots, 0),
        ];
        const configs = new Map(queueConfigs(scenario.pools).map((config) => [config.id, config]));
        const all = rows(record);
        for (const launch of all) {
          const kind = launch.kind === 'map' ? 0 : 1;
          const config = configs.get(launch.pool)!;
          const running = all.filter((r) => r.kind === launch.kind && r.start <= launch.start && r.end > launch.start);
          const inQueue = running.filter((r) => r.pool === launch.pool).length;
          const ofUser = running.filter((r) => r.pool === launch.pool && r.user === launch.user).length;
          const ceiling =
            config.maxCapacity >= 100 ? Infinity : Math.max(1, percentOfSlots(config.maxCapacity, slots[kind]));
          const guaranteed = Math.max(1, percentOfSlots(config.capacity, slots[kind]));
          expect(inQueue).toBeLessThanOrEqual(ceiling);
          expect(ofUser).toBeLessThanOrEqual(Math.max(1, floorSlots(guaranteed * config.userLimitFactor)));
        }
      }),
      { numRuns: 150 },
    );
  });
});

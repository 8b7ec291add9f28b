import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KIND_MAP, type RunRecord } from '../../model/run-record.js';
import type { User } from '../../model/workload.js';
import type { ClusterView, Decisions, JobView, NodeView, Policy } from '../../sim/policy.js';
import { loadLinearSolver } from '../../solvers/linear-program.js';
import { testScenario, type TestScenario } from '../../test-support/scenario.js';
import { scheduledRun } from '../../test-support/scheduled-run.js';
import { createScheduler } from '../create-scheduler.js';
import type { ComposedPolicy } from '../composed-policy.js';
import type { AdaptiveOrder } from './adaptive-order.js';
import { adaptiveScheduler } from './index.js';
import { computeMetrics } from '../../metrics/run-metrics.js';

const solver = await loadLinearSolver();

/** Map launches as (job, node, start), in launch order. */
function mapLaunches(run: RunRecord): { job: string; node: number; start: number }[] {
  const a = run.attempts;
  const rows: { job: string; node: number; start: number }[] = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === KIND_MAP) rows.push({ job: run.scenario.jobs[a.job[i]].id, node: a.node[i], start: a.start[i] });
  return rows;
}

function runAdaptive(spec: TestScenario): RunRecord {
  return scheduledRun(testScenario(spec), 'adaptive', { solver, alignHeartbeats: true }).run;
}

const maps = (count: number, work = 1) => Array.from({ length: count }, () => ({ work }));
const user = (id: string, priority: number, mapShare = 0): User => ({ id, priority, minShare: { map: mapShare, reduce: 0 } });

describe('adaptive scheduler, hand-computed runs (one node kind: every class suggested)', () => {
  it('min-share stage: priority × remaining min share, re-ranked after every slot', () => {
    // One node, 4 map slots, heartbeats at 0, 1, 2, …; maps of work 1 end at the next heartbeat.
    // A (priority 3, min share 2), B (2, 2), C (1, none), each a job of 3 maps at 0.
    // t=0: A 3×2 = 6 > B 2×2 = 4 → a; A 3×1 = 3 < B 4 → b; A 3 > B 2×1 = 2 → a (A at its share);
    //      B 2 → b. (FIFO would give a, a, a, b.)
    // t=1: A 6 > B 4 → a (its last); B 4 → b (its last); nobody below its share with work: fairness, C → c, c.
    // t=2: c.
    const run = runAdaptive({
      nodes: [{ mapSlots: 4 }],
      users: [user('A', 3, 2), user('B', 2, 2), user('C', 1)],
      jobs: [
        { id: 'a', user: 'A', maps: maps(3) },
        { id: 'b', user: 'B', maps: maps(3) },
        { id: 'c', user: 'C', maps: maps(3) },
      ],
    });
    const waves = [0, 1, 2].map((t) => mapLaunches(run).filter((r) => r.start === t).map((r) => r.job));
    expect(waves).toEqual([['a', 'b', 'a', 'b'], ['a', 'b', 'c', 'c'], ['c']]);
  });

  it('fairness stage: the smallest (slots held − min share) / priority, so slots go 2 : 1 by priority', () => {
    // One node, 3 map slots; X (priority 2) and Y (1), no min shares, 6 maps each at 0.
    // Each wave: X 0/2 = Y 0/1, priority breaks the tie → x; X 1/2 > Y 0 → y; X 1/2 < Y 1 → x.
    // x has had its 6 after three waves; then y alone.
    const run = runAdaptive({
      nodes: [{ mapSlots: 3 }],
      users: [user('X', 2), user('Y', 1)],
      jobs: [
        { id: 'x', user: 'X', maps: maps(6) },
        { id: 'y', user: 'Y', maps: maps(6) },
      ],
    });
    const waves = [0, 1, 2, 3].map((t) => mapLaunches(run).filter((r) => r.start === t).map((r) => r.job));
    expect(waves).toEqual([['x', 'y', 'x'], ['x', 'y', 'x'], ['x', 'y', 'x'], ['y', 'y', 'y']]);
  });
});

describe('adaptive scheduler with oracle rates on two node kinds (hand-computed LP)', () => {
  // n0: speed 2, disk 100 B/s; n1: speed 1, disk 20 B/s; one map slot each, heartbeats at 0, 1, 2, …
  // Type A (user ua): jobs of 4 maps without input, work 1: 0.5 s on n0, 1 s on n1,
  //   a job per 2 s on n0 (rate 1/2), per 4 s on n1 (1/4). Two jobs: α_A = 2.
  // Type B (user ub): jobs of one map reading 100 B (a replica on each node), work 2:
  //   1 + 1 = 2 s on n0 (rate 1/2), 5 + 2 = 7 s on n1 (1/7). Four jobs: α_B = 4.
  // LP: B's relative speed on n0 (3.5) beats A's (2), so B takes n0 and A n1:
  //   B 1/2 ≥ 4λ and A 1/4 ≥ 2λ give λ* = 1/8 for both; moving any share only
  //   lowers one side, so the optimum is unique: SC(n0) = {B}, SC(n1) = {A}.
  const spec: TestScenario = {
    nodes: [
      { speed: 2, diskReadRate: 100 },
      { speed: 1, diskReadRate: 20 },
    ],
    users: [user('ua', 1), user('ub', 1)],
    jobs: [
      { id: 'a', user: 'ua', submit: 0, maps: maps(4) },
      { id: 'a2', user: 'ua', submit: 10, maps: maps(4) },
      ...[1, 2, 3, 4].map((i) => ({ id: `b${i}`, user: 'ub', submit: 10, maps: [{ inputBytes: 100, replicas: [0, 1], work: 2 }] })),
    ],
    schedulerOptions: { adaptive: { estimates: 'oracle' } },
  };

  it('runs B on n0 and A on n1, and either anywhere when nothing suggested waits', () => {
    // t=0, 1: only a waits; n0's suggested class B has none: fallback, a on both nodes
    //   (0.5 s on n0, 1 s on n1): a on n0 at 0 and 1, on n1 at 0 and 1.
    // t=10: a2 and b1–b4 arrive (a2 first). n0 takes b1 (2 s), not a2; n1 takes a2 (1 s).
    // t=11: n1 a2. t=12: n0 b2 (a tie in fairness, A and B holding nothing, that a2's
    //   earlier arrival would win: the plan decides); n1 a2. t=13: n1 a2 (its last).
    // t=14: n0 b3; n1: no A job waits: fallback, b4 (7 s). t=16: nothing left.
    const run = runAdaptive(spec);
    // Each launch as job@node:start.
    expect(mapLaunches(run).map((r) => `${r.job}@n${r.node}:${r.start}`)).toEqual(
      ['a@n0:0', 'a@n1:0', 'a@n0:1', 'a@n1:1', 'b1@n0:10', 'a2@n1:10', 'a2@n1:11', 'b2@n0:12', 'a2@n1:12', 'a2@n1:13', 'b3@n0:14', 'b4@n1:14'],
    );
  });
});

describe('adaptive scheduler, the locality trick (replication)', () => {
  // n0, n1: speed 2, disk 100 B/s; n2, n3: speed 1, disk 20 B/s; one map slot each, one rack, links 100 B/s.
  // Type A: two jobs of 16 maps without input (work 1); type B: four jobs of 3 maps (work 2) reading
  // 100 B blocks stored on the slow nodes only (n2, n3 in turn). With the oracle's rates the LP
  // suggests A's class everywhere and B's to the fast kind only, so at B's arrival (10) its 12 blocks
  // are asked onto n0 and n1 (the node with the fewest copies asked, in turn): 100 B from a 20 B/s
  // disk, 5 s each alone, and each slow node sends two at once, so four copies end at 15, four at 20
  // and four at 25 (those of b1's and b2's maps that have started by then are dropped or cut).
  const spec = (replication: boolean): TestScenario => ({
    nodes: [
      { speed: 2, diskReadRate: 100, uplinkBandwidth: 100 },
      { speed: 2, diskReadRate: 100, uplinkBandwidth: 100 },
      { speed: 1, diskReadRate: 20, uplinkBandwidth: 100 },
      { speed: 1, diskReadRate: 20, uplinkBandwidth: 100 },
    ],
    users: [user('ua', 1), user('ub', 1)],
    jobs: [
      { id: 'a', user: 'ua', submit: 0, maps: maps(16) },
      { id: 'a2', user: 'ua', submit: 10, maps: maps(16) },
      ...[1, 2, 3, 4].map((i) => ({ id: `b${i}`, user: 'ub', submit: 10, maps: [0, 1, 2].map((t) => ({ inputBytes: 100, replicas: [2 + (t % 2)], work: 2 })) })),
    ],
    schedulerOptions: { adaptive: { estimates: 'oracle', reviewInterval: 0, replication } },
  });
  /** Locality of B's map attempts on the fast nodes, in launch order: 0 node-local, 1 rack-local. */
  const onFastNodes = (run: RunRecord) => {
    const a = run.attempts;
    return Array.from({ length: a.count }, (_, i) => i).filter((i) => a.kind[i] === KIND_MAP && a.node[i] < 2 && run.scenario.jobs[a.job[i]].id.startsWith('b')).map((i) => `${a.start[i]}:${a.locality[i]}`);
  };

  it('copies the blocks of the classes suggested to a kind onto its nodes, and more maps read locally', () => {
    const on = runAdaptive(spec(true));
    const off = runAdaptive(spec(false));
    expect(on.replicationBytes).toBeGreaterThan(0);
    expect(off.replicationBytes).toBeUndefined();
    // A B map on a fast node reads its own copy when one has arrived (0), else a slow node's replica (1); without the trick, always the latter.
    expect(onFastNodes(on)).toEqual(['15:0', '17:1', '17:0', '19:1', '23:1', '25:0', '27:0']);
    expect(onFastNodes(off)).toEqual(['17:1', '17:1', '23:1', '23:1', '31:1', '31:1']);
    // Of B's 12 maps (the only ones with input), node-local: 9 with the trick, 6 without.
    expect(computeMetrics(on).mapNodeLocal).toBeCloseTo((100 * 9) / 12, 9);
    expect(computeMetrics(off).mapNodeLocal).toBeCloseTo((100 * 6) / 12, 9);
    expect(computeMetrics(on).meanCompletionTime!).toBeLessThan(computeMetrics(off).meanCompletionTime!);
  });
});

describe('adaptive scheduler, when it plans again', () => {
  it('solves again only when the estimate moves: with oracle rates, when a node fails and when it recovers', () => {
    // Two alike nodes (one kind): the oracle's rates are fixed but for the kind's live nodes.
    // Plan 1 at the first heartbeat; n1 fails at 4.5 (rates halve: moved), recovers at 9.5 (double: moved).
    // Reviews follow every run event (at most one per heartbeat), so there are many more of them.
    const scenario = testScenario({
      nodes: [{}, {}],
      jobs: [{ maps: maps(12, 2) }, { user: 'v', submit: 6, maps: maps(6, 2) }],
      settings: { failures: [{ node: 1, at: 4.5, recoverAt: 9.5 }] },
      schedulerOptions: { adaptive: { estimates: 'oracle', reviewInterval: 0 } },
    });
    const { run, policy } = scheduledRun<ComposedPolicy>(scenario, 'adaptive', { solver });
    const order = policy.order as AdaptiveOrder;
    expect(run.jobs.map((job) => job.status)).toEqual(['succeeded', 'succeeded']);
    expect(order.plans).toBe(3);
    expect(order.reviews).toBeGreaterThan(10);
  });
});

/**
 * Runs `policy`, and at each map launch records the launching user and every
 * user's state then, read from the view.
 */
function launchStates(scenario: ReturnType<typeof testScenario>) {
  const states: { user: string; held: Map<string, number>; waiting: Set<string> }[] = [];
  const spy = (policy: Policy): Policy => ({
    ...policy,
    name: policy.name,
    onHeartbeat(node: NodeView, view: ClusterView, decisions: Decisions) {
      const watched: Decisions = {
        ...decisions,
        launchMap(job: JobView, task: number) {
          const held = new Map<string, number>();
          const waiting = new Set<string>();
          for (const active of view.activeJobs) {
            held.set(active.spec.user, (held.get(active.spec.user) ?? 0) + active.runningMaps);
            if (active.pendingMaps > 0) waiting.add(active.spec.user);
          }
          states.push({ user: job.spec.user, held, waiting });
          return decisions.launchMap(job, task);
        },
        launchReduce: (job, task) => decisions.launchReduce(job, task),
        kill: (j, kind, t) => decisions.kill(j, kind, t),
        replicate: (j, t, n) => decisions.replicate(j, t, n),
        wakeAt: (t) => decisions.wakeAt(t),
      };
      policy.onHeartbeat(node, view, watched);
    },
  });
  scheduledRun(scenario, 'adaptive', { solver, watch: spy });
  return states;
}

describe('adaptive scheduler, min shares (property)', () => {
  it('never serves a user while another below its min share has a larger priority × remaining share, so a smaller min share is not starved', () => {
    const userArb = fc.record({ priority: fc.integer({ min: 1, max: 3 }), share: fc.integer({ min: 0, max: 5 }) });
    const jobArb = fc.record({ user: fc.nat(), submit: fc.integer({ min: 0, max: 20 }), maps: fc.integer({ min: 1, max: 6 }), work: fc.integer({ min: 1, max: 4 }) });
    fc.assert(
      fc.property(
        fc.array(userArb, { minLength: 2, maxLength: 4 }),
        fc.array(jobArb, { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        (userSpecs, jobSpecs, nodes, slots) => {
          const users = userSpecs.map((u, i) => user(`u${i}`, u.priority, u.share));
          const scenario = testScenario({
            nodes: Array.from({ length: nodes }, () => ({ mapSlots: slots })),
            users,
            jobs: jobSpecs.map((j, i) => ({ id: `j${i}`, user: `u${j.user % users.length}`, submit: j.submit, maps: maps(j.maps, j.work) })),
            settings: { outOfBandHeartbeat: true },
          });
          const need = (id: string, held: Map<string, number>) => {
            const u = users.find((x) => x.id === id)!;
            return u.priority * (u.minShare.map - (held.get(id) ?? 0));
          };
          for (const { user: served, held, waiting } of launchStates(scenario)) {
            const below = [...waiting].filter((id) => need(id, held) > 0);
            for (const other of below) {
              // Served: itself below its min share, with a product at least as large as every waiting user's below theirs.
              expect(need(served, held)).toBeGreaterThanOrEqual(need(other, held));
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('adaptive scheduler options', () => {
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['a negative tolerance', { tolerance: -0.1 }, /schedulerOptions\.adaptive\.tolerance: expected a fraction > 0/],
    ['an unknown estimate source', { estimates: 'psychic' }, /schedulerOptions\.adaptive\.estimates: expected 'learned'/],
    ['a window of no time', { arrivalWindow: 0 }, /schedulerOptions\.adaptive\.arrivalWindow: expected 'all'/],
    ['a class count with exact grouping', { classes: 3 }, /schedulerOptions\.adaptive\.classes: expected no class count with classification 'exact'/],
    ['fewer k-means classes than priorities', { classification: 'kmeans', classes: 1 }, /schedulerOptions\.adaptive\.classes: expected at least one class per user priority \(2\)/],
    ['replication that is not a boolean', { replication: 'yes' }, /schedulerOptions\.adaptive\.replication: expected true \(copy each job's input blocks/],
    ['an unknown option', { replicate: true }, /schedulerOptions\.adaptive\.replicate: expected one of the options/],
  ];
  it.each(bad)('refuses %s, naming the field', (_what, options, message) => {
    const scenario = testScenario({
      nodes: [{}],
      users: [user('p', 1), user('q', 2)],
      jobs: [{ user: 'p', maps: maps(1) }, { user: 'q', maps: maps(1) }],
      schedulerOptions: { adaptive: options },
    });
    expect(() => createScheduler(adaptiveScheduler, scenario, solver)).toThrow(message);
  });

  it('takes durations with units and k-means with a class count', () => {
    const scenario = testScenario({
      nodes: [{}],
      jobs: [{ maps: maps(2) }],
      schedulerOptions: { adaptive: { reviewInterval: '5 s', arrivalWindow: '1 h', classification: 'kmeans', classes: 2 } },
    });
    const { run } = scheduledRun(scenario, 'adaptive', { solver });
    expect(run.jobs.map((job) => job.status)).toEqual(['succeeded']);
  });
});

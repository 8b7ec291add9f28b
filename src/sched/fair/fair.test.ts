import { describe, expect, it } from 'vitest';
import { attemptRows, type AttemptRow } from '../../test-support/attempt-rows.js';
import { defaultPool, testScenario, type TestScenario } from '../../test-support/scenario.js';
import { simulate } from '../../sim/simulate.js';
import { createScheduler, fifoScheduler } from '../index.js';
import { fairScheduler } from './index.js';

function runFair(spec: TestScenario) {
  const scenario = testScenario(spec);
  return attemptRows(simulate(scenario, createScheduler(fairScheduler, scenario), { alignHeartbeats: true }));
}

/** Maps running at time t, per pool. */
function runningAt(table: AttemptRow[], t: number, pools: string[]): number[] {
  return pools.map(
    (pool) => table.filter((r) => r.pool === pool && r.kind === 'map' && r.start <= t && t < r.end).length,
  );
}

const maps = (count: number, work: number) => Array.from({ length: count }, () => ({ work }));

describe('fair scheduler, delay scheduling (hand-computed)', () => {
  // Nodes n0 and n1, one map slot each, heartbeats at 0, 3, 6, … (aligned), delays 1.5 × 3 = 4.5 s each.
  // Job a (t=0): one map without input, work `blocker`: takes n0 at 0 (n0 heartbeats first).
  // Job b (t=1): one map of 100 B whose only replica is on n0, work 1.
  // n1 heartbeats at 3: b has no node-local map there → skipped (first wait update at 3 adds 3 - 0).
  function scenario(blocker: number, sameRack: boolean): TestScenario {
    return {
      nodes: [{ rack: 'a' }, { rack: sameRack ? 'a' : 'b' }],
      jobs: [
        { id: 'a', submit: 0, maps: [{ work: blocker }] },
        { id: 'b', submit: 1, maps: [{ inputBytes: 100, replicas: [0], work: 1 }] },
      ],
      settings: { heartbeatInterval: 3 },
    };
  }

  it('skips a job without a node-local map, then launches rack-local once it has waited the node delay', () => {
    // b skipped at 3 (waited 0, then +3 at 6) and at 6 (3 < 4.5); at 9 it has waited 6 ≥ 4.5: rack-local allowed.
    // Rack-local read: 100 B over 10 B/s links = 10 s, + work 1: 9 → 20.
    const table = runFair(scenario(100, true));
    expect(table.find((r) => r.jobId === 'b')).toMatchObject({ node: 1, start: 9, end: 20, locality: 'rack' });
  });

  it('goes off-rack only after the node and rack delays together', () => {
    // n1 on another rack: at 9 rack-local is allowed but there is none → skipped again;
    // at 12 the wait is 9 ≥ 4.5 + 4.5: every level is allowed. Off-rack read 100 B at 10 B/s = 10 s, + 1: 12 → 23.
    const table = runFair(scenario(100, false));
    expect(table.find((r) => r.jobId === 'b')).toMatchObject({ node: 1, start: 12, end: 23, locality: 'off' });
  });

  it('gets the node-local map when the node frees up within the wait', () => {
    // a ends at 5; n0 heartbeats next at 6. At 6 n1 goes first (its heartbeat was queued at 3): b waited 3 → skipped;
    // then n0: b's map is node-local there. Local read 100 B at 100 B/s = 1 s, + 1: 6 → 8.
    const table = runFair(scenario(5, false));
    expect(table.find((r) => r.jobId === 'b')).toMatchObject({ node: 0, start: 6, end: 8, locality: 'node' });
  });

  it('does not wait at all when the delays are 0, like FIFO', () => {
    // b launches at n1's first heartbeat after its submission, t=3, rack-local as under FIFO.
    const spec = scenario(100, true);
    const table = runFair({ ...spec, schedulerOptions: { fair: { localityDelay: 0 } } });
    expect(table.find((r) => r.jobId === 'b')).toMatchObject({ node: 1, start: 3, locality: 'rack' });
    const fifo = attemptRows(simulate(testScenario(spec), createScheduler(fifoScheduler, testScenario(spec)), { alignHeartbeats: true }));
    expect(fifo.find((r) => r.jobId === 'b')).toMatchObject({ node: 1, start: 3, locality: 'rack' });
  });
});

describe('fair scheduler, sharing between pools (hand-computed)', () => {
  it('splits the slots between pools in proportion to their weights', () => {
    // 3 nodes × 2 map slots, all heartbeat at 0. Pools p (weight 2) and q (weight 1), a job of 10 maps in each.
    // Fair shares: 2R + R = 6 → p 4, q 2. Slot by slot (keys running / fairShare, ties to the larger weight):
    // p (0 vs 0, weight) → q (0 < 1/4) → p (1/4 < 1/2) → p (1/2 = 1/2, weight) → q (1/2 < 3/4) → p: p 4, q 2.
    const table = runFair({
      nodes: [{ mapSlots: 2 }, { mapSlots: 2 }, { mapSlots: 2 }],
      pools: [defaultPool('p', { weight: 2 }), defaultPool('q')],
      jobs: [
        { pool: 'q', maps: maps(10, 10) },
        { pool: 'p', maps: maps(10, 10) },
      ],
    });
    expect(runningAt(table, 0, ['p', 'q'])).toEqual([4, 2]);
  });

  it('serves a needy pool (below its min share) first', () => {
    // 4 nodes × 2 map slots, all heartbeat at 0; pools a and z, a job of 20 maps (work 10) each, both at 0.
    // Without min shares: fair shares 4 and 4, the pools take turns (a first by name): 4 and 4.
    // z with min share 6: fair shares max(6, R) + R = 8 → R = 2: z 6, a 2. z is needy while it runs < 6, so
    // n0..n2 give their 6 slots to z; n3's two go to a (key 0 < z's 6/6).
    const spec = (minShare: number): TestScenario => ({
      nodes: [{ mapSlots: 2 }, { mapSlots: 2 }, { mapSlots: 2 }, { mapSlots: 2 }],
      pools: [defaultPool('a'), defaultPool('z', { minShare: { map: minShare, reduce: 0 } })],
      jobs: [
        { pool: 'a', maps: maps(20, 10) },
        { pool: 'z', maps: maps(20, 10) },
      ],
    });
    const withMin = runFair(spec(6));
    expect(withMin.filter((r) => r.start === 0).map((r) => [r.pool, r.node])).toEqual([
      ['z', 0],
      ['z', 0],
      ['z', 1],
      ['z', 1],
      ['z', 2],
      ['z', 2],
      ['a', 3],
      ['a', 3],
    ]);
    // All these maps end at 10 together, and the heartbeats at 10 repeat the split.
    expect(runningAt(withMin, 10, ['a', 'z'])).toEqual([2, 6]);
    expect(runningAt(runFair(spec(0)), 0, ['a', 'z'])).toEqual([4, 4]);
  });

  it('brings two pools of equal weight on a busy cluster to equal running slots', () => {
    // 4 nodes × 2 map slots. Pool p's job (t=0) takes all 8 slots with maps of work 10, 11, …, 17 (then more).
    // Pool q's job arrives at 5. Each slot freed from 10 on goes to the pool further below its share 4:
    // q until it runs 4 (t=13), then each pool refills its own ends: 4 and 4 from then on.
    const table = runFair({
      nodes: [{ mapSlots: 2 }, { mapSlots: 2 }, { mapSlots: 2 }, { mapSlots: 2 }],
      pools: [defaultPool('p'), defaultPool('q')],
      jobs: [
        { pool: 'p', submit: 0, maps: Array.from({ length: 60 }, (_, i) => ({ work: 10 + (i % 8) })) },
        { pool: 'q', submit: 5, maps: Array.from({ length: 60 }, (_, i) => ({ work: 10 + (i % 5) })) },
      ],
    });
    expect(runningAt(table, 4, ['p', 'q'])).toEqual([8, 0]);
    expect(runningAt(table, 11, ['p', 'q'])).toEqual([6, 2]);
    for (const t of [13, 20, 40, 60, 80]) expect(runningAt(table, t, ['p', 'q'])).toEqual([4, 4]);
  });
});

describe('fair scheduler, inside a pool (hand-computed)', () => {
  // One node with 4 map slots, heartbeats every 1 s. Job j0 (t=0): 8 maps of work 4; job j1 (t=0.5): 4 maps of work 4.
  function spec(mode: 'fifo' | 'fair'): TestScenario {
    return {
      nodes: [{ mapSlots: 4 }],
      pools: [defaultPool('p', { schedulingMode: mode })],
      jobs: [
        { id: 'j0', pool: 'p', submit: 0, maps: maps(8, 4) },
        { id: 'j1', pool: 'p', submit: 0.5, maps: maps(4, 4) },
      ],
    };
  }
  const startsOf = (table: AttemptRow[], job: string) =>
    table.filter((r) => r.jobId === job).map((r) => r.start);

  it('runs a FIFO-mode pool job after job', () => {
    // j0's maps at 0 and 4; j1's at 8.
    const table = runFair(spec('fifo'));
    expect(startsOf(table, 'j0')).toEqual([0, 0, 0, 0, 4, 4, 4, 4]);
    expect(startsOf(table, 'j1')).toEqual([8, 8, 8, 8]);
  });

  it('shares a fair-mode pool between its jobs', () => {
    // At 0 j0 is alone: 4 maps. At 4 both run 0 with fair shares 2 and 2 (demands 4 and 4 over 4 slots):
    // j0 (tie, earlier), j1 (0 < 1/2), j0 (1/2 = 1/2, earlier), j1. At 8: j0's last 2, j1's last 2.
    const table = runFair(spec('fair'));
    expect(startsOf(table, 'j0')).toEqual([0, 0, 0, 0, 4, 4, 8, 8]);
    expect(startsOf(table, 'j1')).toEqual([4, 4, 8, 8]);
  });

  it('gives a higher-priority job the larger share in a fair-mode pool', () => {
    // j1 HIGH (weight × 2): at 4 fair shares 8/3 and 4/3 … j1's demand 4 caps nothing: shares R·1 + R·2 = 4.
    // Order at 4: j1 (0, weight 2), j0 (0), j1 (1/(8/3) = 0.375 < j0's 1/(4/3) = 0.75), j1 (0.75 = 0.75, weight).
    const base = spec('fair');
    const table = runFair({ ...base, jobs: [base.jobs[0], { ...base.jobs[1], priority: 'HIGH' }] });
    expect(startsOf(table, 'j1')).toEqual([4, 4, 4, 8]);
  });
});

describe('fair scheduler, running-job limits', () => {
  it('holds jobs beyond a pool maxRunningJobs until one ends, while other pools proceed', () => {
    // One node, 4 map slots. Pool p allows 1 running job: j0 (2 maps of work 3) runs, j1 waits until j0 ends at 3.
    // Pool q's job j2 is not held: at 0 the pools take turns (p by name, then q at 0 running, then p): j0, j2, j0.
    const table = runFair({
      nodes: [{ mapSlots: 4 }],
      pools: [defaultPool('p', { maxRunningJobs: 1 }), defaultPool('q')],
      jobs: [
        { id: 'j0', pool: 'p', maps: maps(2, 3) },
        { id: 'j1', pool: 'p', maps: maps(1, 1) },
        { id: 'j2', pool: 'q', maps: maps(1, 1) },
      ],
    });
    expect(table.map((r) => [r.jobId, r.start])).toEqual([
      ['j0', 0],
      ['j2', 0],
      ['j0', 0],
      ['j1', 3],
    ]);
  });

  it('holds a user beyond userMaxJobsDefault', () => {
    // Users ann and bob may run 1 job each: ann's second job waits for her first (ends at 2).
    const table = runFair({
      nodes: [{ mapSlots: 4 }],
      pools: [defaultPool('p')],
      jobs: [
        { id: 'a1', user: 'ann', pool: 'p', maps: maps(1, 2) },
        { id: 'a2', user: 'ann', pool: 'p', maps: maps(1, 1) },
        { id: 'b1', user: 'bob', pool: 'p', maps: maps(1, 1) },
      ],
      schedulerOptions: { fair: { userMaxJobsDefault: 1 } },
    });
    expect(Object.fromEntries(table.map((r) => [r.jobId, r.start]))).toEqual({ a1: 0, b1: 0, a2: 2 });
  });
});

describe('fair scheduler, tasks per heartbeat', () => {
  it('fills every free map slot by default, one map per heartbeat without assignMultiple', () => {
    // One node, 3 map slots, heartbeats every 1 s, 3 maps of work 10.
    const spec: TestScenario = { nodes: [{ mapSlots: 3 }], jobs: [{ maps: maps(3, 10) }] };
    expect(runFair(spec).map((r) => r.start)).toEqual([0, 0, 0]);
    const one = runFair({ ...spec, schedulerOptions: { fair: { assignMultiple: false } } });
    expect(one.map((r) => r.start)).toEqual([0, 1, 2]);
  });

  it('launches one reduce per heartbeat by default, all with assignMultipleReduces', () => {
    // One node, 2 reduce slots; a job of one map (work 1) and two reduces (work 5), slow-start 1:
    // the map runs 0 → 1, the reduces start at 1 and 2 — or both at 1.
    const spec: TestScenario = {
      nodes: [{ mapSlots: 1, reduceSlots: 2 }],
      jobs: [{ maps: maps(1, 1), reduces: [{ work: 5 }, { work: 5 }] }],
    };
    const reduceStarts = (table: AttemptRow[]) =>
      table.filter((r) => r.kind === 'reduce').map((r) => r.start);
    expect(reduceStarts(runFair(spec))).toEqual([1, 2]);
    expect(reduceStarts(runFair({ ...spec, schedulerOptions: { fair: { assignMultipleReduces: true } } }))).toEqual([
      1, 1,
    ]);
  });
});

describe('fair scheduler factory', () => {
  it("is registered as 'fair' and checks its options", () => {
    expect(fairScheduler.name).toBe('fair');
    const bad = testScenario({ nodes: [{}], jobs: [], schedulerOptions: { fair: { assignMultiple: 1 } } });
    expect(() => createScheduler(fairScheduler, bad)).toThrow(/schedulerOptions\.fair\.assignMultiple/);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KIND_MAP, KIND_REDUCE, STATUS_KILLED, STATUS_SUCCEEDED, type RunRecord } from '../model/index.js';
import { attemptEnd, attemptEnds } from './attempt-end.js';
import { attemptOrder } from './attempt-order.js';
import { shareMetrics } from './min-share-fairness.js';
import { runSpan } from './span.js';
import { arbitraryRun } from './test-support/arbitrary-run.js';
import { buildRun, type AttemptRow, type JobSpec, type UserSpec } from './test-support/run-builder.js';

function metricsOf(run: RunRecord) {
  const ends = attemptEnds(run);
  return shareMetrics(run, runSpan(run), ends, attemptOrder(run, ends));
}

/** `count` map attempts of `job` running over [start, end), tasks from `firstTask` on. */
function maps(job: number, count: number, start: number, end: number, firstTask = 0): AttemptRow[] {
  return Array.from({ length: count }, (_, k) => ({ job, task: firstTask + k, start, end }));
}

describe('min-share dissatisfaction', () => {
  it('is (minShare − assigned) / minShare × priority while the user has demand (spec: 10, 4, 2 → 1.2)', () => {
    // min share 10, priority 2, 4 slots held over the whole span [0, 5], a fifth map still pending:
    // (10 − 4) / 10 × 2 = 1.2 throughout
    const run = buildRun({
      users: [{ id: 'a', minShare: 10, priority: 2 }],
      jobs: [{ user: 'a', submit: 0, end: 5, status: 'failed', maps: [1, 1, 1, 1, 1] }],
      attempts: maps(0, 4, 0, 5),
    });
    expect(metricsOf(run).minShareDissatisfaction).toBeCloseTo(1.2, 12);
  });

  it('is 0 while the user has no task waiting, and is time-averaged over the span', () => {
    // [0, 5): 4 slots, task 4 pending → 1.2; [5, 10): all 5 maps running, no demand → 0.
    // average = (1.2 × 5 + 0 × 5) / 10 = 0.6
    const run = buildRun({
      users: [{ id: 'a', minShare: 10, priority: 2 }],
      jobs: [{ user: 'a', submit: 0, end: 10, maps: [1, 1, 1, 1, 1] }],
      attempts: [...maps(0, 4, 0, 10), { job: 0, task: 4, start: 5, end: 10 }],
    });
    expect(metricsOf(run).minShareDissatisfaction).toBeCloseTo(0.6, 12);
  });

  it('a failed attempt makes its task pending again until the next attempt starts', () => {
    // min share 2, priority 1, one map: [0, 4) running (1 slot, no demand) → 0;
    // [4, 6) failed and waiting (0 slots, demand) → (2 − 0) / 2 × 1 = 1; [6, 12) running again → 0.
    // average = 1 × 2 / 12 = 1/6
    const run = buildRun({
      users: [{ id: 'a', minShare: 2 }],
      jobs: [{ user: 'a', submit: 0, end: 12, maps: [1] }],
      attempts: [
        { job: 0, start: 0, end: 4, status: 'failed' },
        { job: 0, attempt: 1, start: 6, end: 12 },
      ],
    });
    expect(metricsOf(run).minShareDissatisfaction).toBeCloseTo(1 / 6, 12);
  });

  it('a killed speculative attempt does not make its task pending when another attempt runs or succeeded', () => {
    // min share 3. Task 0: [0, 6) succeeded, speculative copy [2, 7) killed. Task 1: [0, 10).
    // No task is ever waiting (task 0 is running, then succeeded), so dissatisfaction is 0 throughout,
    // although 1–2 slots are held against a min share of 3.
    const run = buildRun({
      users: [{ id: 'a', minShare: 3 }],
      jobs: [{ user: 'a', submit: 0, end: 10, maps: [1, 1] }],
      attempts: [
        { job: 0, task: 0, start: 0, end: 6 },
        { job: 0, task: 0, attempt: 1, start: 2, end: 7, status: 'killed' },
        { job: 0, task: 1, start: 0, end: 10 },
      ],
    });
    expect(metricsOf(run).minShareDissatisfaction).toBe(0);
  });

  it('a map whose output a node failure lost is done until the failure, then pending until it runs again', () => {
    // min share 2. The map ran [0, 3) on node 0 and was recorded killed when node 0 failed at 5; re-run [8, 12).
    // [0, 3) running → 0; [3, 5) done → 0; [5, 8) pending with 0 slots → 2/2 = 1; [8, 12) running → 0.
    // average = 1 × 3 / 12 = 0.25 (reading the killed attempt literally would give 1 × 5 / 12)
    const run = buildRun({
      nodes: [{}, {}],
      failures: [{ node: 0, at: 5, recoverAt: null }],
      users: [{ id: 'a', minShare: 2 }],
      jobs: [{ user: 'a', submit: 0, end: 12, maps: [1] }],
      attempts: [
        { job: 0, node: 0, start: 0, end: 3, status: 'killed' },
        { job: 0, node: 1, attempt: 1, start: 8, end: 12 },
      ],
    });
    expect(metricsOf(run).minShareDissatisfaction).toBeCloseTo(0.25, 12);
  });

  it('reduces are demand from submission; the min share is map + reduce slots', () => {
    // min share 0 map + 1 reduce = 1 slot. Map [0, 4): 1 slot held → not below the share;
    // [4, 5): no slot, reduce waiting → (1 − 0) / 1 = 1; reduce [5, 9) → 0. average = 1 / 9
    const run = buildRun({
      users: [{ id: 'a', minShare: { map: 0, reduce: 1 } }],
      jobs: [{ user: 'a', submit: 0, end: 9, maps: [1], reduces: [1] }],
      attempts: [
        { job: 0, start: 0, end: 4 },
        { job: 0, kind: 'reduce', start: 5, end: 9 },
      ],
    });
    expect(metricsOf(run).minShareDissatisfaction).toBeCloseTo(1 / 9, 12);
  });

  it('sums over users; a user not listed has min share 0 and is never dissatisfied', () => {
    // a: min share 4, priority 3, 1 slot, demand over [0, 10] → (4 − 1) / 4 × 3 = 2.25;
    // b: min share 2, priority 1, 0 slots, job submitted at 5 with one map never started → 1 over [5, 10];
    // x (not listed): nothing. average = (2.25 × 10 + 1 × 5) / 10 = 2.75
    const run = buildRun({
      users: [
        { id: 'a', minShare: 4, priority: 3 },
        { id: 'b', minShare: 2, priority: 1 },
      ],
      jobs: [
        { user: 'a', submit: 0, end: 10, status: 'failed', maps: [1, 1] },
        { user: 'b', submit: 5, end: 10, status: 'failed', maps: [1] },
        { user: 'x', submit: 0, end: 10, status: 'failed', maps: [1, 1] },
      ],
      attempts: [{ job: 0, start: 0, end: 10 }],
    });
    expect(metricsOf(run).minShareDissatisfaction).toBeCloseTo(2.75, 12);
  });

  it('a job stops being demand when it ends', () => {
    // a: min share 1; job 0 ends at 4 with a map never run; span is [0, 8] because of job 1 (user x).
    // demand only over [0, 4): 1 × 4 / 8 = 0.5
    const run = buildRun({
      users: [{ id: 'a', minShare: 1 }],
      jobs: [
        { user: 'a', submit: 0, end: 4, status: 'failed', maps: [1] },
        { user: 'x', submit: 0, end: 8 },
      ],
    });
    expect(metricsOf(run).minShareDissatisfaction).toBeCloseTo(0.5, 12);
  });
});

describe('fairness', () => {
  const users: UserSpec[] = [
    { id: 'a', minShare: 2, priority: 1 },
    { id: 'b', minShare: 0, priority: 1 },
  ];
  const jobs = (cPriorityUser: string): JobSpec[] => [
    { user: 'a', submit: 0, end: 10, maps: [1, 1, 1, 1] },
    { user: 'b', submit: 0, end: 10, maps: [1, 1, 1, 1] },
    { user: cPriorityUser, submit: 5, end: 10, maps: [1, 1] },
  ];
  const attempts: AttemptRow[] = [...maps(0, 3, 0, 10), { job: 0, task: 3, start: 5, end: 10 }, ...maps(1, 4, 0, 10), ...maps(2, 2, 5, 10)];

  it('sums |A − avg| per priority level, A = assigned − min share, over users with an active job', () => {
    // [0, 5): a: 3 − 2 = 1, b: 4 − 0 = 4, avg 2.5 → 1.5 + 1.5 = 3; c not submitted yet.
    // [5, 10): a: 4 − 2 = 2, b: 4, avg 3 → 1 + 1 = 2; c (priority 2) alone at its level → 0.
    // average = (3 × 5 + 2 × 5) / 10 = 2.5
    const run = buildRun({ users: [...users, { id: 'c', priority: 2 }], jobs: jobs('c'), attempts });
    expect(metricsOf(run).fairness).toBeCloseTo(2.5, 12);
  });

  it('users of the same priority share one average', () => {
    // as above but c has priority 1 (not listed → priority 1, min share 0):
    // [5, 10): a 2, b 4, c 2 → avg 8/3 → 2/3 + 4/3 + 2/3 = 8/3. average = (3 × 5 + 8/3 × 5) / 10 = 17/6
    const run = buildRun({ users, jobs: jobs('c'), attempts });
    expect(metricsOf(run).fairness).toBeCloseTo(17 / 6, 12);
  });

  it('is null without a span of positive length', () => {
    expect(metricsOf(buildRun({ jobs: [{ submit: 1, end: 1 }] }))).toEqual({
      minShareDissatisfaction: null,
      fairness: null,
    });
    expect(metricsOf(buildRun({ jobs: [{ submit: 1 }] }))).toEqual({ minShareDissatisfaction: null, fairness: null });
  });
});

/**
 * The definitions evaluated literally at one instant t, from scratch: users,
 * running attempts, tasks neither running nor succeeded, active jobs.
 */
function instant(run: RunRecord, t: number): { dissatisfaction: number; fairness: number } {
  const { scenario, attempts, jobs } = run;
  const share = new Map<string, number>();
  const prio = new Map<string, number>();
  for (const u of scenario.users) {
    share.set(u.id, u.minShare.map + u.minShare.reduce);
    prio.set(u.id, u.priority);
  }
  const ids = [...new Set([...scenario.users.map((u) => u.id), ...jobs.map((j) => j.user)])];
  const assigned = new Map<string, number>(ids.map((id) => [id, 0]));
  const running = new Set<string>();
  const done = new Set<string>();
  const keyOf = (i: number) => `${attempts.job[i]}/${attempts.kind[i]}/${attempts.task[i]}`;
  for (let i = 0; i < attempts.count; i++) {
    const end = attemptEnd(attempts, i, run.endTime);
    const key = keyOf(i);
    if (attempts.start[i] <= t && t < end) {
      running.add(key);
      const user = jobs[attempts.job[i]].user;
      assigned.set(user, (assigned.get(user) ?? 0) + 1);
    }
    if (attempts.status[i] === STATUS_SUCCEEDED && end <= t) done.add(key);
    // A killed map whose node failed after it ended and before the task's next launch: done until that failure.
    if (attempts.kind[i] === KIND_MAP && attempts.status[i] === STATUS_KILLED && end <= t) {
      const failure = Math.min(
        ...scenario.settings.failures.filter((f) => f.node === attempts.node[i] && f.at > end).map((f) => f.at),
      );
      let next = Infinity;
      for (let k = i + 1; k < attempts.count; k++) {
        if (keyOf(k) === key) {
          next = attempts.start[k];
          break;
        }
      }
      if (failure < Infinity && next >= failure && t < failure) done.add(key);
    }
  }
  const activeJob = (j: number) => jobs[j].submit <= t && (jobs[j].end === null || jobs[j].status === 'unfinished' || t < jobs[j].end!);
  const demand = new Set<string>();
  const active = new Set<string>();
  jobs.forEach((job, j) => {
    if (!activeJob(j)) return;
    active.add(job.user);
    const spec = scenario.jobs[j];
    const keys = [
      ...spec.maps.toArray().map((_, k) => `${j}/${KIND_MAP}/${k}`),
      ...spec.reduces.map((_, k) => `${j}/${KIND_REDUCE}/${k}`),
    ];
    if (keys.some((key) => !running.has(key) && !done.has(key))) demand.add(job.user);
  });
  let dissatisfaction = 0;
  for (const id of ids) {
    const m = share.get(id) ?? 0;
    const a = assigned.get(id) ?? 0;
    if (demand.has(id) && a < m) dissatisfaction += ((m - a) / m) * (prio.get(id) ?? 1);
  }
  let fairness = 0;
  for (const p of new Set(ids.map((id) => prio.get(id) ?? 1))) {
    const level = ids.filter((id) => active.has(id) && (prio.get(id) ?? 1) === p);
    if (level.length === 0) continue;
    const values = level.map((id) => (assigned.get(id) ?? 0) - (share.get(id) ?? 0));
    const avg = values.reduce((s, v) => s + v, 0) / values.length;
    fairness += values.reduce((s, v) => s + Math.abs(v - avg), 0);
  }
  return { dissatisfaction, fairness };
}

/** Time averages by evaluating `instant` at the middle of every interval between consecutive event times. */
function reference(run: RunRecord): { dissatisfaction: number; fairness: number } | null {
  const span = runSpan(run);
  if (span === null || !(span.end > span.start)) return null;
  const times = new Set<number>([span.start, span.end]);
  for (const job of run.jobs) {
    times.add(job.submit);
    if (job.end !== null) times.add(job.end);
  }
  for (const failure of run.scenario.settings.failures) times.add(failure.at);
  for (let i = 0; i < run.attempts.count; i++) {
    times.add(run.attempts.start[i]);
    times.add(attemptEnd(run.attempts, i, run.endTime));
  }
  const sorted = [...times].filter((x) => x >= span.start && x <= span.end).sort((x, y) => x - y);
  let d = 0;
  let f = 0;
  for (let k = 0; k + 1 < sorted.length; k++) {
    const v = instant(run, (sorted[k] + sorted[k + 1]) / 2);
    d += v.dissatisfaction * (sorted[k + 1] - sorted[k]);
    f += v.fairness * (sorted[k + 1] - sorted[k]);
  }
  const length = span.end - span.start;
  return { dissatisfaction: d / length, fairness: f / length };
}

describe('the event sweep', () => {
  it('equals the definitions evaluated between every pair of events, on random runs', () => {
    fc.assert(
      fc.property(arbitraryRun, (run) => {
        const got = metricsOf(run);
        const want = reference(run);
        if (want === null) {
          expect(got).toEqual({ minShareDissatisfaction: null, fairness: null });
          return;
        }
        expect(got.minShareDissatisfaction).toBeCloseTo(want.dissatisfaction, 9);
        expect(got.fairness).toBeCloseTo(want.fairness, 9);
      }),
      { numRuns: 400 },
    );
  });

  it('equals the definitions on random runs with node failures and killed maps (lost outputs)', () => {
    // One user with a min share, one job, maps killed often, nodes failing: the lost-output path is common.
    const failing = fc
      .record({
        maps: fc.integer({ min: 1, max: 3 }),
        end: fc.option(fc.integer({ min: 10, max: 30 })),
        attempts: fc.array(
          fc.record({
            task: fc.nat(),
            node: fc.integer({ min: 0, max: 1 }),
            start: fc.integer({ min: 0, max: 25 }),
            length: fc.integer({ min: 0, max: 8 }),
            status: fc.constantFrom('succeeded' as const, 'killed' as const, 'killed' as const, 'failed' as const),
          }),
          { maxLength: 8 },
        ),
        failures: fc.array(fc.record({ node: fc.integer({ min: 0, max: 1 }), at: fc.integer({ min: 0, max: 30 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
      })
      .map((r) =>
        buildRun({
          nodes: [{}, {}],
          failures: r.failures.map((f) => ({ ...f, recoverAt: null })),
          users: [{ id: 'a', minShare: 3, priority: 2 }],
          jobs: [{ user: 'a', submit: 0, end: r.end, maps: Array(r.maps).fill(1) }, { user: 'b', submit: 0, end: 30 }],
          attempts: r.attempts
            .map((a) => ({ job: 0, task: a.task % r.maps, node: a.node, start: a.start, end: a.start + a.length, status: a.status }))
            .sort((x, y) => x.start - y.start),
        }),
      );
    fc.assert(
      fc.property(failing, (run) => {
        const got = metricsOf(run);
        const want = reference(run);
        expect(want).not.toBeNull();
        expect(got.minShareDissatisfaction).toBeCloseTo(want!.dissatisfaction, 9);
        expect(got.fairness).toBeCloseTo(want!.fairness, 9);
      }),
      { numRuns: 300 },
    );
  });
});

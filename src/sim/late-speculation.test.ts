import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AttemptLog } from './attempt-log.js';
import type { BackupRule, SpeculationContext, TaskColumns } from './backup-rule.js';
import { LateSpeculation } from './late-speculation.js';
import { NodeSuccesses } from './node-successes.js';
import { TASK_DONE, TASK_PENDING, TASK_RUNNING } from './task-states.js';
import { interpolatedQuantile } from '../util/interpolated-quantile.js';

const TASKS = 12;
const NODES = 4;

/** What happens to the job's tasks, one step at a time (the numbers pick a task, an attempt, a node or a time). */
type Step =
  | { readonly kind: 'start' | 'backup'; readonly pick: number; readonly node: number; readonly known: boolean; readonly length: number }
  | { readonly kind: 'learn' | 'write' | 'win' | 'stop' | 'drop'; readonly pick: number }
  | { readonly kind: 'tail' }
  | { readonly kind: 'time'; readonly by: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('start' as const, 'backup' as const), pick: fc.nat(), node: fc.nat(NODES - 1), known: fc.boolean(), length: fc.integer({ min: 1, max: 4 }).map((n) => n * 10) }),
  fc.record({ kind: fc.constantFrom('learn' as const, 'write' as const, 'win' as const, 'stop' as const, 'drop' as const), pick: fc.nat() }),
  fc.constant({ kind: 'tail' as const }),
  // Mostly in tens, so that ends and times left tie often.
  fc.record({ kind: fc.constant('time' as const), by: fc.oneof(fc.integer({ min: 1, max: 3 }).map((n) => n * 10), fc.integer({ min: 1, max: 30 })) }),
);

/**
 * A job of TASKS tasks told of each step as the job tracker tells its rule,
 * and the rule's answer at each node set beside LATE's rule applied
 * literally: every running task's rate, their 25th percentile, and of the
 * tasks running alone elsewhere under it the longest time left (ties: the
 * lower task). An end that moves is another at each time (`shift`).
 */
function replay(steps: readonly Step[], shift: number): void {
  const log = new AttemptLog(64);
  const state = new Uint8Array(TASKS);
  const attempt = new Int32Array(TASKS).fill(-1);
  const backup = new Int32Array(TASKS).fill(-1);
  const avoided = new Set<string>();
  const columns: TaskColumns = { state, attempt, backup, avoids: (task, node) => avoided.has(`${task}/${node}`) };
  let now = 0;
  /** Attempts whose end is not known: they write (expected now, NaN), or their end moves with the time. */
  const moving = new Map<number, 'writes' | 'moves'>();
  const expectedEnd = (a: number): number => {
    if (!Number.isNaN(log.end[a])) return log.end[a];
    if (moving.get(a) === 'writes') return NaN;
    return now + 10 * (1 + ((a * 7919 + now * shift) % 4));
  };
  const context: SpeculationContext = {
    log,
    expectedEnd,
    slots: () => 100,
    now: () => now,
    pastWakesDueNow: () => false,
    backupsRunning: () => 0,
    succeededOn: () => new NodeSuccesses(NODES),
    told: { count: 0 },
  };
  const rule: BackupRule = new LateSpeculation(columns, context);
  let tail = false;
  const launch = (task: number, node: number, known: boolean, length: number): number => {
    const a = log.add(0, task, 0, 0, node, now);
    if (known) log.end[a] = now + length;
    else moving.set(a, 'moves');
    return a;
  };
  const running = () => [...Array(TASKS).keys()].filter((task) => state[task] === TASK_RUNNING);
  const pick = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(list.length, 1)];

  for (const s of steps) {
    if (s.kind === 'time') now += s.by;
    else if (s.kind === 'tail') {
      tail = true;
      rule.tailStarted();
    } else if (s.kind === 'start') {
      const task = pick([...Array(TASKS).keys()].filter((t) => state[t] === TASK_PENDING), s.pick);
      if (task === undefined) continue;
      attempt[task] = launch(task, s.node, s.known, s.length);
      state[task] = TASK_RUNNING;
      rule.changed(task);
    } else if (s.kind === 'backup') {
      const task = pick(running().filter((t) => backup[t] < 0), s.pick);
      if (task === undefined) continue;
      backup[task] = launch(task, s.node, s.known, s.length);
      rule.changed(task);
    } else {
      const task = pick(running(), s.pick);
      if (task === undefined) continue;
      const attempts = [attempt[task], backup[task]].filter((a) => a >= 0);
      const a = pick(attempts, s.pick)!;
      if (s.kind === 'learn' && Number.isNaN(log.end[a])) {
        log.end[a] = now + 10 * (1 + (s.pick % 4));
        moving.delete(a);
      } else if (s.kind === 'write') {
        log.end[a] = NaN;
        moving.set(a, 'writes');
      } else if (s.kind === 'drop' && attempts.length === 2) {
        attempt[task] = attempts.find((other) => other !== a)!;
        backup[task] = -1;
        avoided.add(`${task}/${log.node[a]}`);
      } else if (s.kind === 'win') {
        state[task] = TASK_DONE;
        backup[task] = -1;
        rule.won(task, a);
        continue;
      } else if (s.kind === 'stop') {
        state[task] = TASK_PENDING;
        backup[task] = -1;
        rule.stopped(task);
        continue;
      } else continue;
      rule.changed(task);
    }
    if (!tail) continue;
    for (let node = 0; node < NODES; node++) expect(rule.find(node)).toBe(literalFind(node));
  }

  function literalFind(node: number): number {
    const tasks = running();
    const rateOf = (a: number) => {
      const end = expectedEnd(a);
      return 1 / Math.max((Number.isNaN(end) ? now : end) - log.start[a], 1e-3);
    };
    const rates = tasks.map((task) => Math.max(rateOf(attempt[task]), backup[task] >= 0 ? rateOf(backup[task]) : 0));
    if (rates.length === 0) return -1;
    const threshold = interpolatedQuantile([...rates].sort((x, y) => x - y), 0.25);
    let best = -1;
    let bestLeft = -Infinity;
    tasks.forEach((task, k) => {
      if (backup[task] >= 0 || log.node[attempt[task]] === node || avoided.has(`${task}/${node}`) || rates[k] >= threshold) return;
      const end = expectedEnd(attempt[task]);
      const left = Number.isNaN(end) ? 0 : end - now;
      if (left > bestLeft || (left === bestLeft && task < best)) {
        best = task;
        bestLeft = left;
      }
    });
    return best;
  }
}

describe("LATE's rule, its running tasks kept", () => {
  it('backs up the task LATE applied literally would, at every node and after every change', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 80, size: 'max' }), fc.integer({ min: 1, max: 97 }), replay), { numRuns: 1000 });
  });
});

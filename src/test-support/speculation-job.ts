/**
 * One job's tasks of a kind, for tests of a speculation rule on its own
 * (`backup-rule.ts`): random steps (a task starts or is backed up, learns
 * its end, begins to write, wins, stops, loses its backup; the job's tail
 * begins; time passes), applied to the columns and attempt log a rule reads
 * and told to rules as the job tracker tells them.
 */
import fc from 'fast-check';
import { AttemptLog } from '../sim/attempt-log.js';
import type { BackupRule, SpeculationContext, TaskColumns } from '../sim/backup-rule.js';
import { NodeSuccesses } from '../sim/node-successes.js';
import { TASK_DONE, TASK_PENDING, TASK_RUNNING } from '../sim/task-states.js';

export const TASKS = 12;
export const NODES = 4;

/** What happens to the job's tasks, one step at a time (the numbers pick a task, an attempt, a node or a time). */
export type Step =
  | { readonly kind: 'start' | 'backup'; readonly pick: number; readonly node: number; readonly known: boolean; readonly length: number }
  | { readonly kind: 'learn' | 'write' | 'win' | 'stop' | 'drop'; readonly pick: number }
  | { readonly kind: 'tail' }
  | { readonly kind: 'time'; readonly by: number };

/** Steps, a tail's start among them now and then (each one after the first starts it again, as after a re-run). */
export const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('start' as const, 'backup' as const),
      pick: fc.nat(),
      node: fc.nat(NODES - 1),
      known: fc.boolean(),
      length: fc.integer({ min: 1, max: 4 }).map((n) => n * 10),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('learn' as const, 'write' as const, 'win' as const, 'stop' as const, 'drop' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'tail' as const }) },
  // Mostly in tens, so that ends and times left tie often; some shorter than the 3 s between Hadoop 1's progress reports.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      by: fc.oneof(fc.integer({ min: 1, max: 3 }).map((n) => n * 10), fc.integer({ min: 1, max: 30 }), fc.constantFrom(0.5, 1, 2)),
    }),
  },
);

export class SpeculationJob {
  readonly log = new AttemptLog(64);
  readonly state = new Uint8Array(TASKS);
  readonly attempt = new Int32Array(TASKS).fill(-1);
  readonly backup = new Int32Array(TASKS).fill(-1);
  /** `task/node` pairs a task is not to run on again (it lost a backup there). */
  readonly avoided = new Set<string>();
  readonly columns: TaskColumns = { state: this.state, attempt: this.attempt, backup: this.backup, avoids: (task, node) => this.avoided.has(`${task}/${node}`) };
  now = 0;
  /** The job tracker's `TaskBackups.count`: tasks with a backup running. */
  backups = 0;
  readonly context: SpeculationContext;
  /** Attempts whose end is not known: they write (expected now, NaN), or their end moves with the time. */
  private readonly moving = new Map<number, 'writes' | 'moves'>();

  /** `shift`: how an end that moves moves with the time. */
  constructor(private readonly shift: number) {
    this.context = {
      log: this.log,
      expectedEnd: (a) => this.expectedEnd(a),
      slots: () => 100,
      now: () => this.now,
      pastWakesDueNow: () => false,
      // No other job's: LATE's cluster-wide cap is not reached.
      backupsRunning: () => 0,
      succeededOn: () => new NodeSuccesses(NODES),
      told: { count: 0 },
    };
  }

  expectedEnd(a: number): number {
    const { log, now } = this;
    if (!Number.isNaN(log.end[a])) return log.end[a];
    if (this.moving.get(a) === 'writes') return NaN;
    return now + 10 * (1 + ((a * 7919 + now * this.shift) % 4));
  }

  running(): number[] {
    return [...Array(TASKS).keys()].filter((task) => this.state[task] === TASK_RUNNING);
  }

  /**
   * Applies a step other than time passing and tells `rules` of it as the
   * job tracker would; whether it changed anything.
   */
  apply(s: Exclude<Step, { kind: 'time' }>, rules: readonly BackupRule[]): boolean {
    const { state, attempt, backup, log } = this;
    const tell = (told: (rule: BackupRule) => void) => rules.forEach(told);
    if (s.kind === 'tail') {
      tell((rule) => rule.tailStarted());
      return true;
    }
    if (s.kind === 'start') {
      const task = pick([...Array(TASKS).keys()].filter((t) => state[t] === TASK_PENDING), s.pick);
      if (task === undefined) return false;
      attempt[task] = this.launch(task, s.node, s.known, s.length);
      state[task] = TASK_RUNNING;
      tell((rule) => rule.changed(task));
      return true;
    }
    if (s.kind === 'backup') {
      const task = pick(this.running().filter((t) => backup[t] < 0), s.pick);
      if (task === undefined) return false;
      backup[task] = this.launch(task, s.node, s.known, s.length);
      this.backups++;
      tell((rule) => rule.changed(task));
      return true;
    }
    const task = pick(this.running(), s.pick);
    if (task === undefined) return false;
    const attempts = [attempt[task], backup[task]].filter((a) => a >= 0);
    const a = pick(attempts, s.pick)!;
    if (s.kind === 'learn' && Number.isNaN(log.end[a])) {
      log.end[a] = this.now + 10 * (1 + (s.pick % 4));
      this.moving.delete(a);
    } else if (s.kind === 'write') {
      log.end[a] = NaN;
      this.moving.set(a, 'writes');
    } else if (s.kind === 'drop' && attempts.length === 2) {
      attempt[task] = attempts.find((other) => other !== a)!;
      backup[task] = -1;
      this.backups--;
      this.avoided.add(`${task}/${log.node[a]}`);
    } else if (s.kind === 'win' || s.kind === 'stop') {
      if (backup[task] >= 0) this.backups--;
      backup[task] = -1;
      if (s.kind === 'win') {
        state[task] = TASK_DONE;
        if (!Number.isNaN(log.end[a])) log.end[a] = Math.min(log.end[a], this.now);
        else log.end[a] = this.now;
        tell((rule) => rule.won(task, a));
      } else {
        state[task] = TASK_PENDING;
        tell((rule) => rule.stopped(task));
      }
      return true;
    } else return false;
    tell((rule) => rule.changed(task));
    return true;
  }

  private launch(task: number, node: number, known: boolean, length: number): number {
    const a = this.log.add(0, task, 0, 0, node, this.now);
    if (known) this.log.end[a] = this.now + length;
    else this.moving.set(a, 'moves');
    return a;
  }
}

function pick<T>(list: readonly T[], n: number): T | undefined {
  return list[n % Math.max(list.length, 1)];
}

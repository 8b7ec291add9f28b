/**
 * One job's speculative execution of one kind of task, its maps or its
 * reduces, by LATE, Longest Approximate Time to End (Zaharia, Konwinski,
 * Joseph, Katz, Stoica, OSDI 2008; `settings.speculation.policy: late`).
 *
 * A job offered a slot with no task of the kind left to launch backs up a
 * running one unless the cluster runs SpeculativeCap backups of the kind
 * already (10% of its slots of the kind; the paper caps all slots together)
 * or the node is slow: the work it has done, counted as the attempts
 * that succeeded on it (the paper's sum of progress scores, without the
 * running ones), is under the cluster's 25th percentile (SlowNodeThreshold).
 * Among the job's tasks of the kind with one attempt running, not on this
 * node, whose progress rate is under the 25th percentile of its running
 * ones' rates
 * (SlowTaskThreshold), it backs up the one with the longest estimated time
 * left, (1 − progress) / rate: here the time to the end its progress is
 * reported against. There is no lag: a map's rate is known from its start
 * here, where a real task reports progress only after a while, so LATE
 * reacts sooner in this model than on a cluster. Each offer in the job's
 * tail looks at all its running tasks of the kind (listed as they start and
 * end; ties go to the lower task, as in a walk of the tasks in order).
 */
import type { BackupRule, TaskColumns, SpeculationContext } from './backup-rule.js';
import { TASK_RUNNING } from './task-states.js';
import { quantileOf } from '../util/interpolated-quantile.js';

/** The paper's settings: backups at most 10% of the slots; slow nodes and slow tasks under the 25th percentile. */
const SPECULATIVE_CAP = 0.1;
const SLOW_NODE_PERCENTILE = 0.25;
const SLOW_TASK_PERCENTILE = 0.25;


export class LateSpeculation implements BackupRule {
  private inTail = false;
  wakeAt = Infinity;
  /** The tasks running, in no order, and each task's place in that list plus one (0: not in it). */
  private readonly running: number[] = [];
  private readonly place: Int32Array;

  constructor(
    private readonly tasks: TaskColumns,
    private readonly context: SpeculationContext,
  ) {
    this.place = new Int32Array(tasks.state.length);
  }

  mayBackUp(): boolean {
    return this.inTail && this.context.backupsRunning() < SPECULATIVE_CAP * this.context.slots();
  }

  /** The answer moves with the backups running and the slots, not with time. */
  noHoldsUntil(): number {
    return Infinity;
  }

  find(node: number): number {
    if (this.slowNode(node)) return -1;
    const now = this.context.now();
    const log = this.context.log;
    const { attempt, backup } = this.tasks;
    const rates: number[] = [];
    const candidates: number[] = [];
    const rateOf = new Map<number, number>();
    for (const task of this.running) {
      const rate = Math.max(this.rate(attempt[task], now), backup[task] >= 0 ? this.rate(backup[task], now) : 0);
      rates.push(rate);
      if (backup[task] >= 0 || log.node[attempt[task]] === node || this.tasks.avoids(task, node)) continue;
      candidates.push(task);
      rateOf.set(task, rate);
    }
    if (candidates.length === 0) return -1;
    const threshold = quantileOf(rates, SLOW_TASK_PERCENTILE);
    let best = -1;
    let bestLeft = -Infinity;
    for (const task of candidates) {
      if (rateOf.get(task)! >= threshold) continue;
      const left = this.timeLeft(attempt[task], now);
      if (left > bestLeft || (left === bestLeft && task < best)) {
        best = task;
        bestLeft = left;
      }
    }
    return best;
  }

  changed(task: number): void {
    if (this.tasks.state[task] !== TASK_RUNNING || this.place[task] > 0) return;
    this.place[task] = this.running.push(task);
  }

  won(task: number): void {
    this.notRunning(task);
  }

  stopped(task: number): void {
    this.notRunning(task);
  }

  tailStarted(): void {
    this.inTail = true;
  }

  nextWake(): number {
    return Infinity;
  }

  woken(): void {}

  /** `task` is off the list of those running (the last one listed takes its place). */
  private notRunning(task: number): void {
    const at = this.place[task] - 1;
    if (at < 0) return;
    this.place[task] = 0;
    const last = this.running.pop()!;
    if (last === task) return;
    this.running[at] = last;
    this.place[last] = at + 1;
  }

  /** Progress over the time since the attempt started: 1 over its expected duration (a writing one's progress is 1). */
  private rate(attempt: number, now: number): number {
    const start = this.context.log.start[attempt];
    const end = this.context.expectedEnd(attempt);
    return 1 / Math.max((Number.isNaN(end) ? now : end) - start, 1e-3);
  }

  /** (1 − progress) / rate: the time to its expected end (none while it writes). */
  private timeLeft(attempt: number, now: number): number {
    const end = this.context.expectedEnd(attempt);
    return Number.isNaN(end) ? 0 : end - now;
  }

  /** SlowNodeThreshold: the node has done less work than a quarter of the cluster's nodes. */
  private slowNode(node: number): boolean {
    const work = this.context.succeededOn();
    return work.on(node) < work.quantile(SLOW_NODE_PERCENTILE);
  }
}

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
 * reacts sooner in this model than on a cluster. From the job's tail on,
 * its running tasks are kept as LATE reads them (`late-running-tasks.ts`), so
 * that an offer finds the same task without looking at each.
 */
import type { BackupRule, TaskColumns, SpeculationContext } from './backup-rule.js';
import { LateRunningTasks } from './late-running-tasks.js';
import { quantileOfTwo } from '../util/interpolated-quantile.js';

/** The paper's settings: backups at most 10% of the slots; slow nodes and slow tasks under the 25th percentile. */
const SPECULATIVE_CAP = 0.1;
const SLOW_NODE_PERCENTILE = 0.25;
const SLOW_TASK_PERCENTILE = 0.25;

export class LateSpeculation implements BackupRule {
  private inTail = false;
  wakeAt = Infinity;
  private readonly running: LateRunningTasks;
  /** At an offer, each moving task's first attempt's expected end and its rate, and the rates sorted (kept, grown as needed). */
  private movingEnds = new Float64Array(16);
  private movingRates = new Float64Array(16);
  private sortedRates = new Float64Array(16);

  constructor(
    private readonly tasks: TaskColumns,
    private readonly context: SpeculationContext,
  ) {
    this.running = new LateRunningTasks(tasks, context);
  }

  mayBackUp(): boolean {
    return this.inTail && this.context.backupsRunning() < SPECULATIVE_CAP * this.context.slots();
  }

  /** The answer moves with the backups running and the slots, not with time. */
  noHoldsUntil(): number {
    return Infinity;
  }

  /**
   * The task with the longest time left (ties: the lower task) among those
   * running alone, not on `node` nor kept from it, under the slow-task
   * threshold. Those whose ends move are looked at one by one; of the
   * others, only those with the latest ends, until the time left falls under
   * the best found.
   */
  find(node: number): number {
    if (this.slowNode(node)) return -1;
    const { running } = this;
    running.index();
    const now = this.context.now();
    const moving = running.moving.items;
    this.readMoving(now);
    const threshold = quantileOfTwo(running.rates.keys, running.rates.count, this.sortedRates, moving.length, SLOW_TASK_PERCENTILE);
    if (Number.isNaN(threshold)) return -1; // none runs
    let best = -1;
    let bestLeft = -Infinity;
    for (let k = 0; k < moving.length; k++) {
      const task = moving[k];
      if (!this.backsUpOn(task, node) || this.movingRates[k] >= threshold) continue;
      const end = this.movingEnds[k];
      const left = Number.isNaN(end) ? 0 : end - now; // (1 − progress) / rate: none while it writes
      if (left > bestLeft || (left === bestLeft && task < best)) {
        best = task;
        bestLeft = left;
      }
    }
    const { keys, ids, count } = running.byEnd;
    for (let k = 0; k < count; k++) {
      const left = -keys[k] - now;
      if (left < bestLeft) break;
      const task = ids[k];
      if (!this.backsUpOn(task, node) || running.rate[task] >= threshold) continue;
      if (left > bestLeft || task < best) {
        best = task;
        bestLeft = left;
      }
    }
    return best;
  }

  changed(task: number): void {
    this.running.changed(task);
  }

  won(task: number): void {
    this.running.changed(task);
  }

  stopped(task: number): void {
    this.running.changed(task);
  }

  tailStarted(): void {
    this.inTail = true;
    this.running.index();
  }

  nextWake(): number {
    return Infinity;
  }

  woken(): void {}

  /** The moving tasks' first attempts' expected ends and the tasks' rates now (progress over the time since the attempt started, the better of two), and the rates sorted for SlowTaskThreshold. */
  private readMoving(now: number): void {
    const moving = this.running.moving.items;
    if (this.movingEnds.length < moving.length) {
      this.movingEnds = new Float64Array(2 * moving.length);
      this.movingRates = new Float64Array(2 * moving.length);
      this.sortedRates = new Float64Array(2 * moving.length);
    }
    const { movingEnds, movingRates } = this;
    const { attempt, backup } = this.tasks;
    for (let k = 0; k < moving.length; k++) {
      const task = moving[k];
      const end = (movingEnds[k] = this.context.expectedEnd(attempt[task]));
      const second = backup[task];
      movingRates[k] = Math.max(this.rate(attempt[task], end, now), second >= 0 ? this.rate(second, this.context.expectedEnd(second), now) : 0);
    }
    this.sortedRates.set(movingRates.subarray(0, moving.length));
    this.sortedRates.subarray(0, moving.length).sort();
  }

  /** Running `task` runs alone elsewhere than on `node`, and may run there. */
  private backsUpOn(task: number, node: number): boolean {
    const { attempt, backup } = this.tasks;
    return backup[task] < 0 && this.context.log.node[attempt[task]] !== node && !this.tasks.avoids(task, node);
  }

  /** Progress over the time since `attempt` started, expected to end at `end`: 1 over its expected duration (a writing one's progress is 1). */
  private rate(attempt: number, end: number, now: number): number {
    return 1 / Math.max((Number.isNaN(end) ? now : end) - this.context.log.start[attempt], 1e-3);
  }

  /** SlowNodeThreshold: the node has done less work than a quarter of the cluster's nodes. */
  private slowNode(node: number): boolean {
    const work = this.context.succeededOn();
    return work.on(node) < work.quantile(SLOW_NODE_PERCENTILE);
  }
}

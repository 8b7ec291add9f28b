/**
 * One job's speculative execution of one kind of task, its maps or its
 * reduces, by YARN's rule: the MapReduce ApplicationMaster's
 * DefaultSpeculator with its LegacyTaskRuntimeEstimator
 * (`settings.speculation.policy: yarn`, the default in YARN mode), which
 * treats each kind apart.
 *
 * The AM looks for a task of the kind to back up every second, and 15 s
 * after it found one (`mapreduce.job.speculative.retry-after-no-speculate`,
 * `…retry-after-speculate`), once no task of the kind waits for a
 * container. Nothing is backed up until a task of the kind has succeeded
 * and 5% of the job's have (the estimator's
 * MINIMUM_COMPLETE_NUMBER_TO_SPECULATE and …PROPORTION…). Each running task
 * with one attempt is valued by how much sooner a new attempt would end: its
 * expected end (start plus elapsed time over progress, here the end its
 * progress is reported against) less now plus the mean duration of the
 * job's succeeded attempts of the kind; a task expected to end before now
 * (progress is good) or no later than a new attempt would is not valued.
 * The task of the highest value is backed up if fewer tasks have two
 * attempts running than the cap: the largest of 10, 1% of the job's tasks
 * of the kind and 10% of its running ones (`…speculative-cap-running-tasks`,
 * `…speculative-cap-total-tasks`, `…minimum-allowed-tasks`). Its backup is
 * asked for: it starts in the next slot of the kind offered to the job on
 * another node (the AM's container request); until it has, the AM scans no
 * more, as it waits for a container.
 *
 * A scan that asks for nothing, where every running task's expected end is
 * fixed, asks for nothing again until the rule is told something: later
 * scans only see the new attempt's end move further off. So none is run
 * (no wake is due) until then; the scans resume on their 1 s beat, at the
 * first one the AM would not have run already.
 */
import { DataStatistics } from './data-statistics.js';
import type { BackupRule, TaskColumns, SpeculationContext } from './backup-rule.js';
import { TASK_RUNNING } from './task-states.js';
import { IdSet } from '../util/id-set.js';

/** Seconds between scans when the last found nothing, and after one that asked for a backup. */
const RETRY_AFTER_NO_SPECULATE = 1;
const RETRY_AFTER_SPECULATE = 15;
/** Succeeded tasks of the kind, and their share of the job's, before any backup. */
const MINIMUM_COMPLETE = 1;
const MINIMUM_COMPLETE_PROPORTION = 0.05;
/** The cap on tasks with a backup running: the largest of these. */
const MINIMUM_ALLOWED = 10;
const CAP_TOTAL_TASKS = 0.01;
const CAP_RUNNING_TASKS = 0.1;

export class YarnSpeculation implements BackupRule {
  /** Durations of the job's succeeded attempts of the kind: their mean is what a new attempt is expected to take. */
  private readonly succeeded = new DataStatistics();
  /** Tasks whose backup was asked for and has not started yet, in the order asked. */
  private readonly asked: number[] = [];
  private inTail = false;
  /** The tasks running (a scan looks at these, not at every task). */
  private readonly running: IdSet;
  /** When the next scan is due. */
  private nextScan = Infinity;
  /** The last scan asked for nothing and the next would ask for nothing either, until the rule is told something. */
  private idle = false;
  wakeAt = Infinity;

  constructor(
    private readonly tasks: TaskColumns,
    private readonly context: SpeculationContext,
    /** The job's tasks of the kind waiting for a slot (the AM's container needs). */
    private readonly pending: () => number,
  ) {
    this.running = new IdSet(tasks.state.length);
  }

  mayBackUp(): boolean {
    if (this.asked.length === 0) return false; // most jobs asked, most often
    this.dropStale();
    return this.asked.length > 0;
  }

  /** Backups are asked for at the scans (`woken`), not as time passes. */
  noHoldsUntil(): number {
    return Infinity;
  }

  find(node: number): number {
    this.dropStale();
    const log = this.context.log;
    for (const task of this.asked) {
      if (log.node[this.tasks.attempt[task]] !== node && !this.tasks.avoids(task, node)) return task;
    }
    return -1;
  }

  changed(task: number): void {
    if (this.tasks.state[task] === TASK_RUNNING) this.running.add(task);
    this.resume();
  }

  won(task: number, attempt: number): void {
    const log = this.context.log;
    this.succeeded.add(log.end[attempt] - log.start[attempt]);
    this.running.delete(task);
    this.resume();
  }

  stopped(task: number): void {
    this.running.delete(task);
    this.resume();
  }

  tailStarted(): void {
    this.inTail = true;
    this.idle = false;
    this.nextScan = this.context.now();
  }

  nextWake(): number {
    return this.inTail && !this.idle ? this.nextScan : Infinity;
  }

  /** A scan: one task's backup asked for at most, and the next scan set. */
  woken(): void {
    const now = this.context.now();
    const asked = this.scan(now);
    this.nextScan = now + (asked ? RETRY_AFTER_SPECULATE : RETRY_AFTER_NO_SPECULATE);
  }

  /** Told something while idle: the next scan is the first of the 1 s beat the AM would not have run yet (one due now, if it would come after what told the rule). */
  private resume(): void {
    if (!this.idle) return;
    this.idle = false;
    const now = this.context.now();
    const pastNow = this.context.pastWakesDueNow();
    while (this.nextScan < now || (this.nextScan === now && pastNow)) this.nextScan += RETRY_AFTER_NO_SPECULATE;
  }

  /**
   * DefaultSpeculator.maybeScheduleASpeculation for the job's tasks of the
   * kind: whether it asked for a backup. One that asks for none with
   * nothing asked for before goes idle, unless a running task's expected
   * end moves (it reads or copies through the network): what stops it
   * changes only with what the rule is told, and a fixed end only falls
   * further behind a new attempt's as time passes.
   */
  private scan(now: number): boolean {
    this.dropStale();
    // The AM scans only a job none of whose tasks of the kind waits for a container, a backup asked for included.
    if (this.pending() > 0 || this.asked.length > 0) return this.none(this.asked.length === 0);
    const { attempt, backup } = this.tasks;
    const total = attempt.length;
    const done = this.succeeded.count;
    if (done < MINIMUM_COMPLETE || done / total < MINIMUM_COMPLETE_PROPORTION) return this.none(true);
    const replacementEnd = now + this.succeeded.mean;
    const knownEnd = this.context.log.end;
    const running = this.running.size;
    let speculating = 0;
    let best = -1;
    let bestValue = 0;
    let fixed = true;
    // Walked in no order: of equal values, the lower task, as the AM's walk in order finds.
    for (const task of this.running.items) {
      if (backup[task] >= 0) {
        speculating++;
        continue;
      }
      const end = this.context.expectedEnd(attempt[task]);
      // Fixed: its end is known, or it writes (expected now, whenever now is).
      if (Number.isNaN(knownEnd[attempt[task]]) && !Number.isNaN(end)) fixed = false;
      // NaN: it writes its output (progress 1), so it is expected to end now.
      if (Number.isNaN(end) || end < now || replacementEnd >= end) continue;
      const value = end - replacementEnd;
      if (value > bestValue || (value === bestValue && task < best)) {
        best = task;
        bestValue = value;
      }
    }
    const allowed = Math.max(MINIMUM_ALLOWED, CAP_TOTAL_TASKS * total, CAP_RUNNING_TASKS * running);
    if (best < 0) return this.none(fixed);
    if (allowed <= speculating) return this.none(true);
    this.asked.push(best);
    return true;
  }

  /** The scan asked for nothing; `again`: nor would the next, until the rule is told something. */
  private none(again: boolean): boolean {
    this.idle = again;
    return false;
  }

  /** Asked-for backups of tasks no longer running alone (done, pending again, or backed up already) are dropped. */
  private dropStale(): void {
    const { state, backup } = this.tasks;
    for (let i = this.asked.length - 1; i >= 0; i--) {
      const task = this.asked[i];
      if (state[task] !== TASK_RUNNING || backup[task] >= 0) this.asked.splice(i, 1);
    }
  }
}

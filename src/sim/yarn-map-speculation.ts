/**
 * One job's speculative execution of maps by YARN's rule: the MapReduce
 * ApplicationMaster's DefaultSpeculator with its LegacyTaskRuntimeEstimator
 * (`settings.speculation.policy: yarn`, the default in YARN mode).
 *
 * The AM looks for a map to back up every second, and 15 s after it found
 * one (`mapreduce.job.speculative.retry-after-no-speculate`,
 * `…retry-after-speculate`), once no map of the job waits for a container.
 * Nothing is backed up until a map has succeeded and 5% of the job's maps
 * have (the estimator's MINIMUM_COMPLETE_NUMBER_TO_SPECULATE and
 * …PROPORTION…). Each running map with one attempt is valued by how much
 * sooner a new attempt would end: its expected end (start plus elapsed time
 * over progress, here the end its progress is reported against) less now
 * plus the mean duration of the job's succeeded attempts; a map expected to
 * end before now (progress is good) or no later than a new attempt would is
 * not valued. The map of the highest value is backed up if fewer maps have
 * two attempts running than the cap: the largest of 10, 1% of the job's maps
 * and 10% of its running maps (`…speculative-cap-running-tasks`,
 * `…speculative-cap-total-tasks`, `…minimum-allowed-tasks`). Its backup is
 * asked for: it starts in the next map slot offered to the job on another
 * node (the AM's container request); until it has, the AM scans no more,
 * as it waits for a container.
 */
import { DataStatistics } from './data-statistics.js';
import type { MapBackupRule, MapColumns, SpeculationContext } from './backup-rule.js';
import { TASK_RUNNING } from './task-states.js';

/** Seconds between scans when the last found nothing, and after one that asked for a backup. */
const RETRY_AFTER_NO_SPECULATE = 1;
const RETRY_AFTER_SPECULATE = 15;
/** Succeeded maps, and their share of the job's, before any backup. */
const MINIMUM_COMPLETE = 1;
const MINIMUM_COMPLETE_PROPORTION = 0.05;
/** The cap on maps with a backup running: the largest of these. */
const MINIMUM_ALLOWED = 10;
const CAP_TOTAL_TASKS = 0.01;
const CAP_RUNNING_TASKS = 0.1;

export class YarnMapSpeculation implements MapBackupRule {
  /** Durations of the job's succeeded map attempts: their mean is what a new attempt is expected to take. */
  private readonly succeeded = new DataStatistics();
  /** Maps whose backup was asked for and has not started yet, in the order asked. */
  private readonly asked: number[] = [];
  private inTail = false;
  /** When the next scan is due. */
  private nextScan = Infinity;
  wakeAt = Infinity;

  constructor(
    private readonly maps: MapColumns,
    private readonly context: SpeculationContext,
    /** The job's maps waiting for a slot (the AM's container needs). */
    private readonly pendingMaps: () => number,
  ) {}

  mayBackUp(): boolean {
    this.dropStale();
    return this.asked.length > 0;
  }

  find(node: number): number {
    this.dropStale();
    const log = this.context.log;
    for (const task of this.asked) {
      if (log.node[this.maps.attempt[task]] !== node && !this.maps.avoids(task, node)) return task;
    }
    return -1;
  }

  changed(): void {}

  won(_task: number, attempt: number): void {
    const log = this.context.log;
    this.succeeded.add(log.end[attempt] - log.start[attempt]);
  }

  stopped(): void {}

  tailStarted(): void {
    this.inTail = true;
    this.nextScan = this.context.now();
  }

  nextWake(): number {
    return this.inTail ? this.nextScan : Infinity;
  }

  /** A scan: one map's backup asked for at most, and the next scan set. */
  woken(): void {
    const now = this.context.now();
    const asked = this.scan(now);
    this.nextScan = now + (asked ? RETRY_AFTER_SPECULATE : RETRY_AFTER_NO_SPECULATE);
  }

  /** DefaultSpeculator.maybeScheduleASpeculation for the job's maps: whether it asked for a backup. */
  private scan(now: number): boolean {
    this.dropStale();
    // The AM scans only a job none of whose maps waits for a container, a backup asked for included.
    if (this.pendingMaps() > 0 || this.asked.length > 0) return false;
    const { state, attempt, backup } = this.maps;
    const total = state.length;
    const done = this.succeeded.count;
    if (done < MINIMUM_COMPLETE || done / total < MINIMUM_COMPLETE_PROPORTION) return false;
    const replacementEnd = now + this.succeeded.mean;
    let running = 0;
    let speculating = 0;
    let best = -1;
    let bestValue = 0;
    for (let task = 0; task < total; task++) {
      if (state[task] !== TASK_RUNNING) continue;
      running++;
      if (backup[task] >= 0) {
        speculating++;
        continue;
      }
      const end = this.context.expectedEnd(attempt[task]);
      // NaN: it writes its output (progress 1), so it is expected to end now.
      if (Number.isNaN(end) || end < now || replacementEnd >= end) continue;
      const value = end - replacementEnd;
      if (value > bestValue) {
        best = task;
        bestValue = value;
      }
    }
    const allowed = Math.max(MINIMUM_ALLOWED, CAP_TOTAL_TASKS * total, CAP_RUNNING_TASKS * running);
    if (best < 0 || allowed <= speculating) return false;
    this.asked.push(best);
    return true;
  }

  /** Asked-for backups of maps no longer running alone (done, pending again, or backed up already) are dropped. */
  private dropStale(): void {
    const { state, backup } = this.maps;
    for (let i = this.asked.length - 1; i >= 0; i--) {
      const task = this.asked[i];
      if (state[task] !== TASK_RUNNING || backup[task] >= 0) this.asked.splice(i, 1);
    }
  }
}

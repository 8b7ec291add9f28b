/**
 * Speculative execution of maps, Hadoop 1's rule (`JobInProgress.findSpeculativeTask`
 * with `TaskInProgress.canBeSpeculated`), on with `settings.speculation.maps`.
 *
 * When a job offered a map slot has no map left to launch, it may back up a
 * running one (`ClusterView.findMap` at any locality: Hadoop's
 * obtainNewMapTask). The job gives none to a tracker it finds slow (its
 * finished maps there took longer on average than the job's trackers' mean
 * by more than one standard deviation of those means, `slownodethreshold`
 * 1), nor past its cap (at least 10 backups running, and 1% of the cluster's
 * map slots, and a tenth of its running maps: `speculativecap` 0.1). Else it
 * picks among its maps with one attempt running, not on this node, running
 * 60 s or more (SPECULATIVE_LAG), whose progress rate is under the mean of
 * its maps' rates by more than one standard deviation (`slowtaskthreshold`
 * 1): the one whose estimated time left, (1 − progress) / rate, is longest.
 * The mean counts every map the job has run, a finished one at the rate it
 * finished at (Hadoop's runningMapTaskStats keeps them). The first attempt
 * to finish wins; the other is killed.
 *
 * Progress is the share of its input a map has processed: the share of its
 * time gone once its end is known; 0 while a read sharing the network goes
 * on (its records are processed after it, in this model); 1 while it writes
 * its output. Rate: progress over the time since the attempt started.
 */
import type { AttemptLog } from './attempt-log.js';
import { Statistics } from './finished-maps.js';
import { TASK_RUNNING, type JobState } from './job-state.js';

/** Hadoop 1's SPECULATIVE_LAG: an attempt runs this long before it may be backed up. */
export const SPECULATIVE_LAG = 60;
const SLOW_TASK_THRESHOLD = 1;
const SPECULATIVE_CAP = 0.1;
const MIN_SPECULATIVE_CAP = 10;
const MIN_SLOTS_CAP = 0.01;

export class MapSpeculation {
  private rates = new Float64Array(0);
  private progresses = new Float64Array(0);

  constructor(
    private readonly log: AttemptLog,
    /** How far a running map attempt is, 0 … 1. */
    private readonly progress: (attempt: number, now: number) => number,
    /** The cluster's map slots now. */
    private readonly mapSlots: () => number,
  ) {}

  /** The map of `job` to back up on `node` at `now`, or -1. */
  find(job: JobState, node: number, now: number): number {
    const finished = job.finishedMaps!;
    if (finished.isSlow(node)) return -1;
    const maps = job.job.maps.length;
    if (this.rates.length < maps) {
      this.rates = new Float64Array(maps);
      this.progresses = new Float64Array(maps);
    }
    const { rates, progresses, log } = this;
    const stats = new Statistics();
    stats.count = finished.rates.count;
    stats.sum = finished.rates.sum;
    stats.sumSquares = finished.rates.sumSquares;
    let running = 0;
    for (let task = 0; task < maps; task++) {
      if (job.mapState[task] !== TASK_RUNNING) continue;
      running++;
      progresses[task] = 0;
      // A task's rate is its best attempt's.
      let best = this.rateOf(job.mapAttempt[task], now);
      const backup = job.backupAttempt[task];
      if (backup >= 0) best = Math.max(best, this.rateOf(backup, now));
      rates[task] = best;
      stats.add(best);
    }
    const backups = job.backups;
    if (running === 0 || (backups >= MIN_SPECULATIVE_CAP && backups >= this.mapSlots() * MIN_SLOTS_CAP && backups / running >= SPECULATIVE_CAP)) return -1;
    const threshold = stats.mean - stats.std * SLOW_TASK_THRESHOLD;
    let chosen = -1;
    let chosenScore = Infinity;
    for (let task = 0; task < maps; task++) {
      if (job.mapState[task] !== TASK_RUNNING || job.backupAttempt[task] >= 0) continue;
      const attempt = job.mapAttempt[task];
      if (log.node[attempt] === node || now - log.start[attempt] < SPECULATIVE_LAG || !(rates[task] < threshold)) continue;
      // Hadoop's EstimatedTimeLeftComparator: the smallest rate / (1 − progress) is expected to end last.
      const score = rates[task] / Math.max(1e-4, 1 - progresses[task]);
      if (score < chosenScore) {
        chosen = task;
        chosenScore = score;
      }
    }
    return chosen;
  }

  /** Progress over the time since the attempt started (Hadoop's getCurrentProgressRate); its progress kept for the comparator. */
  private rateOf(attempt: number, now: number): number {
    const progress = this.progress(attempt, now);
    this.progresses[this.log.task[attempt]] = Math.max(this.progresses[this.log.task[attempt]], progress);
    return progress / Math.max(now - this.log.start[attempt], 1e-3);
  }
}

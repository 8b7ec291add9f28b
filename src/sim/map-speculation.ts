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
import type { BackupRanking, JobState } from './job-state.js';

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
    if (job.finishedMaps!.isSlow(node)) return -1;
    // A job's ranking is kept while its maps neither start, stop nor get a backup and no running map passes
    // the lag: between those its maps' rates hold (1 / its duration, once a map's end is known), and so does
    // the set of candidates; their order by time left may drift, and is taken as it was.
    let ranking = job.backupRanking;
    if (ranking === null || ranking.version !== job.mapsVersion || now >= ranking.until) {
      ranking = this.rank(job, now);
      job.backupRanking = ranking;
    }
    for (const task of ranking.tasks) if (this.log.node[job.mapAttempt[task]] !== node) return task;
    return -1;
  }

  /** The job's maps that may be backed up now, wherever, the one expected to end last first, and until when that holds. */
  private rank(job: JobState, now: number): BackupRanking {
    const finished = job.finishedMaps!;
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
    const list = job.runningMapList;
    const running = job.runningMapCount;
    for (let k = 0; k < running; k++) {
      const task = list[k];
      progresses[task] = 0;
      // A task's rate is its best attempt's.
      let best = this.rateOf(job.mapAttempt[task], now);
      const backup = job.backupAttempt[task];
      if (backup >= 0) best = Math.max(best, this.rateOf(backup, now));
      rates[task] = best;
      stats.add(best);
    }
    const backups = job.backups;
    let until = Infinity;
    const chosen: number[] = [];
    const ranking = { version: job.mapsVersion, until, tasks: chosen };
    if (running === 0 || (backups >= MIN_SPECULATIVE_CAP && backups >= this.mapSlots() * MIN_SLOTS_CAP && backups / running >= SPECULATIVE_CAP)) return ranking;
    const threshold = stats.mean - stats.std * SLOW_TASK_THRESHOLD;
    for (let k = 0; k < running; k++) {
      const task = list[k];
      if (job.backupAttempt[task] >= 0) continue;
      const attempt = job.mapAttempt[task];
      const lagOver = log.start[attempt] + SPECULATIVE_LAG;
      if (now < lagOver) {
        until = Math.min(until, lagOver);
        continue;
      }
      if (rates[task] < threshold) chosen.push(task);
    }
    ranking.until = until;
    // Hadoop's EstimatedTimeLeftComparator: the smallest rate / (1 − progress) is expected to end last (ties: task order).
    const score = (task: number): number => rates[task] / Math.max(1e-4, 1 - progresses[task]);
    chosen.sort((a, b) => score(a) - score(b) || a - b);
    return ranking;
  }

  /** Progress over the time since the attempt started (Hadoop's getCurrentProgressRate); its progress kept for the comparator. */
  private rateOf(attempt: number, now: number): number {
    const progress = this.progress(attempt, now);
    this.progresses[this.log.task[attempt]] = Math.max(this.progresses[this.log.task[attempt]], progress);
    return progress / Math.max(now - this.log.start[attempt], 1e-3);
  }
}

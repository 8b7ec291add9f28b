/**
 * What a job's finished maps tell the speculation rule (`map-speculation.ts`):
 * the progress rates they finished at, and their durations per tracker, from
 * which Hadoop 1 tells a slow tracker (`isSlowTracker`).
 */

/** Hadoop 1's mapreduce.job.speculative.slownodethreshold: standard deviations of the trackers' mean map times. */
const SLOW_NODE_THRESHOLD = 1;

/** Hadoop's DataStatistics: enough to give a mean and a standard deviation. */
export class Statistics {
  count = 0;
  sum = 0;
  sumSquares = 0;

  add(x: number): void {
    this.count++;
    this.sum += x;
    this.sumSquares += x * x;
  }

  /** One value replaced by another (a tracker's mean moved). */
  replace(old: number, x: number): void {
    this.sum += x - old;
    this.sumSquares += x * x - old * old;
  }

  get mean(): number {
    return this.sum / this.count;
  }

  get std(): number {
    return Math.sqrt(Math.max(this.sumSquares / this.count - this.mean * this.mean, 0));
  }
}

/** What a job's finished maps tell the rule: their rates, and their durations per tracker. */
export class FinishedMaps {
  readonly rates = new Statistics();
  private readonly byTracker = new Map<number, Statistics>();
  /** One value per tracker, its mean duration (Hadoop's mapTaskStats). */
  private readonly trackerMeans = new Statistics();

  /** A map's winning attempt took `duration` on `node`. */
  finished(node: number, duration: number): void {
    this.rates.add(1 / Math.max(duration, 1e-3));
    const tracker = this.byTracker.get(node);
    if (tracker === undefined) {
      const stats = new Statistics();
      stats.add(duration);
      this.byTracker.set(node, stats);
      this.trackerMeans.add(duration);
      return;
    }
    const before = tracker.mean;
    tracker.add(duration);
    this.trackerMeans.replace(before, tracker.mean);
  }

  /** Hadoop's isSlowTracker, for maps. */
  isSlow(node: number): boolean {
    const tracker = this.byTracker.get(node);
    return tracker !== undefined && tracker.mean - this.trackerMeans.mean > this.trackerMeans.std * SLOW_NODE_THRESHOLD;
  }
}

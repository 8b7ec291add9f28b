/**
 * A job's finished tasks' durations per tracker, of one kind (maps or
 * reduces), from which Hadoop 1 tells a slow tracker
 * (`JobInProgress.isSlowTracker`, with its trackerMapStats or
 * trackerReduceStats): the speculation rule gives it no backup of the kind
 * (`hadoop1-speculation.ts`). The durations are recorded as tasks finish and
 * summed per tracker only when the rule asks, which most jobs, never short
 * of tasks to launch, do not.
 */
import { DataStatistics } from './data-statistics.js';

/** Hadoop 1's mapreduce.job.speculative.slownodethreshold: standard deviations of the trackers' mean task times. */
const SLOW_NODE_THRESHOLD = 1;

export class FinishedTasks {
  private nodes: number[] = [];
  private durations: number[] = [];
  /** Each tracker's count and sum of durations, of the tasks summed so far. */
  private readonly byTracker = new Map<number, { count: number; sum: number }>();
  /** One value per tracker, its mean duration (Hadoop's mapTaskStats or reduceTaskStats). */
  private readonly trackerMeans = new DataStatistics();

  /** A task's winning attempt took `duration` on `node`. */
  finished(node: number, duration: number): void {
    this.nodes.push(node);
    this.durations.push(duration);
  }

  /** Hadoop's isSlowTracker, for the kind. */
  isSlow(node: number): boolean {
    if (this.nodes.length > 0) this.sum();
    const tracker = this.byTracker.get(node);
    return tracker !== undefined && tracker.sum / tracker.count - this.trackerMeans.mean > this.trackerMeans.std * SLOW_NODE_THRESHOLD;
  }

  private sum(): void {
    for (let k = 0; k < this.nodes.length; k++) {
      const duration = this.durations[k];
      const tracker = this.byTracker.get(this.nodes[k]);
      if (tracker === undefined) {
        this.byTracker.set(this.nodes[k], { count: 1, sum: duration });
        this.trackerMeans.add(duration);
        continue;
      }
      const before = tracker.sum / tracker.count;
      tracker.count++;
      tracker.sum += duration;
      this.trackerMeans.replace(before, tracker.sum / tracker.count);
    }
    this.nodes = [];
    this.durations = [];
  }
}

/**
 * Jobs kept in an order, updated as they arrive and finish: the queue a
 * Hadoop scheduler walks on each heartbeat.
 */
import type { JobView } from './types.js';

/** Hadoop's FIFO order: priority, then submit time, then submission order. */
export function fifoOrder(a: JobView, b: JobView): number {
  return a.priorityRank - b.priorityRank || a.spec.submitTime - b.spec.submitTime || a.index - b.index;
}

export class JobQueue {
  readonly jobs: JobView[] = [];

  constructor(private readonly order: (a: JobView, b: JobView) => number = fifoOrder) {}

  add(job: JobView): void {
    // Arrivals mostly go last: search from the end.
    let at = this.jobs.length;
    while (at > 0 && this.order(this.jobs[at - 1], job) > 0) at--;
    this.jobs.splice(at, 0, job);
  }

  remove(job: JobView): void {
    const at = this.jobs.indexOf(job);
    if (at >= 0) this.jobs.splice(at, 1);
  }
}

/**
 * Jobs in one queue (FIFO, a planner's order), each free slot offered to the
 * jobs from the head of the queue on, the way Hadoop's default scheduler
 * (JobQueueTaskScheduler) fills a node: every free map slot goes to the first
 * job whose map placement takes it; up to `reducesPerHeartbeat` free reduce
 * slots go the same way.
 */
import type { RunPlan } from '../model/run-record.js';
import { fifoOrder, JobQueue } from './job-queue.js';
import type { ClusterView, JobOrder, JobView, NodeView, Offer, SlotKind } from './types.js';

export class QueueOrder implements JobOrder {
  private readonly queue: JobQueue;

  constructor(
    private readonly reducesPerHeartbeat: number,
    order: (a: JobView, b: JobView) => number = fifoOrder,
    readonly plan?: RunPlan,
  ) {
    this.queue = new JobQueue(order);
  }

  onJobSubmitted(job: JobView): void {
    this.queue.add(job);
  }

  onJobFinished(job: JobView): void {
    this.queue.remove(job);
  }

  explainOffer(job: JobView, kind: SlotKind): string {
    const jobs = this.queue.jobs;
    const ahead = jobs.indexOf(job);
    const order = this.plan === undefined ? 'the queue, by priority then submit time' : `the ${this.plan.planner} plan's order`;
    return `first job with a ${kind} to run in ${order}: ${ahead} job${ahead === 1 ? '' : 's'} ahead of it had none for this node (${jobs.length} in the queue)`;
  }

  fill(kind: SlotKind, node: NodeView, _view: ClusterView, offer: Offer): void {
    const jobs = this.queue.jobs;
    // Jobs before `from` have declined the slot, or have no task of the kind: none gains one during a heartbeat.
    let from = 0;
    if (kind === 'map') {
      while (node.freeMapSlots > 0) {
        while (from < jobs.length && jobs[from].pendingMaps === 0) from++;
        if (from === jobs.length) return;
        if (!offer(jobs[from])) from++;
      }
      return;
    }
    for (let launched = 0; launched < this.reducesPerHeartbeat && node.freeReduceSlots > 0; ) {
      while (from < jobs.length && !jobs[from].hasRunnableReduce) from++;
      if (from === jobs.length) return;
      if (offer(jobs[from])) launched++;
      else from++;
    }
  }
}

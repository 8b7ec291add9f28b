/**
 * Jobs in one queue (FIFO, a planner's order), each free slot offered to the
 * jobs from the head of the queue on, the way Hadoop's default scheduler
 * (JobQueueTaskScheduler) fills a node: every free map slot goes to the first
 * job whose map placement takes it; up to `reducesPerHeartbeat` free reduce
 * slots go the same way. `HeartbeatLimits` may bound a heartbeat further
 * (Hadoop 1's load cap and padding, `fifo/hadoop1-limits.ts`).
 */
import type { RunPlan } from '../model/run-record.js';
import { fifoOrder, JobQueue } from './job-queue.js';
import type { ClusterView, JobOrder, JobView, NodeView, Offer, SlotKind } from './types.js';
import { hasTaskFor } from './has-task-for.js';

/** What one heartbeat may launch besides what the node's free slots allow, set afresh at every heartbeat. */
export interface HeartbeatLimits {
  /** Sets the limits for a heartbeat of `node`, before any slot is offered; `jobs` is the queue, in order. */
  begin(node: NodeView, view: ClusterView, jobs: readonly JobView[]): void;
  /** Most maps the node may take at this heartbeat. */
  readonly maps: number;
  /** Most reduces the node may take at this heartbeat (`reducesPerHeartbeat` bounds them too). */
  readonly reduces: number;
  /** A reduce slot goes only to the queue's first job with reduces: if it has none to run now, to no job. */
  readonly reducesToHeadOnly: boolean;
}

export class QueueOrder implements JobOrder {
  private readonly queue: JobQueue;

  constructor(
    private readonly reducesPerHeartbeat: number,
    order: (a: JobView, b: JobView) => number = fifoOrder,
    readonly plan?: RunPlan,
    private readonly limits?: HeartbeatLimits,
  ) {
    this.queue = new JobQueue(order);
  }

  onJobSubmitted(job: JobView): void {
    this.queue.add(job);
  }

  onJobFinished(job: JobView): void {
    this.queue.remove(job);
  }

  beginHeartbeat(node: NodeView, view: ClusterView): void {
    this.limits?.begin(node, view, this.queue.jobs);
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
      const most = this.limits?.maps ?? Infinity;
      for (let launched = 0; launched < most && node.freeMapSlots > 0; ) {
        while (from < jobs.length && !hasTaskFor(jobs[from], 'map')) from++;
        if (from === jobs.length) return;
        if (offer(jobs[from])) launched++;
        else from++;
      }
      return;
    }
    const most = Math.min(this.reducesPerHeartbeat, this.limits?.reduces ?? Infinity);
    const headOnly = this.limits?.reducesToHeadOnly ?? false;
    for (let launched = 0; launched < most && node.freeReduceSlots > 0; ) {
      while (from < jobs.length && !(headOnly ? jobs[from].spec.reduceCount > 0 : hasTaskFor(jobs[from], 'reduce'))) from++;
      if (from === jobs.length) return;
      if (offer(jobs[from])) launched++;
      else if (headOnly) return;
      else from++;
    }
  }
}

/**
 * Jobs in a planner's order, every free slot to the first submitted job of
 * the order that can use it: each free map slot takes the most local pending
 * map of that job, each free reduce slot a runnable reduce (all of a node's
 * free slots at each heartbeat, maps and reduces alike). With every job
 * submitted at once this is the batch schedule the planners assume; a job
 * submitted later takes its place in the order when it arrives.
 */
import type { RunPlan } from '../../model/run-record.js';
import { JobQueue } from '../job-queue.js';
import { launchMapsInOrder, launchReducesInOrder } from '../launch-in-order.js';
import { OFF_RACK, type ClusterView, type Decisions, type JobView, type NodeView, type Policy } from '../types.js';

export class PlanOrderPolicy implements Policy {
  private readonly queue: JobQueue;

  constructor(
    readonly name: string,
    readonly plan: RunPlan,
    /** Position of each job (by index into scenario.jobs) in the plan's order. */
    rank: Int32Array,
  ) {
    this.queue = new JobQueue((a, b) => rank[a.index] - rank[b.index]);
  }

  onJobSubmitted(job: JobView): void {
    this.queue.add(job);
  }

  onJobFinished(job: JobView): void {
    this.queue.remove(job);
  }

  onHeartbeat(node: NodeView, view: ClusterView, decisions: Decisions): void {
    launchMapsInOrder(this.queue.jobs, node, view, decisions, OFF_RACK);
    launchReducesInOrder(this.queue.jobs, node, view, decisions, Infinity);
  }
}

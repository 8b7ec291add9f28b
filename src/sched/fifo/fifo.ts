/**
 * Hadoop's default scheduler (JobQueueTaskScheduler, Hadoop 1): one queue of
 * jobs by priority, then submit time. Each free map slot goes to the first job
 * with a pending map, which takes its node-local map if it has one, else a
 * rack-local one, else any. At most one reduce per heartbeat, to the first job
 * with a runnable reduce.
 *
 * Differs from Hadoop: Hadoop also caps the maps given to one node by the
 * cluster's load factor ("pad fraction"); that cap is not modelled.
 */
import { JobQueue } from '../job-queue.js';
import { launchMapsInOrder, launchReducesInOrder } from '../launch-in-order.js';
import { OFF_RACK, type ClusterView, type Decisions, type JobView, type NodeView, type Policy } from '../types.js';

export class FifoPolicy implements Policy {
  readonly name = 'fifo';
  private readonly queue = new JobQueue();

  onJobSubmitted(job: JobView): void {
    this.queue.add(job);
  }

  onJobFinished(job: JobView): void {
    this.queue.remove(job);
  }

  onHeartbeat(node: NodeView, view: ClusterView, decisions: Decisions): void {
    launchMapsInOrder(this.queue.jobs, node, view, decisions, OFF_RACK);
    launchReducesInOrder(this.queue.jobs, node, view, decisions, 1);
  }
}

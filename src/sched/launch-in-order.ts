/**
 * Hadoop's default way of filling a node's free slots from an ordered list of
 * jobs (JobQueueTaskScheduler): each free slot goes to the first job, in the
 * list's order, that has a task for it. Schedulers that keep a job order of
 * their own (FIFO, a planner's order, a plan's leftovers) share this walk.
 */
import type { ClusterView, Decisions, JobView, LocalityLevel, NodeView } from './types.js';

/** Every free map slot of the node to the first job with a pending map no worse than `maxLevel` there. */
export function launchMapsInOrder(
  jobs: readonly JobView[],
  node: NodeView,
  view: ClusterView,
  decisions: Decisions,
  maxLevel: LocalityLevel,
): void {
  let from = 0;
  while (node.freeMapSlots > 0) {
    // Jobs before `from` have no pending map for this node: none became pending during this heartbeat.
    while (from < jobs.length && jobs[from].pendingMaps === 0) from++;
    if (from === jobs.length) return;
    const task = view.findMap(jobs[from], node, maxLevel);
    if (task < 0) from++;
    else decisions.launchMap(jobs[from], task);
  }
}

/** Up to `limit` of the node's free reduce slots, each to the first job with a reduce that may launch. */
export function launchReducesInOrder(
  jobs: readonly JobView[],
  node: NodeView,
  view: ClusterView,
  decisions: Decisions,
  limit: number,
): void {
  let from = 0;
  for (let launched = 0; launched < limit && node.freeReduceSlots > 0 && from < jobs.length; ) {
    const task = view.findReduce(jobs[from]);
    if (task < 0) {
      from++;
    } else {
      decisions.launchReduce(jobs[from], task);
      launched++;
    }
  }
}

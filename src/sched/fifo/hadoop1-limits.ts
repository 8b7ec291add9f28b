/**
 * The per-heartbeat limits of Hadoop 1's JobQueueTaskScheduler.assignTasks,
 * computed once at the start of each heartbeat as Hadoop does:
 *
 * - **Load cap.** The remaining map load (pending + running maps of the
 *   queue's jobs) over the cluster's map capacity is the load factor; a node
 *   runs at most min(ceil(load factor × its map slots), its map slots) maps,
 *   so it takes no more than that less those it runs. The same for reduces,
 *   counting only jobs past slow-start (Hadoop's `scheduleReduces()`). At
 *   most one reduce per heartbeat comes from the queue order itself.
 * - **Padding** (`mapred.jobtracker.taskalloc.capacitypad`, the pad fraction):
 *   when the running tasks of a kind plus a reserve, min(the node's slots of
 *   the kind, ⌊pad fraction × the tasks of that kind of the queue's jobs with
 *   reduces⌋), reach the cluster's capacity, Hadoop keeps the rest for
 *   speculative and failed tasks: the node takes at most one map, and a
 *   reduce only for the queue's first job with reduces. Hadoop sums only jobs
 *   with reduces, for maps too, and reserves nothing on clusters of at most 3
 *   trackers; both are kept. (Speculative execution itself is not modelled.)
 */
import type { HeartbeatLimits } from '../queue-order.js';
import type { ClusterView, JobView, NodeView } from '../types.js';

/** Hadoop 1's MIN_CLUSTER_SIZE_FOR_PADDING: clusters of at most this many live trackers reserve nothing. */
const MIN_CLUSTER_SIZE_FOR_PADDING = 3;

/** `mapred.jobtracker.taskalloc.capacitypad`'s default. */
export const DEFAULT_PAD_FRACTION = 0.01;

export class Hadoop1Limits implements HeartbeatLimits {
  maps = 0;
  reduces = 0;
  reducesToHeadOnly = false;

  constructor(private readonly padFraction: number) {}

  begin(node: NodeView, view: ClusterView, jobs: readonly JobView[]): void {
    let remainingMaps = 0;
    let remainingReduces = 0;
    let runningMaps = 0;
    let runningReduces = 0;
    // What the padding counts: the tasks of the jobs with reduces, all of them (done ones too), as Hadoop's desiredMaps().
    let paddedJobs = 0;
    let paddedMaps = 0;
    let paddedReduces = 0;
    for (const job of jobs) {
      remainingMaps += job.pendingMaps + job.runningMaps;
      runningMaps += job.runningMaps;
      runningReduces += job.runningReduces;
      // Past slow-start: a reduce may launch, or one has (slow-start is never taken back).
      if (job.hasRunnableReduce || job.runningReduces > 0) remainingReduces += job.pendingReduces + job.runningReduces;
      if (job.spec.reduceCount > 0) {
        paddedJobs++;
        paddedMaps += job.spec.mapCount;
        paddedReduces += job.spec.reduceCount;
      }
    }
    const padded = paddedJobs > 0;
    const reserving = view.liveNodes > MIN_CLUSTER_SIZE_FOR_PADDING;
    const { mapSlots, reduceSlots } = node.spec;

    this.maps = loadCap(remainingMaps, view.mapCapacity, mapSlots) - node.runningMaps;
    if (this.maps > 1 && padded && this.exceedsPadding(runningMaps, paddedMaps, view.mapCapacity, mapSlots, reserving)) this.maps = 1;

    this.reduces = loadCap(remainingReduces, view.reduceCapacity, reduceSlots) - node.runningReduces;
    this.reducesToHeadOnly = this.reduces > 0 && padded && this.exceedsPadding(runningReduces, paddedReduces, view.reduceCapacity, reduceSlots, reserving);
  }

  /**
   * Whether the running tasks of a kind and the reserve Hadoop keeps for them reach the cluster's capacity
   * (JobQueueTaskScheduler.exceededPadding).
   */
  private exceedsPadding(running: number, needed: number, capacity: number, nodeSlots: number, reserving: boolean): boolean {
    const padding = reserving ? Math.min(nodeSlots, Math.floor(needed * this.padFraction)) : 0;
    return running + padding >= capacity;
  }
}

/** Most tasks of a kind a node of `nodeSlots` slots may run for a cluster's remaining load over its capacity. */
function loadCap(remaining: number, capacity: number, nodeSlots: number): number {
  const loadFactor = capacity > 0 ? remaining / capacity : 0;
  return Math.min(Math.ceil(loadFactor * nodeSlots), nodeSlots);
}

/**
 * Hadoop 1's cluster-wide blacklist of TaskTrackers (JobTracker's
 * FaultyTrackersInfo): each job that succeeds with a node on its own
 * blacklist (`JobFailures`) counts a fault against the node. A node with
 * `maxTrackerBlacklists` faults within the window (mapred.max.tracker.blacklists,
 * mapred.jobtracker.blacklist.fault-timeout-window), half again as many as
 * the cluster's nodes have on average, is blacklisted, unless half the
 * cluster already is: no job gets a task on it (its running attempts go on)
 * and its slots leave the cluster's capacity. It comes back when its faults
 * within the window fall under the limit, or when it restarts (a node
 * failure and recovery: JobTracker.markTrackerHealthy). Hadoop counts faults
 * in 15-minute buckets; here each fault expires exactly a window after it.
 * YARN mode has no such list (its ResourceManager goes by node health).
 */
import type { ClusterState } from './cluster-state.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_BLACKLIST_EXPIRY } from './event-types.js';
import type { Heartbeats } from './heartbeats.js';
import type { NodeState } from './node-state.js';

/** JobTracker's AVERAGE_BLACKLIST_THRESHOLD (mapred.cluster.average.blacklist.threshold): faults 50% above the average. */
const AVERAGE_THRESHOLD = 0.5;
/** JobTracker's MAX_BLACKLIST_PERCENT: at most half the cluster blacklisted. */
const MAX_BLACKLISTED_SHARE = 0.5;

export class ClusterBlacklist {
  /** Times of each node's faults, oldest first. */
  private readonly faults: number[][];
  private blacklistedNodes = 0;

  constructor(
    private readonly loop: EventLoop,
    private readonly cluster: ClusterState,
    private readonly heartbeats: Heartbeats,
    private readonly maxBlacklists: number,
    private readonly window: number,
  ) {
    this.faults = cluster.nodes.map(() => []);
    loop.on(EV_BLACKLIST_EXPIRY, (node) => this.expire(cluster.nodes[node]));
  }

  /** A job succeeded with `nodes` on its blacklist: a fault against each. */
  jobSucceeded(nodes: readonly number[]): void {
    const now = this.loop.now;
    for (const index of nodes) {
      const faults = this.faults[index];
      faults.push(now);
      if (faults.length === 1) this.loop.schedule(now + this.window, EV_BLACKLIST_EXPIRY, index);
    }
    for (const index of nodes) {
      const node = this.cluster.nodes[index];
      if (!node.blacklisted && this.exceedsFaults(index)) {
        this.blacklistedNodes++;
        this.cluster.blacklist(node);
      }
    }
  }

  /** The node restarted: its faults are forgotten, and it is off the list. */
  nodeRestarted(node: NodeState): void {
    this.faults[node.index].length = 0;
    if (node.blacklisted) this.unblacklist(node);
  }

  /** A node's oldest fault has left the window: the next one's expiry is due, and the node may come off the list. */
  private expire(node: NodeState): void {
    const faults = this.faults[node.index];
    const now = this.loop.now;
    // A restart cleared the faults this event was for; faults added since have their own.
    if (faults.length === 0 || faults[0] + this.window !== now) return;
    while (faults.length > 0 && faults[0] + this.window <= now) faults.shift();
    if (faults.length > 0) this.loop.schedule(faults[0] + this.window, EV_BLACKLIST_EXPIRY, node.index);
    if (node.blacklisted && faults.length < this.maxBlacklists) this.unblacklist(node);
  }

  private unblacklist(node: NodeState): void {
    this.blacklistedNodes--;
    this.cluster.unblacklist(node);
    if (node.alive) this.heartbeats.backInService(node);
  }

  /** Hadoop's exceedsFaults: enough faults, well above the cluster's average, and room on the list. */
  private exceedsFaults(index: number): boolean {
    const count = this.faults[index].length;
    if (count < this.maxBlacklists) return false;
    let sum = 0;
    for (const faults of this.faults) sum += faults.length;
    const trackers = this.cluster.liveNodes - this.blacklistedNodes;
    const average = sum / trackers;
    return count - average > AVERAGE_THRESHOLD * average && this.blacklistedNodes < (trackers + this.blacklistedNodes) * MAX_BLACKLISTED_SHARE;
  }
}

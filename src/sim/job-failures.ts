/**
 * A job's failed attempts, as Hadoop keeps them (JobInProgress,
 * TaskInProgress; YARN's RMContainerAllocator): the nodes each task failed
 * on, and the job's failures on each node, which blacklist a node for the
 * job once they reach the limit (`maxFailuresPerTracker`). How many times
 * each task failed is a column of the job's state (`JobState.mapFailures`,
 * `reduceFailures`).
 *
 * Hadoop 1 does not run a task again on a node it failed on while it has not
 * failed on every one (TaskInProgress.hasFailedOnMachine). It can afford to:
 * its map slots are never held by reduces. On containers a map so confined
 * can wait forever for a node whose containers its own job's reduces hold,
 * waiting for it; YARN's AM has no such rule, so only a cluster of
 * TaskTrackers in slot mode (every node with map and reduce slots) follows it.
 *
 * The blacklist has a ceiling, which the two versions of Hadoop set
 * differently. Hadoop 1 (JobInProgress.addTrackerTaskFailure and
 * shouldRunOnTaskTracker) stops counting failures, and ignores its
 * blacklist, once a quarter of the cluster's trackers are blacklisted.
 * YARN's MapReduce AM ignores its blacklist while it holds 33% of the
 * cluster's nodes or more, in whole percent (RMContainerRequestor;
 * yarn.app.mapreduce.am.job.node-blacklisting.ignore-threshold-node-percent).
 */

/** Hadoop 1's JobInProgress.CLUSTER_BLACKLIST_PERCENT. */
const HADOOP1_BLACKLIST_SHARE = 0.25;
/** YARN's ignore-threshold-node-percent. */
const YARN_BLACKLIST_PERCENT = 33;

/** The rules a run's jobs follow when their attempts fail, fixed by the scenario. */
export interface FailureRules {
  /** Failed attempts on a node before a job blacklists it (`settings.taskFailures.maxFailuresPerTracker`). */
  readonly maxFailuresPerTracker: number;
  /** YARN mode's blacklist ceiling rather than Hadoop 1's. */
  readonly yarn: boolean;
  /** A task is not run again on a node it failed on (Hadoop 1, on a cluster of map and reduce slots). */
  readonly avoidsFailedNodes: boolean;
}

export class JobFailures {
  /** The nodes each task failed on, by key: a map's index, or `maps` + a reduce's. */
  private readonly nodesOf = new Map<number, number[]>();
  /** The job's failed attempts on each node. */
  private readonly onNode = new Map<number, number>();
  /** Nodes with `maxFailuresPerTracker` failures or more (Hadoop's flaky trackers). */
  private blacklisted = 0;

  constructor(
    /** The job's map count: reduces' keys follow the maps'. */
    private readonly maps: number,
    private readonly rules: FailureRules,
  ) {}

  /** An attempt of the task (`isMap`, index) failed on `node`, with `trackers` nodes in the cluster. */
  record(isMap: boolean, task: number, node: number, trackers: number): void {
    const key = isMap ? task : this.maps + task;
    const nodes = this.nodesOf.get(key);
    if (nodes === undefined) this.nodesOf.set(key, [node]);
    else if (!nodes.includes(node)) nodes.push(node);
    // Hadoop 1 stops counting once the ceiling is reached; YARN counts on.
    if (!this.rules.yarn && this.blacklisted >= HADOOP1_BLACKLIST_SHARE * trackers) return;
    const failures = (this.onNode.get(node) ?? 0) + 1;
    this.onNode.set(node, failures);
    if (failures === this.rules.maxFailuresPerTracker) this.blacklisted++;
  }

  /** Whether the task is not to run on `node` again: the rules say so, it failed there, and it has not failed on every one of the cluster's `trackers` nodes. */
  avoids(isMap: boolean, task: number, node: number, trackers: number): boolean {
    if (!this.rules.avoidsFailedNodes) return false;
    const nodes = this.nodesOf.get(isMap ? task : this.maps + task);
    return nodes !== undefined && nodes.length < trackers && nodes.includes(node);
  }

  /** Whether the job takes no task on `node`: its failures there reached the limit, and the blacklist is under its ceiling for a cluster of `trackers` nodes. */
  blacklists(node: number, trackers: number): boolean {
    if ((this.onNode.get(node) ?? 0) < this.rules.maxFailuresPerTracker) return false;
    if (this.rules.yarn) return Math.floor((this.blacklisted / trackers) * 100) < YARN_BLACKLIST_PERCENT;
    return this.blacklisted < HADOOP1_BLACKLIST_SHARE * trackers;
  }

  /** The nodes on the job's blacklist (its failures there reached the limit), as Hadoop 1 reports them when the job ends. */
  blacklistedNodes(): number[] {
    const nodes: number[] = [];
    for (const [node, failures] of this.onNode) if (failures >= this.rules.maxFailuresPerTracker) nodes.push(node);
    return nodes.sort((a, b) => a - b);
  }
}

/**
 * A resolved workload: users, pools (queues) and jobs with every task
 * explicit. Times in seconds, sizes in bytes, work in seconds at speed 1.
 */
import type { MapTasks } from './map-tasks.js';
import { NO_RESOURCES, UNLIMITED_RESOURCES, type Resources } from './resources.js';

export type { MapTask } from './map-tasks.js';
export { MapTasks } from './map-tasks.js';

/** Slot counts for the two kinds of task. */
export interface SlotShare {
  readonly map: number;
  readonly reduce: number;
}

/** Hadoop's job priorities, most urgent first. */
export const JOB_PRIORITIES = ['VERY_HIGH', 'HIGH', 'NORMAL', 'LOW', 'VERY_LOW'] as const;
export type JobPriority = (typeof JOB_PRIORITIES)[number];

export interface User {
  readonly id: string;
  /** Priority as in Rasooli and Down: a positive number, larger is more important. */
  readonly priority: number;
  /** Slots the system owes this user at once while the user has demand. */
  readonly minShare: SlotShare;
}

/**
 * A pool (Fair Scheduler) is also a queue (Capacity Scheduler): one named
 * group of jobs carrying both schedulers' settings.
 */
export interface Pool {
  readonly id: string;
  /** Fair Scheduler weight. */
  readonly weight: number;
  /** Fair Scheduler minimum share, in slots. */
  readonly minShare: SlotShare;
  /** Most jobs of this pool that may run at once (Infinity when unlimited). */
  readonly maxRunningJobs: number;
  /** How jobs inside the pool share it. */
  readonly schedulingMode: 'fifo' | 'fair';
  /**
   * Capacity Scheduler guaranteed capacity, percent of the parent queue's
   * (YARN's definition; for a pool without a dot, of the cluster).
   */
  readonly capacity: number;
  /** Capacity Scheduler ceiling, percent of the parent queue's. */
  readonly maxCapacity: number;
  /** Capacity Scheduler minimum-user-limit-percent. */
  readonly minimumUserLimitPercent: number;
  /** Capacity Scheduler user-limit-factor: one user's ceiling as a multiple of the queue capacity. */
  readonly userLimitFactor: number;
  /**
   * The pool's parent (a YARN queue path: `eng.dev` hangs off `eng`), or
   * null for a child of the root. Jobs run in leaves.
   */
  readonly parent: string | null;
  /** YARN Fair Scheduler minResources and maxResources (Infinity when unlimited). */
  readonly minResources: Resources;
  readonly maxResources: Resources;
  /** YARN Fair Scheduler schedulingPolicy, or undefined for the scheduler's default. */
  readonly schedulingPolicy?: 'fair' | 'drf' | 'fifo';
  /**
   * The most of the queue ApplicationMasters may hold, a fraction (YARN's
   * Fair Scheduler maxAMShare, of the queue's fair share; its Capacity
   * Scheduler maximum-am-resource-percent, of the queue's capacity), -1 for
   * no limit; undefined for the scheduler's default.
   */
  readonly maxAmShare?: number;
  /**
   * Whether YARN's Fair and Capacity Schedulers' preemption may take
   * containers from the queue and the queues under it (Fair's
   * allowPreemptionFrom; false is Capacity's `disable_preemption`);
   * undefined to follow the parent, true at the top.
   */
  readonly allowPreemptionFrom?: boolean;
}

/**
 * The settings of a pool the scenario names (through a job or a user) but
 * does not configure: Hadoop's defaults — weight 1, no minimum share, no
 * job limit, fair sharing inside the pool, no ceiling and no user limit —
 * with the given guaranteed capacity.
 */
export function defaultPool(id: string, capacity = 0): Pool {
  return {
    id,
    weight: 1,
    minShare: { map: 0, reduce: 0 },
    maxRunningJobs: Infinity,
    schedulingMode: 'fair',
    capacity,
    maxCapacity: 100,
    minimumUserLimitPercent: 100,
    userLimitFactor: 1,
    parent: parentPoolId(id),
    minResources: NO_RESOURCES,
    maxResources: UNLIMITED_RESOURCES,
  };
}

export interface ReduceTask {
  /** Fraction of every map's output this reduce fetches; a job's shares sum to 1. */
  readonly shuffleShare: number;
  /** Compute work, seconds at speed 1 (sort, reduce function and output). */
  readonly work: number;
}

export interface Job {
  readonly id: string;
  readonly user: string;
  readonly pool: string;
  readonly submitTime: number;
  /** Weight in weighted completion time and in fair sharing inside a pool. */
  readonly weight: number;
  readonly priority: JobPriority;
  /** Seconds from submission until its tasks may run (job setup); undefined: the scenario's settings.jobSetup. */
  readonly setupTime?: number;
  /** Seconds from its last task's end until it ends (the output commit); undefined: settings.jobCommit. */
  readonly commitTime?: number;
  /** In columns: a day of millions of maps as objects would not fit the heap. */
  readonly maps: MapTasks;
  readonly reduces: readonly ReduceTask[];
  /**
   * Bytes the job writes to HDFS as its output: its reduces' shares of it,
   * or a map-only job's maps' in proportion to their input. Undefined: none.
   * Moved only with `settings.writes.jobOutput`.
   */
  readonly outputBytes?: number;
  /** On a resource cluster, the container each map and each reduce takes, normalised by the scheduler's allocation rules. */
  readonly mapContainer?: Resources;
  readonly reduceContainer?: Resources;
}

/** The maps and reduces of `jobs`, counted. */
export function taskCounts(jobs: readonly Job[]): { readonly maps: number; readonly reduces: number } {
  let maps = 0;
  let reduces = 0;
  for (const job of jobs) {
    maps += job.maps.length;
    reduces += job.reduces.length;
  }
  return { maps, reduces };
}

/** A YARN queue path's parent: `eng.dev` hangs off `eng`; a name without a dot off the root (null). */
export function parentPoolId(id: string): string | null {
  const dot = id.lastIndexOf('.');
  return dot > 0 ? id.slice(0, dot) : null;
}

/**
 * What the runtime shows a scheduling policy and what it takes back. The
 * runtime calls a policy at the points named here; the policy answers a
 * heartbeat by asking `Decisions` to launch tasks, and the runtime checks each
 * launch before carrying it out. Views are read-only windows onto live runtime
 * state: read them during the call, do not keep copies across calls.
 *
 * `src/sched/types.ts` re-exports these as the scheduler extension points.
 */
import type { ClusterNode } from '../model/cluster.js';
import type { RunPlan } from '../model/run-record.js';
import type { Job } from '../model/workload.js';
import type { Scenario } from '../model/scenario.js';

/** Map locality levels, best first; a level admits itself and every better one. */
export const NODE_LOCAL = 0;
export const RACK_LOCAL = 1;
export const OFF_RACK = 2;
export type LocalityLevel = typeof NODE_LOCAL | typeof RACK_LOCAL | typeof OFF_RACK;

export interface NodeView {
  readonly index: number;
  readonly spec: ClusterNode;
  readonly rackIndex: number;
  readonly alive: boolean;
  readonly runningMaps: number;
  readonly runningReduces: number;
  /** Map slots free now (with unified slots: containers free). */
  readonly freeMapSlots: number;
  /** Reduce slots free now (with unified slots: containers free). */
  readonly freeReduceSlots: number;
}

export interface JobView {
  /** Index into scenario.jobs. */
  readonly index: number;
  readonly spec: Job;
  /** 0 = VERY_HIGH … 4 = VERY_LOW: sort ascending for most urgent first. */
  readonly priorityRank: number;
  /** Maps not launched yet and not done (includes maps to re-run). */
  readonly pendingMaps: number;
  readonly runningMaps: number;
  readonly succeededMaps: number;
  readonly pendingReduces: number;
  readonly runningReduces: number;
  readonly succeededReduces: number;
  /** True once slow-start has let the job's reduces launch and one is pending. */
  readonly hasRunnableReduce: boolean;
  /** Time of the job's first launch, or null. */
  readonly firstStart: number | null;
}

export interface ClusterView {
  readonly scenario: Scenario;
  /** Current virtual time, seconds. */
  readonly now: number;
  readonly nodes: readonly NodeView[];
  /** Total map and reduce slots of live nodes (with unified slots both are the container total). */
  readonly mapCapacity: number;
  readonly reduceCapacity: number;
  /** Pending maps of all submitted jobs, and pending reduces of jobs past slow-start. */
  readonly runnableMaps: number;
  readonly runnableReduces: number;
  /**
   * Changes whenever a task launches or ends, a job arrives or leaves, or a
   * node fails or recovers: while it is unchanged, every job's running and
   * pending counts are as they were. Lets a policy reuse work between
   * heartbeats.
   */
  readonly stateVersion: number;
  /** Submitted, unfinished jobs in submission order. */
  readonly activeJobs: readonly JobView[];
  /**
   * A pending map of `job` (its task index) with locality on `node` no worse
   * than `maxLevel`, preferring the best level; -1 if there is none. A map
   * without input counts as node-local.
   */
  findMap(job: JobView, node: NodeView, maxLevel: LocalityLevel): number;
  /** A pending reduce of `job` that may launch now, or -1. */
  findReduce(job: JobView): number;
  /** Whether map `task` of `job` is pending (not running, not done): plan-driven policies check a planned task before launching it. */
  isMapPending(job: JobView, task: number): boolean;
}

/** The answers to one heartbeat. Each call is checked and carried out at once. */
export interface Decisions {
  /**
   * Launch map `task` of `job` on the heartbeating node; returns the locality
   * it runs at (node-local for a map without input).
   */
  launchMap(job: JobView, task: number): LocalityLevel;
  /** Launch reduce `task` of `job` on the heartbeating node. */
  launchReduce(job: JobView, task: number): void;
}

/**
 * A scheduling policy. Only `onHeartbeat` is required. The runtime calls
 * `onHeartbeat` only when the node has a free slot of a kind for which some
 * task is runnable, so a policy may not rely on being called otherwise.
 */
export interface Policy {
  readonly name: string;
  /** A plan-driven policy's plan, recorded in the run so its prediction can be set beside the result. */
  readonly plan?: RunPlan;
  onJobSubmitted?(job: JobView, view: ClusterView): void;
  onJobFinished?(job: JobView, view: ClusterView): void;
  /** `node` failed: its running attempts have failed and it is no longer alive (plan-driven policies plan its queue again). */
  onNodeFailed?(node: NodeView, view: ClusterView): void;
  onHeartbeat(node: NodeView, view: ClusterView, decisions: Decisions): void;
}

/** A policy asked for something the runtime cannot do: a bug in the policy, not in the input. */
export class PolicyError extends Error {
  constructor(
    readonly policy: string,
    message: string,
  ) {
    super(`scheduler '${policy}' made an invalid decision: ${message}`);
    this.name = 'PolicyError';
  }
}

/**
 * What the runtime shows a scheduling policy and what it takes back. The
 * runtime calls a policy at the points named here; the policy answers a
 * heartbeat by asking `Decisions` to launch tasks, and the runtime checks each
 * launch before carrying it out. Views are read-only windows onto live runtime
 * state: read them during the call, do not keep copies across calls.
 *
 * A policy sees what a Hadoop JobTracker knows: the cluster's configuration,
 * each job's tasks with their input splits and replica locations, and what
 * has happened so far (attempts ended, map outputs written). It does not see
 * how long a task will take or how much output it will write: those are the
 * scenario's hidden truth, and a policy that needs them estimates them from
 * what it has seen (`src/sched/estimates/`), or asks the `TaskOracle`, which
 * the run records. The views are ports onto the runtime's state, not the
 * state: their fields are private, so that walking what a policy is handed
 * reaches nothing hidden.
 *
 * `src/sched/types.ts` re-exports these as the scheduler extension points.
 */
import type { ClusterNode } from '../model/cluster.js';
import type { RunPlan, TaskKind } from '../model/run-record.js';
import type { Resources } from '../model/resources.js';
import type { Job } from '../model/workload.js';

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
  /** ApplicationMasters holding a container of the node (YARN mode; 0 otherwise). */
  readonly runningAMs: number;
  /** Map slots free now (with unified slots: containers free, after the tasks' and AMs'). */
  readonly freeMapSlots: number;
  /** Reduce slots free now (with unified slots: containers free). */
  readonly freeReduceSlots: number;
  /**
   * On a resource cluster (YARN with memory and vcores), what no container
   * holds; the free slots above are then the minimum allocation's
   * containers that fit, and a job's task launches only if its own
   * container fits (`ClusterView.fits`). 0 on slot clusters.
   */
  readonly freeMemory: number;
  readonly freeVcores: number;
}

/** A map task as the JobTracker knows it: its input split, not its work or output. */
export interface MapTaskView {
  /** Bytes of the input split (0 for a map without input). */
  readonly inputBytes: number;
  /**
   * Nodes (indices) holding a replica of the input block: the scenario's,
   * then those copied in during the run (`Decisions.replicate`) once their
   * copy has ended.
   */
  readonly replicas: readonly number[];
}

/** A job as submitted: who, when, how important, and its tasks (reduces only by count). */
export interface JobSpecView extends Pick<Job, 'id' | 'user' | 'pool' | 'submitTime' | 'weight' | 'priority'> {
  readonly mapCount: number;
  /** Each map's input split, by task index (built when first read: prefer `mapCount` for the number). */
  readonly maps: readonly MapTaskView[];
  /** Nothing about a job's reduces is known before they run but their number. */
  readonly reduceCount: number;
  /** On a resource cluster, the container each map and each reduce asks for (normalised); none on slots. */
  readonly mapContainer: Resources;
  readonly reduceContainer: Resources;
}

export interface JobView {
  /** Index into scenario.jobs. */
  readonly index: number;
  readonly spec: JobSpecView;
  /** 0 = VERY_HIGH … 4 = VERY_LOW: sort ascending for most urgent first. */
  readonly priorityRank: number;
  /** Maps not launched yet and not done (includes maps to re-run). */
  readonly pendingMaps: number;
  readonly runningMaps: number;
  readonly succeededMaps: number;
  readonly pendingReduces: number;
  readonly runningReduces: number;
  readonly succeededReduces: number;
  /**
   * With speculative execution of maps (`settings.speculation.maps`): no map
   * is left to launch, and the job's rule may back up a running map now, so
   * a map slot offered to the job may launch a backup (`ClusterView.findMap`;
   * not on every node: not on the map's own, nor on one the rule finds
   * slow). Under Hadoop 1's rule exactly: a map it would back up on some
   * node; under LATE and YARN's, a test of the job's state. Orders offer map
   * slots to jobs with pending maps or this. Asking changes nothing in the
   * run (docs/model.md).
   */
  readonly mayBackUpMap: boolean;
  /**
   * True once slow-start has let the job's reduces launch and one is
   * pending (in YARN mode, and the reduce ramp-up has room for it).
   */
  readonly hasRunnableReduce: boolean;
  /**
   * With speculative execution of reduces (`settings.speculation.reduces`):
   * no reduce is left to launch, and the job's rule may back up a running
   * reduce now (as `mayBackUpMap`), so a reduce slot offered to the job may
   * launch a backup (`ClusterView.findReduce`). Orders offer reduce slots to
   * jobs with a runnable reduce or this.
   */
  readonly mayBackUpReduce: boolean;
  /** Time of the job's first launch, or null. */
  readonly firstStart: number | null;
}

export interface ClusterView {
  /** Current virtual time, seconds. */
  readonly now: number;
  readonly nodes: readonly NodeView[];
  /** Total map and reduce slots of live nodes (with unified slots both are the container total). */
  readonly mapCapacity: number;
  readonly reduceCapacity: number;
  /** Nodes alive now: those whose slots the capacities count. */
  readonly liveNodes: number;
  /** On a resource cluster, the memory (bytes) and vcores of live nodes; 0 on slot clusters. */
  readonly memoryCapacity: number;
  readonly vcoreCapacity: number;
  /**
   * Pending maps of all submitted jobs, and pending reduces of jobs past
   * slow-start (in YARN mode the reduce ramp-up may hold some of these back:
   * see `JobView.hasRunnableReduce`).
   */
  readonly runnableMaps: number;
  readonly runnableReduces: number;
  /** Some active job may back up a map (`JobView.mayBackUpMap`): a map slot may be worth offering with no map pending. */
  readonly mayBackUpMaps: boolean;
  /** Some active job may back up a reduce (`JobView.mayBackUpReduce`): a reduce slot may be worth offering with no reduce runnable. */
  readonly mayBackUpReduces: boolean;
  /**
   * YARN mode: the ApplicationMasters waiting for nothing but a container
   * with room (within `settings.yarn.maxAmShare` and the queues' AM limits,
   * `Policy.mayStartApplicationMaster`), in submission order: part of their
   * queues' pending demand, as YARN counts an activated application's AM
   * request. Empty otherwise.
   */
  readonly waitingApplicationMasters: readonly ApplicationMasterView[];
  /**
   * Changes whenever a task launches or ends, a job arrives or leaves, a
   * node fails or recovers, a replica asked for (`Decisions.replicate`)
   * has been copied, or a job may back up a task where it could not: while
   * it is unchanged, every job's running and pending counts are as they
   * were. Lets a policy reuse work between heartbeats.
   */
  readonly stateVersion: number;
  /** Submitted, unfinished jobs in submission order. */
  readonly activeJobs: readonly JobView[];
  /**
   * A pending map of `job` (its task index) with locality on `node` no worse
   * than `maxLevel`, preferring the best level; -1 if there is none. A map
   * without input counts as node-local. At `OFF_RACK` with no map pending
   * and speculative execution on, a running map to back up on the node by
   * Hadoop 1's rule, if there is one (Hadoop's obtainNewMapTask). A map that
   * has failed comes first, at any level, unless it failed on this node;
   * none if the job's tasks failed on the node so often that the job has
   * blacklisted it (docs/model.md, "Task failures"); none if the job's map
   * container does not fit on the node (`fits`).
   */
  findMap(job: JobView, node: NodeView, maxLevel: LocalityLevel): number;
  /**
   * Whether a task of `job` of `kind` has room on `node` now: a free slot,
   * and on a resource cluster its container fits in the node's free memory
   * and vcores. `findMap` and `findReduce` find nothing where it has none.
   */
  fits(job: JobView, kind: TaskKind, node: NodeView): boolean;
  /**
   * A pending reduce of `job` that may launch on `node` now (past
   * slow-start and, in YARN mode, the ramp-up), or -1: the one that failed
   * most (the lowest-numbered among equals), not one that failed on the
   * node; with none pending and speculative execution of reduces on, a
   * running reduce to back up on the node by the speculation rule, if there
   * is one; none if the job has blacklisted the node (Hadoop's
   * obtainNewReduceTask) or its reduce container does not fit there.
   */
  findReduce(job: JobView, node: NodeView): number;
  /** Whether map `task` of `job` is pending (not running, not done): plan-driven policies check a planned task before launching it. */
  isMapPending(job: JobView, task: number): boolean;
  /** Whether reduce `task` of `job` is pending and may launch now (the job is past slow-start and, in YARN mode, the ramp-up). */
  isReduceRunnable(job: JobView, task: number): boolean;
  /**
   * Bytes of the job's map output held on each node now (indexed by node),
   * counting finished maps whose output is still there; a reduce fetches its
   * share of each. Empty for a job without reduces.
   */
  mapOutputBytes(job: JobView): ArrayLike<number>;
  /**
   * A running reduce of `job`: its node and the bytes it has fetched by now
   * (its share of the outputs it has copied); null when `task` is not running.
   */
  reduceFetch(job: JobView, task: number): ReduceFetchView | null;
  /** The running attempts of `job` of a kind, in task order: what a preemption picks from. */
  runningAttempts(job: JobView, kind: TaskKind): readonly RunningAttemptView[];
  /** Links on the network path between two nodes (indices); 0 for the same node. */
  hops(from: number, to: number): number;
}

/** A running attempt as the JobTracker knows it: where, since when, and how far it is. */
export interface RunningAttemptView {
  readonly task: number;
  /** The node's index. */
  readonly node: number;
  readonly start: number;
  /**
   * Its progress, 0 … 1, as Hadoop's tasks report it: a map, the share of
   * its input processed; a reduce, a third each for copy, sort and reduce.
   * Its rate, progress over the time since `start`, is what speculation
   * rules compare.
   */
  readonly progress: number;
}

export interface ReduceFetchView {
  readonly node: number;
  readonly fetchedBytes: number;
}

/**
 * A job's ApplicationMaster waiting for its container, or holding one, as
 * YARN's ResourceManager knows it (YARN mode): the application's queue,
 * user and AM container. Its job is not a `JobView` until its setup is over.
 */
export interface ApplicationMasterView {
  /** The job's index into scenario.jobs, as its `JobView.index` will be. */
  readonly job: number;
  readonly pool: string;
  readonly user: string;
  /** The AM's container on a resource cluster; none on a container cluster. */
  readonly container: Resources;
}

/** An attempt that has ended, as `onTaskEnded` reports it. */
export interface TaskEnd {
  readonly job: JobView;
  readonly kind: TaskKind;
  readonly task: number;
  /** 0 for the task's first attempt, then 1, 2, … */
  readonly attempt: number;
  readonly node: NodeView;
  readonly start: number;
  readonly end: number;
  /** end − start: what a TaskTracker reports. */
  readonly duration: number;
  /**
   * `failed`: its node failed; `killed`: its job failed, or a policy killed
   * it (`Decisions.kill`: preemption). (A map that
   * succeeded and whose output a node failure later lost is not reported
   * again: it shows as pending once more.)
   */
  readonly status: 'succeeded' | 'failed' | 'killed';
}

/** The answers to one heartbeat. Each call is checked and carried out at once. */
export interface Decisions {
  /**
   * Launch map `task` of `job` on the heartbeating node; returns the locality
   * it runs at (node-local for a map without input). A running map is
   * backed up (speculative execution on, one attempt running, not on this
   * node): the first of the two to finish counts and the other is killed.
   */
  launchMap(job: JobView, task: number): LocalityLevel;
  /** Launch reduce `task` of `job` on the heartbeating node. */
  launchReduce(job: JobView, task: number): void;
  /**
   * Kill the running attempt of `task` (Hadoop's killTask, not failing it:
   * the task runs again). It ends at its node's next heartbeat, as a
   * TaskTracker hears of a kill, and `onTaskEnded` reports it `killed`; its
   * slot is offered in that heartbeat. Allowed in every hook.
   */
  kill(job: JobView, kind: TaskKind, task: number): void;
  /**
   * Ask for one more replica of map `task`'s input block on node `node` (an
   * index), as HDFS raises a block's replication: the block is copied from
   * its closest live replica, through the network model in use, and counts
   * for the map's locality (`findMap`, `MapTaskView.replicas`, the launch's
   * locality) once the copy has ended. Ignored when the map is running or
   * done or reads no input, or its job has ended; when the node holds the
   * block or a copy to it is under way; or when the node is down or no
   * replica is live. A job, map or node that is not the run's is a
   * `PolicyError`. A copy stops
   * when its node fails or its job ends. The bytes moved are the run's
   * replication traffic (docs/model.md, "Replicas added during a run").
   * Allowed in every hook.
   */
  replicate(job: JobView, task: number, node: number): void;
  /**
   * Call the policy's `onWake` at virtual time `time` (now or later), once
   * however often the same time is asked for. Wakes are not activity: a run
   * where only wakes and heartbeats happen still stalls, and wakes left when
   * every job has ended are dropped.
   */
  wakeAt(time: number): void;
}

/**
 * What happens in a run, as the runtime tells a policy. Every hook is
 * optional. `decisions` may only launch tasks inside `onHeartbeat` (a launch
 * anywhere else is a `PolicyError`); every hook may kill and ask for a wake.
 */
export interface RunEvents {
  /**
   * A job with at least one task was submitted and its setup (settings.jobSetup,
   * or its own) is over: its tasks may run. In YARN mode the setup starts
   * when the job's ApplicationMaster does. A job without tasks is never shown.
   */
  onJobSubmitted?(job: JobView, view: ClusterView, decisions: Decisions): void;
  /** A job succeeded or failed. */
  onJobFinished?(job: JobView, view: ClusterView, decisions: Decisions): void;
  /** An attempt ended, for good or not; called before the slot it held is offered again. */
  onTaskEnded?(end: TaskEnd, view: ClusterView, decisions: Decisions): void;
  /**
   * `node` failed, as the JobTracker learns it: `settings.trackerExpiry`
   * after the failure, or when the node registers again if sooner (at once
   * with an expiry of 0). Its running attempts have failed (each reported by
   * `onTaskEnded` first), and it is not alive (`alive` is false from the
   * failure itself, when it stops heartbeating).
   */
  onNodeFailed?(node: NodeView, view: ClusterView, decisions: Decisions): void;
  /** `node` came back, empty, with its disks. */
  onNodeRecovered?(node: NodeView, view: ClusterView, decisions: Decisions): void;
  /** A time asked for with `decisions.wakeAt` has come. */
  onWake?(view: ClusterView, decisions: Decisions): void;
}

/**
 * A scheduling policy. Only `onHeartbeat` is required. The runtime calls
 * `onHeartbeat` only when the node has a free slot of a kind for which some
 * task is runnable, so a policy may not rely on being called otherwise.
 */
export interface Policy extends RunEvents {
  readonly name: string;
  /** A plan-driven policy's plan, recorded in the run so its prediction can be set beside the result. */
  readonly plan?: RunPlan;
  /**
   * True when a heartbeat that launched nothing on a node would launch
   * nothing there again, and change nothing, as long as the run's state
   * (`stateVersion`) is unchanged and no wake comes: the policy's answer
   * depends on the state and the node, not on the clock or on how many
   * heartbeats went by. The runtime then skips that node's heartbeats until
   * something happens (docs/model.md); without it every tick is delivered.
   */
  readonly declinesUntilStateChanges?: boolean;
  onHeartbeat(node: NodeView, view: ClusterView, decisions: Decisions): void;
  /**
   * YARN mode: whether the ApplicationMaster of a job waiting for one may
   * start now, asked by the ResourceManager's side before it gives the AM a
   * container (and only within `settings.yarn.maxAmShare`); `running` are
   * the AMs holding a container now. A scheduler's per-queue AM limit
   * answers here. Absent: yes. The answer may depend on the run's state
   * (`stateVersion`), not on the clock.
   */
  mayStartApplicationMaster?(am: ApplicationMasterView, running: readonly ApplicationMasterView[], view: ClusterView): boolean;
}

/**
 * The scenario's truth, for a policy whose user asked for it (`estimates:
 * oracle`), or whose model takes it as known (an offline planner's batch
 * plan). The runtime provides it and the run records that it was read
 * (`RunRecord.oracleRead`), so that no policy reads the truth unseen.
 */
export interface TaskOracle {
  /** The work of map `task` of a submitted job, seconds at speed 1. */
  mapWork(job: JobView, task: number): number;
  /** The work of reduce `task` of a submitted job, seconds at speed 1. */
  reduceWork(job: JobView, task: number): number;
  /** Every job of the run, arrived or not, with its tasks' truth. */
  workload(): readonly Job[];
}

/** What the runtime hands the function that builds a run's policy. */
export interface RunServices {
  readonly oracle: TaskOracle;
}

/** Builds a run's policy once the runtime is ready to serve it. */
export type PolicyFactory = (services: RunServices) => Policy;

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

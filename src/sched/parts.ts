/**
 * The parts a scheduler is assembled from, the way the papers split the
 * problem: a job order says which job a free slot goes to, a map placement
 * which of that job's maps runs on the heartbeating node (or that none should
 * run there now), a reduce placement the same for reduces. `ComposedPolicy`
 * puts one of each together into a `Policy`. Each part hears every run event
 * (`RunEvents`) and keeps its own state.
 *
 * At a heartbeat the composed policy asks, in turn: the job order, the map
 * placement and the reduce placement to begin the heartbeat; the job order to
 * offer the node's free map slots to jobs (as many walks as the map placement
 * has passes), each offer answered by the map placement; then the same for the
 * free reduce slots, answered by the reduce placement. An offer a placement
 * declines goes to the next job, so a placement that waits for a better node
 * (delay scheduling, a fetch-cost rule) does not hold the slot.
 *
 * Each part may also say why it made a launch, in its own terms, for the
 * decision log (`--explain`, `decision-log.ts`): `explainOffer` on a job
 * order, `explainLaunch` on a placement. They are asked only when a log is
 * kept, right after the launch and before the part's own bookkeeping of it,
 * with the `LaunchContext` of the launch.
 */
import type { RunPlan } from '../model/run-record.js';
import type { ClusterView, Decisions, JobView, NodeView, Policy, RunEvents } from '../sim/policy.js';

export type SlotKind = 'map' | 'reduce';

/** How a launch came about, for the placement's reason in the decision log. */
export interface LaunchContext {
  /** The job order offered the slot; false for a launch a placement made on its own at the start of a heartbeat (a planned task). */
  readonly offered: boolean;
  /** The job order's walk of the heartbeat (a placement that relaxes locality walk by walk). */
  readonly pass: number;
}

/**
 * A free slot offered to `job`: the placement launches one of the job's
 * tasks on the heartbeating node and returns true, or returns false when the
 * job has no task it should run there now.
 */
export type Offer = (job: JobView) => boolean;

/**
 * What every part may declare: that when it takes no offer at a heartbeat, it
 * takes none at that node's next heartbeats either while the run's state is
 * unchanged, its answers resting on the state and the node, not on the clock
 * or the heartbeats gone by. A policy has its declined heartbeats skipped
 * while its three parts all declare it (`Policy.declinesUntilStateChanges`,
 * read at every heartbeat): a part may stop declaring it when something it
 * hears makes its answers rest on the clock (a node failure, for the
 * Capacity Scheduler's order).
 */
interface Part extends RunEvents {
  readonly declinesUntilStateChanges?: boolean;
}

/** Which job gets the next free slot: FIFO, fair shares, capacity queues, a plan's order. */
export interface JobOrder extends Part {
  /** A plan-driven order's plan, recorded in the run. */
  readonly plan?: RunPlan;
  /** At every heartbeat the policy is given, before any slot is offered (`decisions` for what is not a launch: block copies, kills, wakes). */
  beginHeartbeat?(node: NodeView, view: ClusterView, decisions: Decisions): void;
  /**
   * Offers the node's free slots of `kind` to jobs in the order's sequence,
   * within its per-heartbeat limits, until the slots are full or no job takes
   * one. Called only when the node has a free slot of the kind and a task of
   * the kind is runnable somewhere.
   */
  fill(kind: SlotKind, node: NodeView, view: ClusterView, offer: Offer): void;
  /** Why `job` was offered the slot whose launch was just made (decision log only). */
  explainOffer?(job: JobView, kind: SlotKind, view: ClusterView): string;
  /** YARN mode: whether a waiting ApplicationMaster may start now, by the order's queue limits (`Policy.mayStartApplicationMaster`). */
  mayStartApplicationMaster?: Policy['mayStartApplicationMaster'];
}

/** Which map of a job runs on a node: the best locality, delay scheduling, a plan's queue. */
export interface MapPlacement extends Part {
  /**
   * At every heartbeat, before the job order offers anything: a plan-driven
   * placement launches the node's planned maps here, whatever the order.
   */
  beginHeartbeat?(node: NodeView, view: ClusterView, decisions: Decisions): void;
  /** Walks of the job order per heartbeat, for a placement that relaxes locality walk by walk; 1 when absent. */
  readonly passes?: number;
  /** A map slot of `node` offered to `job` in walk `pass` (0 first): launch a map and return true, or return false. */
  place(job: JobView, node: NodeView, view: ClusterView, decisions: Decisions, pass: number): boolean;
  /** Why map `task` of `job` was just launched on `node` (decision log only). */
  explainLaunch?(job: JobView, task: number, node: NodeView, view: ClusterView, context: LaunchContext): string;
}

/** Which reduce of a job runs on a node, and whether now: Hadoop's first free slot, a fetch-cost rule. */
export interface ReducePlacement extends Part {
  /** At every heartbeat, before the job order offers anything. */
  beginHeartbeat?(node: NodeView, view: ClusterView, decisions: Decisions): void;
  /** A reduce slot of `node` offered to `job`: launch a reduce and return true, or return false. */
  place(job: JobView, node: NodeView, view: ClusterView, decisions: Decisions): boolean;
  /** Why reduce `task` of `job` was just launched on `node` (decision log only). */
  explainLaunch?(job: JobView, task: number, node: NodeView, view: ClusterView, context: LaunchContext): string;
}

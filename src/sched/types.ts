/**
 * The scheduler extension points. Read this first when writing a scheduler;
 * docs/schedulers.md walks through writing one.
 *
 * A scheduler is a `SchedulerFactory` registered by name; for each run it
 * creates a fresh `Policy` (its state for that run). The runtime calls the
 * policy on run events (`RunEvents`: jobs arriving and finishing, attempts
 * ending, nodes failing and recovering, wakes it asked for) and on heartbeats
 * from nodes with free slots; the policy answers a heartbeat by asking
 * `Decisions` to launch tasks on that node. Views are read-only windows onto
 * the runtime's state; a policy never changes it except through `Decisions`,
 * and the runtime checks every decision (slot free, task pending, job
 * submitted, node alive) and throws a `PolicyError` naming the policy for a
 * wrong one.
 *
 * Most schedulers are assembled from parts (`parts.ts`): a job order, a map
 * placement and a reduce placement. A scheduler that names its placements in
 * `placements` lets the user put another registered placement in their
 * stead (`--reduce-placement greedy`, or `fair+greedy`); it then builds with
 * the placement the context hands it.
 *
 * A policy does not see how long tasks take: it estimates durations from
 * what it has seen (`estimates/`), or reads the scenario's truth when the
 * user asks for the `oracle`, and says which it used.
 */
import type { Scenario } from '../model/scenario.js';
import type { Policy } from '../sim/policy.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import type { DecisionLog } from './decision-log.js';
import type { MapPlacement, ReducePlacement } from './parts.js';

export type {
  ClusterView,
  Decisions,
  JobSpecView,
  JobView,
  LocalityLevel,
  MapTaskView,
  NodeView,
  Policy,
  ReduceFetchView,
  RunEvents,
  TaskOracle,
  RunServices,
  PolicyFactory,
  TaskEnd,
} from '../sim/policy.js';
export { NODE_LOCAL, OFF_RACK, PolicyError, RACK_LOCAL } from '../sim/policy.js';
export type { JobOrder, LaunchContext, MapPlacement, Offer, ReducePlacement, SlotKind } from './parts.js';
export type { DecisionLog, LaunchDecision } from './decision-log.js';

/** What every factory is handed besides the scenario. */
export interface PartContext {
  /** HiGHS, loaded, when the factory declares `needsLinearSolver` (else null). */
  readonly solver: LinearSolver | null;
}

export interface SchedulerContext extends PartContext {
  /** The name the run goes by: the scheduler's, with any part chosen in place of its own (`fair+greedy`). */
  readonly name: string;
  /** A map placement the user chose in place of the scheduler's own, or null. */
  readonly mapPlacement: MapPlacement | null;
  /** A reduce placement the user chose in place of the scheduler's own, or null. */
  readonly reducePlacement: ReducePlacement | null;
  /** Where the run's decisions go with their reasons (`--explain`); absent or null when no log is kept. */
  readonly explain?: DecisionLog | null;
}

/** What every registered factory says about itself. */
export interface Described {
  /** Registry name, as typed on the command line. */
  readonly name: string;
  /** One line for `mrsched schedulers`. */
  readonly summary: string;
  /** Where the algorithm comes from (a system or paper). */
  readonly source: string;
  /** It solves LPs during a run: running it needs a loaded solver (`loadLinearSolver`). */
  readonly needsLinearSolver?: boolean;
}

export interface SchedulerFactory extends Described {
  /**
   * A fresh policy for one run of `scenario`. Reads its options from
   * `scenario.schedulerOptions[name]`; throws an `InputError` naming the
   * field for bad options.
   */
  create(scenario: Scenario, context: SchedulerContext): Policy;
  /**
   * The registered placements the scheduler uses unless told otherwise. A
   * kind named here may be swapped by the user (choosing the same name
   * changes nothing); a kind left out cannot be: the scheduler places those
   * tasks its own way.
   */
  readonly placements?: { readonly map?: string; readonly reduce?: string };
  /**
   * For schedulers that decide how jobs are split into tasks (UAAS splits
   * every job into one task per slot): the scenario to run instead, built
   * from the one given before the run. `runScenario` (hence `simulate` and
   * `compare` on the command line) applies it, then calls `create` on the
   * result; the run record holds the scenario that ran.
   */
  prepare?(scenario: Scenario): Scenario;
  /**
   * True for a scheduler that plans one batch of jobs released together (its
   * plan ignores arrivals): `compare` runs it by default only on a scenario
   * whose jobs are all submitted at one time.
   */
  readonly batchOnly?: boolean;
}

/** A map placement a user may choose by name; reads its options from `scenario.schedulerOptions[name]`. */
export interface MapPlacementFactory extends Described {
  readonly kind: 'map-placement';
  create(scenario: Scenario, context: PartContext): MapPlacement;
}

/** A reduce placement a user may choose by name; reads its options from `scenario.schedulerOptions[name]`. */
export interface ReducePlacementFactory extends Described {
  readonly kind: 'reduce-placement';
  create(scenario: Scenario, context: PartContext): ReducePlacement;
}

export type PlacementFactory = MapPlacementFactory | ReducePlacementFactory;

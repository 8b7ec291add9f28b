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
 * A factory is handed a setup (`PartSetup`, `SchedulerSetup`), never the
 * scenario: its options, parsed by the schema it declares, and what a
 * JobTracker knows before the first job arrives (the cluster, storage, users,
 * pools and settings). Not the jobs to come, nor the failures to come, nor
 * the seed: per-job state grows as jobs arrive, and draws come from named
 * random streams.
 *
 * Most schedulers are assembled from parts (`parts.ts`): a job order, a map
 * placement and a reduce placement. A scheduler that names its placements in
 * `placements` lets the user put another registered placement in their
 * stead (`--reduce-placement greedy`, or `fair+greedy`); it then builds with
 * the placement the setup hands it.
 *
 * A policy does not see how long tasks take: it estimates durations from
 * what it has seen (`estimates/`), or asks the run's `TaskOracle` when the
 * user asks for the `oracle` (the run records that it did), and says which
 * it used.
 */
import type { z } from 'zod';
import type { RandomStreamName } from '../util/random-streams.js';
import type { Random } from '../util/random.js';
import type { Cluster } from '../model/cluster.js';
import type { ExecutionHistory } from '../model/execution-history.js';
import type { Scenario, Settings, Storage } from '../model/scenario.js';
import type { Pool, User } from '../model/workload.js';
import type { Policy, TaskOracle } from '../sim/policy.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import type { DecisionLog } from './decision-log.js';
import type { MapPlacement, ReducePlacement, SlotKind } from './parts.js';

export type {
  ApplicationMasterView,
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
  RunningAttemptView,
  TaskOracle,
  RunServices,
  PolicyFactory,
  TaskEnd,
} from '../sim/policy.js';
export { NODE_LOCAL, OFF_RACK, PolicyError, RACK_LOCAL } from '../sim/policy.js';
export type { JobOrder, LaunchContext, MapPlacement, Offer, ReducePlacement, SlotKind } from './parts.js';
export type { DecisionLog, LaunchDecision } from './decision-log.js';

/**
 * The run's settings as a scheduler knows them: not the failures to come (of
 * nodes and of attempts), nor the variance to come (what a scheduler learns
 * by watching), nor the seed (its draws come from named streams).
 */
export type SchedulerSettings = Omit<Settings, 'failures' | 'taskFailures' | 'seed' | 'variability'>;

/** What a factory is handed to build its part for one run. */
export interface PartSetup<Options = unknown> {
  /** `schedulerOptions.<name>`, parsed by the factory's `options` schema. */
  readonly options: Options;
  readonly cluster: Cluster;
  readonly storage: Storage;
  /** Every user and pool the run's jobs name (resolution lists them all): configuration, not the jobs to come. */
  readonly users: readonly User[];
  readonly pools: readonly Pool[];
  readonly settings: SchedulerSettings;
  /** HiGHS, loaded, when the factory declares `needsLinearSolver` (else null). */
  readonly solver: LinearSolver | null;
  /** The truth (task work, the jobs to come), for a part whose user asks for it or whose model takes it as known; the run records every read. */
  readonly oracle: TaskOracle;
  /** Earlier runs' task work by job (`--history DIR`), for estimates that start from them; `NO_HISTORY` when none is given. */
  readonly history: ExecutionHistory;
  /** A fresh generator of the named stream of the run's seed (`src/util/random-streams.ts`), the same draws each time it is asked for. */
  random(stream: RandomStreamName): Random;
}

export interface SchedulerSetup<Options = unknown> extends PartSetup<Options> {
  /** The name the run goes by: the scheduler's, with any part chosen in place of its own (`fair+greedy`). */
  readonly name: string;
  /** The map placement to use: one the user chose, or the registered default (see `tailorsPlacements`); null for a kind it places its own way. */
  readonly mapPlacement: MapPlacement | null;
  /** The reduce placement to use, likewise. */
  readonly reducePlacement: ReducePlacement | null;
  /** Where the run's decisions go with their reasons (`--explain`); null when no log is kept. */
  readonly explain: DecisionLog | null;
}

/** What every registered factory says about itself. */
export interface Described<Options = unknown> {
  /** Registry name, as typed on the command line. */
  readonly name: string;
  /** One line for `mrsched schedulers`. */
  readonly summary: string;
  /** Where the algorithm comes from (a system or paper). */
  readonly source: string;
  /** It solves LPs during a run: running it needs a loaded solver (`loadLinearSolver`). */
  readonly needsLinearSolver?: boolean;
  /**
   * The schema of `schedulerOptions.<name>`: strict (an unknown option is a
   * mistake), defaults filled in, checks across options included; its output
   * is `setup.options`. Options are parsed where a run is chosen and by
   * `mrsched validate`, before anything is built.
   */
  readonly options: z.ZodType<Options>;
  /** What each option expects, in words, for the problem that names a bad one (`schedulerOptions.<name>.<option>`). */
  readonly optionDescriptions: Readonly<Record<string, string>>;
}

export interface SchedulerFactory<Options = unknown> extends Described<Options> {
  /** A fresh policy for one run; throws an `InputError` naming the field for options that cannot work with the run's configuration. */
  create(setup: SchedulerSetup<Options>): Policy;
  /**
   * The registered placements the scheduler uses unless told otherwise. A
   * kind named here may be swapped by the user (choosing the same name
   * changes nothing); a kind left out cannot be: the scheduler places those
   * tasks its own way.
   */
  readonly placements?: { readonly map?: string; readonly reduce?: string };
  /**
   * The kinds of `placements` whose default the scheduler builds itself,
   * tailored by its own options (fifo's Hadoop 1 limits, fair's delays): it
   * is handed a placement of such a kind only when the user chose another.
   * For every other kind it names, the registered default is built from its
   * own options and handed in.
   */
  readonly tailorsPlacements?: readonly SlotKind[];
  /**
   * For schedulers that decide how jobs are split into tasks (UAAS splits
   * every job into one task per slot): the scenario to run instead, built
   * from the one given before the run. `runScenario` (hence `simulate` and
   * `compare` on the command line) applies it, then builds the policy for
   * the result; the run record holds the scenario that ran.
   */
  prepare?(scenario: Scenario, options: Options): Scenario;
  /**
   * True for a scheduler that plans one batch of jobs released together (its
   * plan ignores arrivals): `compare` runs it by default only on a scenario
   * whose jobs are all submitted at one time.
   */
  readonly batchOnly?: boolean;
}

/** A map placement a user may choose by name. */
export interface MapPlacementFactory<Options = unknown> extends Described<Options> {
  readonly kind: 'map-placement';
  create(setup: PartSetup<Options>): MapPlacement;
}

/** A reduce placement a user may choose by name. */
export interface ReducePlacementFactory<Options = unknown> extends Described<Options> {
  readonly kind: 'reduce-placement';
  create(setup: PartSetup<Options>): ReducePlacement;
}

export type PlacementFactory = MapPlacementFactory | ReducePlacementFactory;

/**
 * The scheduler extension points. Read this first when writing a scheduler.
 *
 * A scheduler is a `SchedulerFactory` registered by name; for each run it
 * creates a fresh `Policy` (its state for that run). The runtime calls the
 * policy when jobs arrive and finish, and on heartbeats from nodes with free
 * slots; the policy answers a heartbeat by asking `Decisions` to launch tasks
 * on that node. Views are read-only windows onto the runtime's state; a
 * policy never changes it except through `Decisions`, and the runtime checks
 * every decision (slot free, task pending, job submitted, node alive) and
 * throws a `PolicyError` naming the policy for a wrong one.
 *
 * Map placement: `view.findMap(job, node, maxLevel)` returns the job's best
 * pending map for the node no worse than the given locality level (or -1);
 * `decisions.launchMap` returns the locality it runs at. Reduce
 * placement: `view.findReduce(job)` returns a reduce that may launch (the job
 * is past slow-start), or -1.
 */
import type { Scenario } from '../model/scenario.js';
import type { Policy } from '../sim/policy.js';

export type {
  ClusterView,
  Decisions,
  JobView,
  LocalityLevel,
  NodeView,
  Policy,
} from '../sim/policy.js';
export { NODE_LOCAL, OFF_RACK, PolicyError, RACK_LOCAL } from '../sim/policy.js';

export interface SchedulerFactory {
  /** Registry name, as typed on the command line. */
  readonly name: string;
  /** One line for `mrsched schedulers`. */
  readonly summary: string;
  /** Where the algorithm comes from (a system or paper). */
  readonly source: string;
  /**
   * A fresh policy for one run of `scenario`. Reads its options from
   * `scenario.schedulerOptions[name]`; throws an `InputError` naming the
   * field for bad options.
   */
  create(scenario: Scenario): Policy;
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

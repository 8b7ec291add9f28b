/**
 * How the experiment layer builds a run's policy: the scenario prepared as
 * the job order asks (`SchedulerFactory.prepare`), and the policy built once
 * the runtime hands over its services (`simulate` takes a function of them),
 * from what of the scenario a scheduler may know, the run's oracle, the
 * earlier runs given as an execution database and the named random streams
 * of the run's seed. The seed stays here: parts are
 * handed streams, not the seed.
 */
import { NO_HISTORY, type ExecutionHistory } from '../model/execution-history.js';
import type { Scenario } from '../model/scenario.js';
import type { PolicyFactory, RunServices } from '../sim/policy.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import { randomStream } from '../util/random-streams.js';
import { createPolicy, runConfiguration, type DecisionLog, type RunSetup, type SchedulerProfile, type SchedulerRegistry } from '../sched/index.js';

/** The scenario the profile's job order runs instead of `scenario` (a re-split, slow-start 1), or `scenario`. */
export function preparedScenario(registry: SchedulerRegistry, profile: SchedulerProfile, scenario: Scenario): Scenario {
  return registry.get(profile.jobOrder).prepare?.(scenario, profile.options[profile.jobOrder]) ?? scenario;
}

/** What the run hands every part of the policy that runs `scenario` (already prepared). */
export function runSetup(scenario: Scenario, services: RunServices, solver: LinearSolver | null, explain: DecisionLog | null, history: ExecutionHistory): RunSetup {
  const { seed } = scenario.settings;
  return { ...runConfiguration(scenario), solver, oracle: services.oracle, history, random: (stream) => randomStream(seed, stream), explain };
}

/** The profile's policy for a run of `scenario` (already prepared), built when the runtime is ready. */
export function runPolicy(
  registry: SchedulerRegistry,
  profile: SchedulerProfile,
  scenario: Scenario,
  solver: LinearSolver | null,
  explain: DecisionLog | null = null,
  history: ExecutionHistory = NO_HISTORY,
): PolicyFactory {
  return (services) => createPolicy(registry, profile, runSetup(scenario, services, solver, explain, history));
}

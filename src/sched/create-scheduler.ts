/**
 * A scheduler's policy built outside a run, for tests and scripts that drive
 * a policy themselves: the scheduler as its plain name runs it (its own
 * placements, or the scenario's `schedulerOptions.placement`), with the
 * built-in schedulers and placements beside it. Outside a run there is no
 * oracle and no random stream: a part that asks for either throws, and is
 * built inside the run instead (`runScenario`, or `simulate` with a function
 * of the run's services).
 */
import { NO_HISTORY } from '../model/execution-history.js';
import type { Scenario } from '../model/scenario.js';
import type { Policy } from '../sim/policy.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import { builtinSchedulers } from './builtin-schedulers.js';
import { createPolicy } from './create-policy.js';
import { runConfiguration } from './run-configuration.js';
import { plainChoice } from './scheduler-choice.js';
import { schedulerProfile } from './scheduler-profile.js';
import type { SchedulerFactory } from './types.js';

export function createScheduler(factory: SchedulerFactory, scenario: Scenario, solver: LinearSolver | null = null): Policy {
  const registry = builtinSchedulers().with(factory);
  const outsideRun = (): never => {
    throw new Error(`'${factory.name}' was built outside a run (createScheduler), where there is no oracle and no random stream: build it in the run (runScenario)`);
  };
  return createPolicy(registry, schedulerProfile(registry, plainChoice(factory.name), scenario.schedulerOptions), {
    ...runConfiguration(scenario),
    solver,
    oracle: { mapWork: outsideRun, reduceWork: outsideRun, workload: outsideRun },
    history: NO_HISTORY,
    random: outsideRun,
    explain: null,
  });
}

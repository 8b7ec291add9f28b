/**
 * A run of a test scenario with the scheduler's policy built in the run, as
 * `runScenario` builds it (the run's oracle and random streams; the scenario
 * as given, not prepared), returning the policy too, for a test to look
 * into; `watch` may stand a policy of its own between the runtime and it.
 */
import type { RunRecord } from '../model/run-record.js';
import type { Scenario } from '../model/scenario.js';
import type { Policy } from '../sim/policy.js';
import type { SimulateOptions } from '../sim/runtime.js';
import { simulate } from '../sim/simulate.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import { runPolicy } from '../experiment/run-policy.js';
import { builtinSchedulers, parseSchedulerChoice, schedulerProfile } from '../sched/index.js';

export interface ScheduledRunOptions extends SimulateOptions {
  readonly solver?: LinearSolver;
  readonly watch?: (policy: Policy) => Policy;
}

export function scheduledRun<P extends Policy = Policy>(scenario: Scenario, scheduler: string, options: ScheduledRunOptions = {}): { run: RunRecord; policy: P } {
  const { solver, watch, ...simulateOptions } = options;
  const registry = builtinSchedulers();
  const profile = schedulerProfile(registry, parseSchedulerChoice(registry, scheduler), scenario.schedulerOptions);
  const build = runPolicy(registry, profile, scenario, solver ?? null);
  let policy: Policy | undefined;
  const run = simulate(
    scenario,
    (services) => {
      policy = build(services);
      return watch === undefined ? policy : watch(policy);
    },
    simulateOptions,
  );
  return { run, policy: policy as P };
}

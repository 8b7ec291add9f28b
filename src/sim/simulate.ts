/** One run of a scenario under a policy: the simulator's entry point. */
import type { RunRecord } from '../model/run-record.js';
import type { Scenario } from '../model/scenario.js';
import type { Policy, PolicyFactory } from './policy.js';
import { Runtime, type SimulateOptions } from './runtime.js';

/** `policy`: the run's policy, or a function that builds it from the runtime's services (its oracle). */
export function simulate(scenario: Scenario, policy: Policy | PolicyFactory, options: SimulateOptions = {}): RunRecord {
  return new Runtime(scenario, typeof policy === 'function' ? policy : () => policy, options).run();
}

/** One run of a scenario under a policy: the simulator's entry point. */
import type { RunRecord } from '../model/run-record.js';
import type { Scenario } from '../model/scenario.js';
import type { Policy } from './policy.js';
import { Runtime, type SimulateOptions } from './runtime.js';

export function simulate(scenario: Scenario, policy: Policy, options: SimulateOptions = {}): RunRecord {
  return new Runtime(scenario, policy, options).run();
}

/** One scenario under one named scheduler: the run and its metrics. */
import type { RunRecord } from '../model/run-record.js';
import type { Scenario } from '../model/scenario.js';
import { computeMetrics, type RunMetrics } from '../metrics/index.js';
import { simulate } from '../sim/simulate.js';
import type { SimulateOptions } from '../sim/runtime.js';
import { builtinSchedulers, type SchedulerRegistry } from '../sched/index.js';

export interface RunScenarioOptions extends SimulateOptions {
  /** Where scheduler names are looked up; the built-in schedulers by default. */
  readonly registry?: SchedulerRegistry;
}

export interface RunResult {
  readonly run: RunRecord;
  readonly metrics: RunMetrics;
}

export function runScenario(scenario: Scenario, scheduler: string, options: RunScenarioOptions = {}): RunResult {
  const registry = options.registry ?? builtinSchedulers();
  const factory = registry.get(scheduler);
  const prepared = factory.prepare?.(scenario) ?? scenario;
  const run = simulate(prepared, factory.create(prepared), options);
  return { run, metrics: computeMetrics(run) };
}

/** One scenario under one scheduler: the run and its metrics. */
import type { ExecutionHistory } from '../model/execution-history.js';
import type { RunRecord } from '../model/run-record.js';
import type { Scenario } from '../model/scenario.js';
import { measureRun, type MetricsOverTime, type RunMetrics } from '../metrics/index.js';
import { simulate } from '../sim/simulate.js';
import type { SimulateOptions } from '../sim/runtime.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import { builtinSchedulers, parseSchedulerChoice, schedulerProfile, type DecisionLog, type SchedulerChoice, type SchedulerProfile, type SchedulerRegistry } from '../sched/index.js';
import { preparedScenario, runPolicy } from './run-policy.js';

export interface RunScenarioOptions extends SimulateOptions {
  /** Where scheduler and placement names are looked up; the built-in ones by default. */
  readonly registry?: SchedulerRegistry;
  /** HiGHS for a scheduler that solves LPs during the run (`await loadLinearSolver()`). */
  readonly solver?: LinearSolver;
  /** Keeps the decision log: every launch with the scheduler's reasons, in launch order (schedulers built from parts). */
  readonly explain?: DecisionLog;
  /** Earlier runs' task work by job (`runHistory`), where learned estimates start from; none by default. */
  readonly history?: ExecutionHistory;
}

export interface RunResult {
  readonly run: RunRecord;
  readonly metrics: RunMetrics;
  /** Rasooli and Down's metrics over time, from the sweeps of its metrics: what a report of the run charts. */
  readonly overTime: MetricsOverTime | null;
}

/**
 * `scheduler` is a choice, or a name as `mrsched simulate --scheduler` takes
 * it: a scheduler, optionally with placements in place of its own
 * (`fair+greedy`).
 */
export function runScenario(scenario: Scenario, scheduler: SchedulerChoice | string, options: RunScenarioOptions = {}): RunResult {
  const registry = options.registry ?? builtinSchedulers();
  const choice = typeof scheduler === 'string' ? parseSchedulerChoice(registry, scheduler) : scheduler;
  return runProfile(scenario, schedulerProfile(registry, choice, scenario.schedulerOptions), options);
}

/** `runScenario` with the scheduler's profile on `scenario` already made (by a caller that needed it first). */
export function runProfile(scenario: Scenario, profile: SchedulerProfile, options: RunScenarioOptions = {}): RunResult {
  const registry = options.registry ?? builtinSchedulers();
  const prepared = preparedScenario(registry, profile, scenario);
  const run = simulate(prepared, runPolicy(registry, profile, prepared, options.solver ?? null, options.explain ?? null, options.history), options);
  return { run, ...measureRun(run) };
}

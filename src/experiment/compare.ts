/**
 * Several schedulers on the same scenario, over replications. Replication r
 * uses seed s + r, and every scheduler runs on the same resolved scenario for
 * that seed (common random numbers: the same replica placement, node speeds
 * and task times), so differences come from the schedulers.
 */
import type { ExecutionHistory } from '../model/execution-history.js';
import type { RunRecord } from '../model/run-record.js';
import type { Scenario } from '../model/scenario.js';
import { summarizeReplications, type MetricsOverTime, type ReplicationSummary, type RunMetrics } from '../metrics/index.js';
import { attemptEnds } from '../metrics/attempt-end.js';
import { groupResourceMeans, type GroupResourceMeans } from '../metrics/group-resource-means.js';
import { groupSummaries, type GroupSummary } from '../metrics/group-summary.js';
import { runSpan } from '../metrics/span.js';
import type { Grouping } from '../metrics/group-timeline.js';
import { builtinSchedulers, parseSchedulerChoice, runName, schedulerProfile, type DecisionLog, type SchedulerChoice, type SchedulerRegistry } from '../sched/index.js';
import type { SimulationProgress } from '../sim/runtime.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import { runProfile, type RunResult } from './run-scenario.js';

/** A scenario, or a function that resolves it for a seed (so replications can redraw its random parts). */
export type ScenarioSource = Scenario | ((seed: number) => Scenario);

export interface CompareOptions {
  /** Scheduler choices, or names (with placements after '+' if wanted); every registered scheduler by default. */
  readonly schedulers?: readonly (SchedulerChoice | string)[];
  readonly replications?: number;
  /** First replication's seed; by default the scenario's own (1 for a function source). */
  readonly seed?: number;
  readonly registry?: SchedulerRegistry;
  /** HiGHS, for schedulers that solve LPs during a run. */
  readonly solver?: LinearSolver;
  /** `scheduler`: the run's name (`fifo+delay`). */
  readonly onProgress?: (scheduler: string, replication: number, progress: SimulationProgress) => void;
  /** Simulated seconds between progress reports besides those by events, for each replication's scenario (`SimulateOptions.progressStep`). */
  readonly progressStep?: (scenario: Scenario) => number;
  /** A decision log for the run named `scheduler` in `replication`, or undefined for none. */
  readonly explain?: (scheduler: string, replication: number) => DecisionLog | undefined;
  /** Each run as it ends, with its metrics (the comparison itself keeps only each scheduler's first run). */
  readonly onRun?: (run: RunRecord, metrics: RunMetrics, replication: number) => void;
  /** Earlier runs' task work by job, where every run's learned estimates start from; none by default. */
  readonly history?: ExecutionHistory;
}

export interface SchedulerComparison {
  readonly scheduler: string;
  /** Metrics of each replication, in seed order. */
  readonly runs: readonly RunMetrics[];
  /** 95% confidence interval of each metric's mean over the replications (null where a metric is undefined). */
  readonly intervals: Readonly<ReplicationSummary>;
  /** Completion times (end − submit) of every succeeded job of every replication. */
  readonly completionTimes: readonly number[];
  /** The first replication's run, for charts of one run. */
  readonly sample: RunRecord;
  /** Its metrics over time (RunResult). */
  readonly overTime: MetricsOverTime | null;
  /** Per replication (seed order), what the report says of its pools and users: the comparison keeps no other run whole. */
  readonly groups: GroupsByReplication;
}

export interface GroupsByReplication extends Readonly<Record<Grouping, readonly (readonly GroupSummary[])[]>> {
  /** On a YARN resource cluster, each pool's mean memory, vcores and dominant share; no pool elsewhere. */
  readonly poolResources: readonly (readonly GroupResourceMeans[])[];
}

export interface Comparison {
  readonly scenario: string;
  readonly seeds: readonly number[];
  readonly results: readonly SchedulerComparison[];
}

export function compare(source: ScenarioSource, options: CompareOptions = {}): Comparison {
  const registry = options.registry ?? builtinSchedulers();
  const asked = options.schedulers ?? registry.names();
  const choices = asked.map((scheduler) => (typeof scheduler === 'string' ? parseSchedulerChoice(registry, scheduler, 'schedulers') : scheduler));
  const replications = options.replications ?? 1;
  if (!Number.isInteger(replications) || replications < 1) {
    throw new RangeError(`replications must be a whole number ≥ 1, not ${replications}`);
  }
  const resolve = typeof source === 'function' ? source : (seed: number) => withSeed(source, seed);
  const firstSeed = options.seed ?? (typeof source === 'function' ? 1 : source.settings.seed);
  const seeds = Array.from({ length: replications }, (_, r) => firstSeed + r);
  const perScheduler = choices.map(() => ({ runs: [] as RunMetrics[], times: [] as number[], sample: null as RunResult | null, groups: [] as GroupsByReplication[] }));
  const solver = options.solver === undefined ? {} : { solver: options.solver };
  let scenarioName = '';
  seeds.forEach((seed, r) => {
    const scenario = resolve(seed);
    scenarioName = scenario.name;
    // Every choice is made a profile on the scenario before the first run, so a mistake in the last costs nothing.
    const profiles = choices.map((choice) => schedulerProfile(registry, choice, scenario.schedulerOptions));
    profiles.forEach((profile, s) => {
      const name = runName(registry, profile);
      const onProgress = options.onProgress && ((p: SimulationProgress) => options.onProgress!(name, r, p));
      const explain = options.explain?.(name, r);
      const result = runProfile(scenario, profile, {
        registry,
        onProgress,
        ...(options.progressStep === undefined ? {} : { progressStep: options.progressStep(scenario) }),
        ...solver,
        ...(explain === undefined ? {} : { explain }),
        ...(options.history === undefined ? {} : { history: options.history }),
      });
      const { run, metrics } = result;
      options.onRun?.(run, metrics, r);
      const slot = perScheduler[s];
      slot.runs.push(metrics);
      for (const job of run.jobs) if (job.status === 'succeeded') slot.times.push(job.end! - job.submit);
      slot.groups.push(runGroups(run));
      slot.sample ??= result;
    });
  });
  return {
    scenario: scenarioName,
    seeds,
    // Each scheduler goes by its run's name: `fifo+hadoop` runs as, and is called, `fifo`.
    results: choices.map((_, s) => ({
      scheduler: perScheduler[s].sample!.run.scheduler,
      runs: perScheduler[s].runs,
      intervals: summarizeReplications(perScheduler[s].runs),
      completionTimes: perScheduler[s].times,
      sample: perScheduler[s].sample!.run,
      overTime: perScheduler[s].sample!.overTime,
      groups: replicationsOf(perScheduler[s].groups),
    })),
  };
}

/** One run as a comparison of one scheduler with one replication: what the report of a single run shows. */
export function comparisonOfRun({ run, metrics, overTime }: RunResult): Comparison {
  const completionTimes = run.jobs.flatMap((job) => (job.status === 'succeeded' ? [job.end! - job.submit] : []));
  return {
    scenario: run.scenario.name,
    seeds: [run.seed],
    results: [{ scheduler: run.scheduler, runs: [metrics], intervals: summarizeReplications([metrics]), completionTimes, sample: run, overTime, groups: runGroups(run) }],
  };
}

/** One run's pool and user figures, as the single replication of `GroupsByReplication`. */
export function runGroups(run: RunRecord): GroupsByReplication {
  const ends = attemptEnds(run);
  return { pool: [groupSummaries(run, 'pool', ends)], user: [groupSummaries(run, 'user', ends)], poolResources: [groupResourceMeans(run, 'pool', runSpan(run), ends)] };
}

/** Single replications joined, in their order. */
export function replicationsOf(runs: readonly GroupsByReplication[]): GroupsByReplication {
  return { pool: runs.flatMap((r) => r.pool), user: runs.flatMap((r) => r.user), poolResources: runs.flatMap((r) => r.poolResources) };
}

function withSeed(scenario: Scenario, seed: number): Scenario {
  return seed === scenario.settings.seed ? scenario : { ...scenario, settings: { ...scenario.settings, seed } };
}

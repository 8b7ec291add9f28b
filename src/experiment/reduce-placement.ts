/**
 * The stochastic experiment of "Improving ReduceTask Data Locality for
 * Sequential MapReduce Jobs" (§V-B): random, greedy, receding-horizon and
 * (where K is finite) threshold placement of reducers in the paper's
 * queueing model, at each load ρ, over replications. Replication r uses seed
 * s + r at every ρ, and every placement is replayed over the same run of the
 * queue (common random numbers), so the savings are paired per replication;
 * each figure is a mean with its 95% Student-t interval.
 */
import { confidenceInterval95, type ConfidenceInterval } from '../metrics/statistics.js';
import { Random } from '../util/random.js';
import { reducePlacementRule, type ReducePlacementName, type ReducePlacementRuleSpec } from '../planners/reduce-placement/placement-rule.js';
import { replayPlacement } from '../planners/reduce-placement/placement-replay.js';
import { PAPER_MODEL, arrivalRate, modelDemandLaw, queueTrajectory, type ModelReading, type QueueingModel } from '../planners/reduce-placement/queueing-model.js';
import { DEFAULT_RHC_WINDOW } from '../planners/reduce-placement/rhc-estimator.js';
import { reduceThresholds } from '../planners/reduce-placement/thresholds.js';

export interface ReducePlacementExperimentOptions {
  /** The loads ρ, each in (0, 1). */
  readonly loads: readonly number[];
  readonly reading: ModelReading;
  /** Jobs per run; 50,000 by default, as in the paper. */
  readonly jobs?: number;
  /** Reduce slots; 1,000 by default. */
  readonly slots?: number;
  readonly replications?: number;
  /** The first replication's seed (1 by default). */
  readonly seed?: number;
  /** K; by default the largest the model allows in reading 1 (r ≥ K·r̄: 100 of 1,000 slots), no limit in reading 2 (see defaultMaxInService). */
  readonly maxInService?: number;
  /** rhc's window ω. */
  readonly window?: number;
}

/** One placement at one load: its mean cost per job and its savings against the baselines, over the replications. */
export interface PlacementResult {
  readonly placement: ReducePlacementName;
  /** Mean cost per job of each replication, in seed order. */
  readonly costs: readonly number[];
  readonly meanCost: ConfidenceInterval;
  /** (baseline − this)/baseline per replication, as a fraction. */
  readonly savingVsRandom: ConfidenceInterval;
  readonly savingVsGreedy: ConfidenceInterval;
}

export interface LoadResult {
  readonly load: number;
  readonly arrivalRate: number;
  /** Time averages of the runs: reduce slots held, jobs in the system; and the share of jobs that waited to enter service. */
  readonly meanBusySlots: ConfidenceInterval;
  readonly meanJobsPresent: ConfidenceInterval;
  readonly delayedShare: ConfidenceInterval;
  readonly placements: readonly PlacementResult[];
}

export interface ReducePlacementExperiment {
  /** The model, but for the load. */
  readonly model: Omit<QueueingModel, 'load'>;
  readonly window: number;
  readonly seeds: readonly number[];
  readonly loads: readonly LoadResult[];
}

/**
 * K when none is given. Reading 1: ⌊r/r̄⌋, the largest K with r ≥ K·r̄ (the
 * paper's condition); at ρ ≤ 0.6 more than 100 jobs are almost never
 * present, so the limit barely acts, and thresholds get a finite K.
 * Reading 2: no limit, since r ≥ K·r̄ caps the slots in use at K·E[R] =
 * 55% of them, short of the 60% that reading asks for.
 */
export function defaultMaxInService(reading: ModelReading, slots: number): number {
  return reading === 1 ? Math.floor(slots / PAPER_MODEL.maxReducers) : Infinity;
}

export function reducePlacementExperiment(options: ReducePlacementExperimentOptions): ReducePlacementExperiment {
  const slots = options.slots ?? PAPER_MODEL.slots;
  const base: Omit<QueueingModel, 'load'> = {
    ...PAPER_MODEL,
    reading: options.reading,
    jobs: options.jobs ?? PAPER_MODEL.jobs,
    slots,
    maxInService: options.maxInService ?? defaultMaxInService(options.reading, slots),
  };
  const replications = options.replications ?? 5;
  const window = options.window ?? DEFAULT_RHC_WINDOW;
  for (const load of options.loads) if (!(load > 0 && load < 1)) throw new RangeError(`a load ρ must lie in (0, 1), got ${load}`);
  if (!Number.isInteger(replications) || replications < 1) throw new RangeError(`replications must be a whole number ≥ 1, got ${replications}`);
  const seeds = Array.from({ length: replications }, (_, r) => (options.seed ?? 1) + r);
  const thresholds = Number.isFinite(base.maxInService) ? reduceThresholds(base.maxInService, modelDemandLaw(base)) : undefined;
  const specs = (seed: number): ReducePlacementRuleSpec[] => [
    { name: 'random', random: new Random(seed) },
    { name: 'greedy' },
    { name: 'rhc', window },
    ...(thresholds === undefined ? [] : [{ name: 'thresholds' as const, thresholds }]),
  ];
  const loads = options.loads.map((load): LoadResult => {
    const model: QueueingModel = { ...base, load };
    const runs = seeds.map((seed) => {
      const trajectory = queueTrajectory(model, seed);
      const costs = specs(trajectory.placementSeed).map((spec) => replayPlacement(trajectory, reducePlacementRule(spec)));
      return { trajectory, costs };
    });
    const [random, greedy] = [0, 1].map((p) => runs.map((run) => run.costs[p]));
    const saving = (baseline: readonly number[], costs: readonly number[]) => confidenceInterval95(costs.map((c, r) => (baseline[r] - c) / baseline[r]));
    // The names only: the seed matters to random's draws alone.
    const placements = specs(0).map((spec, p): PlacementResult => {
      const costs = runs.map((run) => run.costs[p]);
      return { placement: spec.name, costs, meanCost: confidenceInterval95(costs), savingVsRandom: saving(random, costs), savingVsGreedy: saving(greedy, costs) };
    });
    const of = (value: (run: (typeof runs)[number]) => number) => confidenceInterval95(runs.map(value));
    return {
      load,
      arrivalRate: arrivalRate(model),
      meanBusySlots: of((run) => run.trajectory.meanBusySlots),
      meanJobsPresent: of((run) => run.trajectory.meanJobsPresent),
      delayedShare: of((run) => run.trajectory.delayedJobs / model.jobs),
      placements,
    };
  });
  return { model: base, window, seeds, loads };
}

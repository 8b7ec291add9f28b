/**
 * `mrsched experiment reduce-placement`: the stochastic experiment of
 * "Improving ReduceTask Data Locality for Sequential MapReduce Jobs" (§V-B)
 * in the paper's own queueing model: the mean fetch cost per job of random,
 * greedy, receding-horizon and (K finite) threshold placement, and the
 * savings of the last two, at each load and under each reading of ρ.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import type { ConfidenceInterval } from '../metrics/statistics.js';
import { defaultMaxInService, reducePlacementExperiment, type ReducePlacementExperiment } from '../experiment/reduce-placement.js';
import type { ReducePlacementName } from '../planners/reduce-placement/placement-rule.js';
import { PAPER_MODEL, type ModelReading } from '../planners/reduce-placement/queueing-model.js';
import { DEFAULT_RHC_WINDOW } from '../planners/reduce-placement/rhc-estimator.js';
import { MAX_THRESHOLD_VALUES, thresholdCount } from '../planners/reduce-placement/thresholds.js';
import { renderTable } from '../report/table.js';
import { parseCount, parseList, parseReplications, parseSeed } from './options.js';

const READINGS = ['1', '2', 'both'] as const;

const READING_WORDS: Record<ModelReading, string> = {
  1: 'one processor-sharing map server shared by the jobs in service, λ = ρ',
  2: 'ρ = the fraction of reduce slots in use: each job maps at rate 1 on its own, λ = ρ·r/E[R]',
};

interface ExperimentOptions {
  readonly rho: number[];
  readonly reading: (typeof READINGS)[number];
  readonly jobs: number;
  readonly slots: number;
  readonly replications: number;
  readonly seed: number;
  readonly maxInService?: number;
  readonly window: number;
  readonly format: 'table' | 'json';
}

export function experimentReducePlacementCommand(): Command {
  return new Command('reduce-placement')
    .description("ReduceTask placement in the paper's queueing model (§V-B of 'Improving ReduceTask Data Locality for Sequential MapReduce Jobs'): random, greedy, rhc and thresholds.")
    .addOption(new Option('--rho <loads>', 'comma-separated loads ρ, each in (0, 1)').argParser(parseLoads).default([0.2, 0.3, 0.4, 0.5, 0.6], '0.2,0.3,0.4,0.5,0.6'))
    .addOption(new Option('--reading <which>', "how ρ is read: 1 (the map server's utilisation), 2 (the fraction of slots in use), or both").choices([...READINGS]).default('both'))
    .option('--jobs <n>', 'jobs per run', parseCount(1, 1_000_000), PAPER_MODEL.jobs)
    .option('--slots <r>', 'reduce slots', parseCount(PAPER_MODEL.maxReducers, 1_000_000), PAPER_MODEL.slots)
    .option('-r, --replications <n>', 'runs per load, seeds s, s+1, …; 95% intervals when > 1', parseReplications, 5)
    .option('--seed <n>', "the first replication's seed", parseSeed, 1)
    .option('--max-in-service <K>', "K, the most jobs in service, or 'inf' (default: ⌊r/10⌋ in reading 1, inf in reading 2); thresholds run when K is finite", parseMaxInService)
    .option('--window <ω>', "rhc's window: the arrivals its estimates average over", parseCount(1, 1_000_000), DEFAULT_RHC_WINDOW)
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .addHelpText(
      'after',
      `
Each run draws the slot costs, arrivals, map work, data and reducers from its seed; every placement
is replayed over the same run, so savings are paired per replication. The paper reports > 90% saved
against random and up to 22% against greedy; docs/algorithms/reduce-placement.md sets the two
readings' figures beside them. JSON: {"readings": [{model, window, seeds, loads: [...]}]},
with K = null for no limit.

Examples:
  $ mrsched experiment reduce-placement
  $ mrsched experiment reduce-placement --reading 2 --rho 0.6 --replications 10
  $ mrsched experiment reduce-placement --reading 1 --max-in-service 20 --format json`,
    )
    .action((options: ExperimentOptions) => {
      const readings: ModelReading[] = options.reading === 'both' ? [1, 2] : [Number(options.reading) as ModelReading];
      const experiments = readings.map((reading) =>
        reducePlacementExperiment({
          loads: options.rho,
          reading,
          jobs: options.jobs,
          slots: options.slots,
          replications: options.replications,
          seed: options.seed,
          maxInService: options.maxInService ?? defaultMaxInService(reading, options.slots),
          window: options.window,
        }),
      );
      if (options.format === 'json') {
        process.stdout.write(JSON.stringify({ readings: experiments }, null, 2) + '\n');
        return;
      }
      const { seeds, model, window } = experiments[0];
      const seedText = seeds.length === 1 ? `seed ${seeds[0]}` : `seeds ${seeds[0]}–${seeds.at(-1)}, mean ± 95% interval`;
      process.stdout.write(
        `${model.jobs.toLocaleString('en')} jobs, ${model.slots.toLocaleString('en')} reduce slots with costs U[1, 100], ` +
          `R ~ U{1…${model.maxReducers}}, X ~ U[1, 100], mean map work 1; rhc window ω = ${window}; ${seedText}\n`,
      );
      for (const experiment of experiments) process.stdout.write('\n' + experimentText(experiment));
    });
}

function experimentText(experiment: ReducePlacementExperiment): string {
  const { model } = experiment;
  const K = Number.isFinite(model.maxInService) ? `K = ${model.maxInService}` : 'K unlimited (no thresholds)';
  const names = experiment.loads[0].placements.map((p) => p.placement);
  const costs = renderTable(
    ['ρ', 'λ', 'slots in use', 'jobs present', 'jobs delayed', ...names.map((name) => `${name} cost`)],
    experiment.loads.map((row) => [
      String(row.load),
      String(Math.round(row.arrivalRate * 1000) / 1000),
      interval(row.meanBusySlots, 1),
      interval(row.meanJobsPresent, 2),
      interval(row.delayedShare, 2, 100, '%'),
      ...row.placements.map((p) => interval(p.meanCost, 1)),
    ]),
  );
  const smart: readonly ReducePlacementName[] = names.filter((name) => name === 'rhc' || name === 'thresholds');
  const savings = renderTable(
    ['ρ', ...smart.flatMap((name) => [`${name} vs random`, `${name} vs greedy`])],
    experiment.loads.map((row) => [
      String(row.load),
      ...row.placements
        .filter((p) => smart.includes(p.placement))
        .flatMap((p) => [interval(p.savingVsRandom, 1, 100, '%'), interval(p.savingVsGreedy, 1, 100, '%')]),
    ]),
  );
  return `Reading ${model.reading}: ${READING_WORDS[model.reading]}; ${K}\n\nmean cost per job\n${costs}\nsaving\n${savings}`;
}

/** `mean ± half-width` scaled and rounded to `digits` decimals, with a unit; the mean alone for one replication. */
function interval(ci: ConfidenceInterval, digits: number, scale = 1, unit = ''): string {
  const text = (value: number) => (value * scale).toFixed(digits);
  return ci.halfWidth === null ? `${text(ci.mean)}${unit}` : `${text(ci.mean)} ± ${text(ci.halfWidth)}${unit}`;
}

function parseLoads(value: string): number[] {
  const loads = parseList(value).map(Number);
  if (loads.length === 0 || loads.some((load) => !(load > 0 && load < 1))) {
    throw new InvalidArgumentError(`expected loads between 0 and 1 (exclusive) separated by commas, found '${value}'.`);
  }
  return loads;
}

/** A whole K ≥ 1 whose thresholds fit (r̄ = 10), or 'inf'. */
function parseMaxInService(value: string): number {
  if (value.trim() === 'inf') return Infinity;
  let largest = 1;
  while (thresholdCount(largest + 1, PAPER_MODEL.maxReducers) <= MAX_THRESHOLD_VALUES) largest++;
  return parseCount(1, largest)(value);
}

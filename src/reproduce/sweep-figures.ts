/** Figures from a sweep: the spec run (resuming in the work directory), and the mean of a metric for one scheduler. */
import { join } from 'node:path';
import { pairedBySeed, type ConfidenceInterval, type MetricKey, type SeededValues } from '../metrics/index.js';
import { cellGroups, readCells, readManifest, readSweepSpec, runSweep, type CellGroup, type SweepSpec } from '../sweep/index.js';
import { examplePath } from './example-files.js';
import type { PaperExperiment, PaperFigure, ReproduceContext } from './paper-experiment.js';

/** `replications`, when given, takes the place of the spec's seeds (seeds s, s+1, … from each scenario's own). */
export async function runSpecSweep(specPath: string, context: ReproduceContext, replications?: number): Promise<CellGroup[]> {
  const spec = withReplications(readSweepSpec(specPath), replications);
  return runSweepIn(spec, join(context.workDir, spec.name), context);
}

export function withReplications(spec: SweepSpec, replications: number | undefined): SweepSpec {
  return replications === undefined ? spec : { ...spec, seeds: { kind: 'replications' as const, count: replications } };
}

/** Runs `spec` in the sweep directory `out` (resuming what it holds) and gives its groups. */
export async function runSweepIn(spec: SweepSpec, out: string, context: ReproduceContext): Promise<CellGroup[]> {
  await runSweep(spec, {
    out,
    jobs: context.jobs,
    warn: context.warn,
    ...(context.onStart === undefined ? {} : { onStart: (_plan, toRun) => context.onStart!(toRun) }),
    ...(context.onCell === undefined ? {} : { onCell: context.onCell }),
  });
  return cellGroups(readManifest(out), readCells(out, context.warn));
}

/**
 * The mean of `metric` over the group of `scheduler` whose parameters are
 * `parameters` (in the spec's order; none for a sweep without any). Throws
 * when there is no such group or no run of it gave the metric: a figure
 * without a number is a broken experiment, not a difference.
 */
export function groupMean(groups: readonly CellGroup[], scheduler: string, metric: MetricKey, parameters: readonly unknown[] = []): number {
  const interval = groupOf(groups, scheduler, parameters)?.intervals[metric];
  if (interval === null || interval === undefined) throw new Error(`the sweep has no ${metric} for ${scheduler} at ${JSON.stringify(parameters)}`);
  return interval.mean;
}

/**
 * `scheduler`'s `metric` against `baseline`'s in the group whose parameters
 * are `parameters`, seed by seed: the 95% interval of the mean paired
 * difference, or null with fewer than two seeds that both ran.
 */
export function groupDifference(groups: readonly CellGroup[], scheduler: string, baseline: string, metric: MetricKey, parameters: readonly unknown[] = []): ConfidenceInterval | null {
  const seeded = (name: string): SeededValues => {
    const group = groupOf(groups, name, parameters);
    if (group === undefined) throw new Error(`the sweep has no group for ${name} at ${JSON.stringify(parameters)}`);
    return { seeds: group.seeds, values: group.runs.map((run) => run[metric]) };
  };
  const difference = pairedBySeed(seeded(scheduler), seeded(baseline));
  return difference === null || difference.n < 2 ? null : difference;
}

function groupOf(groups: readonly CellGroup[], scheduler: string, parameters: readonly unknown[]): CellGroup | undefined {
  return groups.find((g) => g.scheduler === scheduler && JSON.stringify(g.parameters) === JSON.stringify(parameters));
}

/** An experiment whose figures come from the sweep of examples/sweeps/`spec`. */
export function sweepExperiment(experiment: Omit<PaperExperiment, 'run'>, spec: string, figures: (groups: readonly CellGroup[]) => PaperFigure[]): PaperExperiment {
  return { ...experiment, run: async (context) => figures(await runSpecSweep(examplePath(`sweeps/${spec}`), context)) };
}

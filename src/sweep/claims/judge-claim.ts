/**
 * A claim judged at every cell of a claim map's grid: the claimed
 * scheduler's runs at that cell against the references' runs there, paired
 * by seed (the same cluster and jobs), or against a fixed value. The runs
 * are a sweep's groups, or any model's replications given by seed.
 */
import { mean, pairedBySeed, pairedDifference, type ConfidenceInterval, type MetricKey, type SeededValues } from '../../metrics/index.js';
import type { CellGroup } from '../sweep-tables.js';
import { combinedVerdict, judgeInterval, type Claim, type ClaimVerdict } from './claim.js';

/** A scheduler's runs at one cell of the grid (one value per axis, as text), each figure by seed. */
export interface PlacedGroup {
  readonly coordinates: readonly string[];
  readonly scheduler: string;
  readonly figures: (metric: MetricKey) => SeededValues;
}

/** A sweep's group placed in the grid. */
export function placedCellGroup(group: CellGroup, coordinates: readonly string[]): PlacedGroup {
  return { coordinates, scheduler: group.scheduler, figures: (metric) => ({ seeds: group.seeds, values: group.runs.map((run) => run[metric]) }) };
}

export interface ClaimCell {
  readonly coordinates: readonly string[];
  readonly verdict: ClaimVerdict;
  /** The comparison shown: of those that decide the verdict, the reference least favourable to the claim (the closest competitor). */
  readonly reference: string;
  /** Its paired difference (figure − reference) in the metric's unit; null without a pair. */
  readonly difference: ConfidenceInterval | null;
  /** The reference's mean, which the difference is read against in percent; null without one. */
  readonly referenceMean: number | null;
}

interface Comparison {
  readonly reference: string;
  readonly difference: ConfidenceInterval | null;
  readonly referenceMean: number | null;
  readonly verdict: ClaimVerdict;
}

/** One cell per coordinates where the claimed scheduler ran, in the order of the groups. */
export function judgeClaim(claim: Claim, placed: readonly PlacedGroup[]): ClaimCell[] {
  const key = (p: PlacedGroup) => JSON.stringify(p.coordinates);
  return placed
    .filter((p) => p.scheduler === claim.scheduler)
    .map((own) => {
      const comparisons = compare(claim, own, placed.filter((p) => key(p) === key(own)));
      const verdict = combinedVerdict(comparisons.map((c) => c.verdict));
      const deciding = comparisons.filter((c) => c.verdict === verdict);
      const shown = leastFavourable(claim, deciding.length > 0 ? deciding : comparisons);
      return { coordinates: own.coordinates, verdict, reference: shown.reference, difference: shown.difference, referenceMean: shown.referenceMean };
    });
}

/** The difference in percent of the reference's mean (null when that mean is 0 or unknown). */
export function percentOfReference(value: number | null, referenceMean: number | null): number | null {
  return value === null || referenceMean === null || referenceMean === 0 ? null : (100 * value) / Math.abs(referenceMean);
}

function compare(claim: Claim, own: PlacedGroup, atCell: readonly PlacedGroup[]): Comparison[] {
  const judged = (reference: string, difference: ConfidenceInterval | null, referenceMean: number | null): Comparison => ({
    reference,
    difference,
    referenceMean,
    verdict: referenceMean === null ? 'unknown' : judgeInterval(difference, claim.shape, referenceMean),
  });
  const figures = own.figures(claim.metric);
  const { against } = claim;
  if ('value' in against) {
    const values = figures.values.filter((v): v is number => v !== null);
    return [judged(against.name, values.length === 0 ? null : pairedDifference(values, values.map(() => against.value)), against.value)];
  }
  return against.schedulers.map((scheduler) => {
    const base = atCell.find((g) => g.scheduler === scheduler)?.figures(claim.metric);
    const baseValues = base?.values.filter((v): v is number => v !== null) ?? [];
    if (base === undefined || baseValues.length === 0) return judged(scheduler, null, null);
    return judged(scheduler, pairedBySeed(figures, base), mean(baseValues));
  });
}

/** The comparison whose mean difference is the worst for the claim: the largest for `below`, the smallest for `above`, the farthest from 0 for `within`. */
function leastFavourable(claim: Claim, comparisons: readonly Comparison[]): Comparison {
  const badness = (c: Comparison): number => {
    const percent = percentOfReference(c.difference?.mean ?? null, c.referenceMean) ?? c.difference?.mean;
    if (percent === undefined) return Infinity;
    return claim.shape.kind === 'below' ? percent : claim.shape.kind === 'above' ? -percent : Math.abs(percent);
  };
  return comparisons.reduce((worst, c) => (badness(c) > badness(worst) ? c : worst));
}

/**
 * A claim judged at every cell of a claim map's grid: the claimed
 * scheduler's group at that cell against the references' groups there,
 * paired by seed (the same cluster and jobs), or against a fixed value.
 */
import { pairedDifference, type ConfidenceInterval } from '../../metrics/index.js';
import { pairedMetricDifference, type CellGroup } from '../sweep-tables.js';
import { combinedVerdict, judgeInterval, type Claim, type ClaimVerdict } from './claim.js';

/** A sweep's group and where it sits in the claim map's grid: one value per axis, as text. */
export interface PlacedGroup {
  readonly group: CellGroup;
  readonly coordinates: readonly string[];
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
    .filter((p) => p.group.scheduler === claim.scheduler)
    .map((own) => {
      const comparisons = compare(claim, own.group, placed.filter((p) => key(p) === key(own)).map((p) => p.group));
      const verdict = combinedVerdict(comparisons.map((c) => c.verdict));
      const deciding = comparisons.filter((c) => c.verdict === verdict);
      const shown = leastFavourable(claim, deciding.length > 0 ? deciding : comparisons);
      return {
        coordinates: own.coordinates,
        verdict,
        reference: shown.reference,
        difference: shown.difference,
        referenceMean: shown.referenceMean,
      };
    });
}

/** The difference in percent of the reference's mean (null when that mean is 0 or unknown). */
export function percentOfReference(value: number | null, referenceMean: number | null): number | null {
  return value === null || referenceMean === null || referenceMean === 0 ? null : (100 * value) / Math.abs(referenceMean);
}

function compare(claim: Claim, own: CellGroup, atCell: readonly CellGroup[]): Comparison[] {
  const judged = (reference: string, difference: ConfidenceInterval | null, referenceMean: number | null): Comparison => ({
    reference,
    difference,
    referenceMean,
    verdict: referenceMean === null ? 'unknown' : judgeInterval(difference, claim.shape, referenceMean),
  });
  const { against } = claim;
  if ('value' in against) {
    const values = own.runs.map((run) => run[claim.metric]);
    return [judged(against.name, values.length === 0 ? null : pairedDifference(values, values.map(() => against.value)), against.value)];
  }
  return against.schedulers.map((scheduler) => {
    const base = atCell.find((g) => g.scheduler === scheduler);
    if (base === undefined) return judged(scheduler, null, null);
    return judged(scheduler, pairedMetricDifference(own, base, claim.metric), base.intervals[claim.metric]?.mean ?? null);
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

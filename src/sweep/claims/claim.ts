/**
 * A paper's headline claim, as a claim map judges it at each cell of a grid:
 * one scheduler's figure set against a reference (other schedulers on the
 * same seeds, or a fixed value such as a planned makespan), and what the
 * claim says of the difference. A cell's verdict comes from the 95%
 * interval of the mean paired difference over the seeds: the claim holds
 * where the whole interval lies on the claim's side of its bound, fails
 * where the whole interval lies on the other side, and the cell is a tie
 * where the interval straddles the bound (the seeds cannot tell).
 */
import type { MetricKey } from '../../metrics/index.js';

export type ClaimVerdict = 'holds' | 'fails' | 'tie' | 'unknown';

/**
 * What the claim says of the difference (figure − reference), its bound in
 * percent of the reference's mean: `below` 0 is "lower than", `below` 1 "at
 * most 1% above"; `above` 0 is "higher than"; `within` 5 is "within ±5%".
 */
export type ClaimShape = { readonly kind: 'below' | 'above' | 'within'; readonly percent: number };

/** Compared with each of these schedulers, seed by seed, or with one fixed value (the same on every seed). */
export type ClaimReference = { readonly schedulers: readonly string[] } | { readonly value: number; readonly name: string };

export interface Claim {
  /** As a reader states it: "dmrs's total weighted completion time is lower than fifo's". */
  readonly label: string;
  readonly metric: MetricKey;
  /** As the sweep's spec labels it. */
  readonly scheduler: string;
  readonly against: ClaimReference;
  readonly shape: ClaimShape;
}

/** The 95% interval of a mean difference; null ends when the seeds were too few to give one. */
export interface DifferenceInterval {
  readonly low: number | null;
  readonly high: number | null;
}

/**
 * The verdict of one comparison. `referenceMean` turns the shape's percent
 * into the difference's unit (a reference of mean 0 makes every bound 0).
 * Without an interval (fewer than two paired seeds) the verdict is unknown.
 */
export function judgeInterval(interval: DifferenceInterval | null, shape: ClaimShape, referenceMean: number): ClaimVerdict {
  if (interval === null || interval.low === null || interval.high === null) return 'unknown';
  const { low, high } = interval;
  const bound = (shape.percent / 100) * Math.abs(referenceMean);
  switch (shape.kind) {
    case 'below':
      return high < bound ? 'holds' : low > bound ? 'fails' : 'tie';
    case 'above':
      return low > bound ? 'holds' : high < bound ? 'fails' : 'tie';
    case 'within':
      return low > -bound && high < bound ? 'holds' : high < -bound || low > bound ? 'fails' : 'tie';
  }
}

/**
 * The verdict of a claim made against several references at once ("the
 * lowest of the three"): it fails where it fails against any of them, holds
 * where it holds against all, and is otherwise unknown (a comparison without
 * an interval) or a tie.
 */
export function combinedVerdict(verdicts: readonly ClaimVerdict[]): ClaimVerdict {
  if (verdicts.length === 0) return 'unknown';
  if (verdicts.includes('fails')) return 'fails';
  if (verdicts.every((v) => v === 'holds')) return 'holds';
  return verdicts.includes('unknown') ? 'unknown' : 'tie';
}

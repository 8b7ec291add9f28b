/**
 * Descriptive statistics and Student-t confidence intervals for replications.
 *
 * Quantiles use the nearest-rank method: the p-quantile of n sorted values is
 * the value of rank ⌈p·n⌉ (1-based), so it is always one of the observations.
 * The median is the conventional one (the middle value, or the mean of the two
 * middle values), not the nearest-rank 0.5-quantile.
 *
 * The 97.5% point of Student's t comes from a table for 1 to 30 degrees of
 * freedom (values to 10 significant digits) and, above 30, from the
 * Cornish–Fisher expansion of t about the normal quantile with terms up to
 * ν⁻⁴ (Abramowitz and Stegun 26.7.5). For ν ≥ 31 that expansion is within
 * 3e-8 of the exact quantile, and its error shrinks as ν grows.
 */

/** A 95% confidence interval for a mean. */
export interface ConfidenceInterval {
  readonly mean: number;
  /**
   * t_{0.975, n−1} × s / √n; null when n = 1, where the sample says nothing
   * about its spread (a zero would claim certainty it does not have).
   */
  readonly halfWidth: number | null;
  /** mean − halfWidth, or null with halfWidth. */
  readonly low: number | null;
  /** mean + halfWidth, or null with halfWidth. */
  readonly high: number | null;
  readonly n: number;
}

/** Arithmetic mean. Throws on an empty list (there is no mean of nothing). */
export function mean(values: ArrayLike<number>): number {
  requireValues(values, 'mean');
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
}

/** Sample standard deviation (divisor n − 1). Needs at least two values. */
export function sampleStdDev(values: ArrayLike<number>): number {
  if (values.length < 2) throw new RangeError(`sampleStdDev needs at least 2 values, got ${values.length}`);
  const m = mean(values);
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    const d = values[i] - m;
    squares += d * d;
  }
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * Nearest-rank p-quantile of values sorted ascending: the value of 1-based rank
 * max(1, ⌈p·n⌉). p in [0, 1].
 */
export function quantileNearestRank(sorted: ArrayLike<number>, p: number): number {
  requireValues(sorted, 'quantileNearestRank');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile p must be in [0, 1], got ${p}`);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1];
}

/** Median of values sorted ascending: the middle value, or the mean of the two middle values. */
export function median(sorted: ArrayLike<number>): number {
  requireValues(sorted, 'median');
  const n = sorted.length;
  const half = n >> 1;
  return n % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

/** t_{0.975, ν} for ν = 1..30 (index ν − 1). */
const T975_TABLE: readonly number[] = [
  12.70620474, 4.30265273, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252, 2.306004135,
  2.262157163, 2.228138852, 2.20098516, 2.17881283, 2.160368656, 2.144786688, 2.131449546, 2.119905299,
  2.109815578, 2.10092204, 2.093024054, 2.085963447, 2.079613845, 2.073873068, 2.06865761, 2.063898562,
  2.059538553, 2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456,
];

/** z_{0.975}, the standard normal 97.5% point. */
const Z975 = 1.959963984540054;

/**
 * The 97.5% point of Student's t with `df` degrees of freedom (a positive
 * integer): the multiplier of a two-sided 95% confidence interval.
 */
export function studentT975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a positive integer, got ${df}`);
  if (df <= T975_TABLE.length) return T975_TABLE[df - 1];
  const z = Z975;
  const z2 = z * z;
  const z3 = z2 * z;
  const z5 = z3 * z2;
  const z7 = z5 * z2;
  const z9 = z7 * z2;
  const g1 = (z3 + z) / 4;
  const g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
  const g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
  const g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/**
 * 95% confidence interval for the mean of independent replications, by
 * Student's t with n − 1 degrees of freedom. With one value the interval is
 * unknown: halfWidth, low and high are null. Throws on an empty list.
 */
export function confidenceInterval95(values: ArrayLike<number>): ConfidenceInterval {
  requireValues(values, 'confidenceInterval95');
  const n = values.length;
  const m = mean(values);
  if (n === 1) return { mean: m, halfWidth: null, low: null, high: null, n };
  const halfWidth = (studentT975(n - 1) * sampleStdDev(values)) / Math.sqrt(n);
  return { mean: m, halfWidth, low: m - halfWidth, high: m + halfWidth, n };
}

function requireValues(values: ArrayLike<number>, what: string): void {
  if (values.length === 0) throw new RangeError(`${what} of an empty list`);
}

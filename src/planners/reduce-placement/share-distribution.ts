/**
 * The distribution of a job's per-reducer data Y = X/R as the threshold
 * recursion (Theorem 2) reads it: only through E[clamp(Y, lo, hi)], the
 * expected share once values below lo are raised to lo and values above hi
 * lowered to hi. Two forms: finitely many values with probabilities, and a
 * uniform interval (the paper's experiment draws X uniformly from 1…100).
 */

export interface ShareDistribution {
  readonly mean: number;
  /** E[min(max(Y, lo), hi)], for 0 ≤ lo ≤ hi ≤ +∞. */
  clampedMean(lo: number, hi: number): number;
  /** The distribution of Y / divisor (divisor > 0). */
  divided(divisor: number): ShareDistribution;
}

/**
 * Values with probabilities (≥ 0, summing to 1: the instance checks say
 * so). Sorted once, with running sums of p and p·y, so each clamped mean is
 * two binary searches.
 */
export function discreteShare(values: readonly number[], probabilities: readonly number[]): ShareDistribution {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const sorted = Float64Array.from(order, (i) => values[i]);
  const p = Float64Array.from(order, (i) => probabilities[i]);
  // below[k] = P[Y < sorted[k]] and belowMean[k] = E[Y·1{Y < sorted[k]}], k = 0 … n.
  const below = new Float64Array(sorted.length + 1);
  const belowMean = new Float64Array(sorted.length + 1);
  for (let k = 0; k < sorted.length; k++) {
    below[k + 1] = below[k] + p[k];
    belowMean[k + 1] = belowMean[k] + p[k] * sorted[k];
  }
  const total = below[sorted.length];
  const totalMean = belowMean[sorted.length];
  return {
    mean: totalMean,
    clampedMean(lo, hi) {
      const a = firstAtLeast(sorted, lo);
      const b = firstAtLeast(sorted, hi);
      const above = total - below[b];
      // 0·∞ is NaN: with hi = +∞ nothing lies above it.
      return lo * below[a] + (belowMean[b] - belowMean[a]) + (above > 0 ? hi * above : 0);
    },
    divided(divisor) {
      return discreteShare(
        values.map((v) => v / divisor),
        probabilities,
      );
    },
  };
}

/** Uniform on [low, high] (low = high: a single value). */
export function uniformShare(low: number, high: number): ShareDistribution {
  return {
    mean: (low + high) / 2,
    clampedMean(lo, hi) {
      if (hi <= low) return hi;
      if (lo >= high) return lo;
      if (high === low) return low;
      const a = Math.max(lo, low);
      const b = Math.min(hi, high);
      const width = high - low;
      const atLo = lo > low ? (lo * (lo - low)) / width : 0;
      const atHi = hi < high ? (hi * (high - hi)) / width : 0;
      // (b − a)(b + a), not b² − a²: on a narrow interval the squares cancel.
      return atLo + ((b - a) * (b + a)) / (2 * width) + atHi;
    },
    divided(divisor) {
      return uniformShare(low / divisor, high / divisor);
    },
  };
}

/** The first index k with sorted[k] ≥ x, or sorted.length. */
function firstAtLeast(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whole numbers in given proportions that add up exactly to a total (for bytes, tasks, jobs). */

/** `total` split in proportion to `weights`, in whole units that sum exactly to `total` (a typed array: a job's maps may be 10^5). */
export function apportion(total: number, weights: ArrayLike<number>): Float64Array {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i];
  const out = new Float64Array(weights.length);
  let before = 0;
  let cumulative = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += sum > 0 ? weights[i] : 1;
    const upTo = Math.round((total * cumulative) / (sum > 0 ? sum : weights.length));
    out[i] = upTo - before;
    before = upTo;
  }
  return out;
}

/** Whole numbers in given proportions that add up exactly to a total (for bytes, tasks, jobs). */

/** `total` split in proportion to `weights`, in whole units that sum exactly to `total`. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let before = 0;
  let cumulative = 0;
  for (const w of weights) {
    cumulative += sum > 0 ? w : 1;
    const upTo = Math.round((total * cumulative) / (sum > 0 ? sum : weights.length));
    out.push(upTo - before);
    before = upTo;
  }
  return out;
}

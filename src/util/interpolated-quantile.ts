/**
 * The value at a share of some numbers, interpolated between the two ranks
 * around it (so that a few values still have a lower quarter: LATE's
 * SlowNodeThreshold and SlowTaskThreshold). `quantileOf` finds the two by
 * selection rather than a sort: the same value, in linear time.
 */

/** The value at `share` of `sorted` (ascending). */
export function interpolatedQuantile(sorted: ArrayLike<number>, share: number): number {
  const rank = share * (sorted.length - 1);
  const below = Math.floor(rank);
  return below + 1 < sorted.length ? sorted[below] + (rank - below) * (sorted[below + 1] - sorted[below]) : sorted[below];
}

/** As `interpolatedQuantile` of `values` sorted; reorders them. `values` holds no NaN. */
export function quantileOf(values: number[], share: number): number {
  const rank = share * (values.length - 1);
  const below = Math.floor(rank);
  const low = select(values, below);
  if (below + 1 >= values.length) return low;
  // Everything after `below` is at least `low`: the least of it is the next in order.
  let next = Infinity;
  for (let i = below + 1; i < values.length; i++) if (values[i] < next) next = values[i];
  return low + (rank - below) * (next - low);
}

/** The `k`th smallest of `values` (from 0), left at `k` with none greater before it and none smaller after (Hoare's selection). */
function select(values: number[], k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i++] = values[j];
        values[j--] = swap;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break; // between the two parts: equal to the pivot
  }
  return values[k];
}

/**
 * The value at a share of some numbers, interpolated between the two ranks
 * around it (so that a few values still have a lower quarter: LATE's
 * SlowNodeThreshold and SlowTaskThreshold). `quantileOf` finds the two by
 * selection rather than a sort: the same value, in linear time;
 * `quantileOfTwo`, in two lists sorted apart, by binary searches.
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

/** As `interpolatedQuantile` of the first `countA` of `a` and the first `countB` of `b` together, each sorted (ascending); NaN if both are empty. */
export function quantileOfTwo(a: ArrayLike<number>, countA: number, b: ArrayLike<number>, countB: number, share: number): number {
  const count = countA + countB;
  if (count === 0) return NaN;
  const rank = share * (count - 1);
  const below = Math.floor(rank);
  const low = kthOfTwo(a, countA, b, countB, below);
  if (below + 1 >= count) return low;
  return low + (rank - below) * (kthOfTwo(a, countA, b, countB, below + 1) - low);
}

/** The `k`th smallest (from 0) of two sorted lists together: the least `i` of `a` such that `i` of it and `k + 1 − i` of `b` are the `k + 1` smallest. */
function kthOfTwo(a: ArrayLike<number>, countA: number, b: ArrayLike<number>, countB: number, k: number): number {
  let lo = Math.max(0, k + 1 - countB);
  let hi = Math.min(k + 1, countA);
  while (lo < hi) {
    const i = (lo + hi) >> 1;
    // a[i] under the last of b taken: a's next belongs among the smallest too.
    if (a[i] < b[k - i]) lo = i + 1;
    else hi = i;
  }
  const fromA = lo > 0 ? a[lo - 1] : -Infinity;
  const fromB = k + 1 - lo > 0 ? b[k - lo] : -Infinity;
  return Math.max(fromA, fromB);
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

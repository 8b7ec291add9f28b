/**
 * OracleLP of "On the Optimality of Scheduling Dependent MapReduce Tasks on
 * Heterogeneous Machines" (Aggarwal, Xu, Lan, Subramaniam, §III-B): given a
 * point C, the sets A whose constraint (2) it violates, in O(n log n).
 *
 * With p_j = D_j/σ_M, (2) reads Σ_A p_j C_j ≥ ½(p(A)² + Σ_A p_j²), and the
 * violation of A is V(A) = ½(p(A)² + Σ_A p_j²) − Σ_A p_j C_j. Lemma 1: a
 * maximal maximiser A* holds exactly the jobs with C_j ≤ p(A*), so it is a
 * prefix of the jobs sorted by C. The oracle sorts once (ties by index),
 * evaluates every prefix with running sums, and returns all the violated
 * prefixes, not only the most violated one: a cutting-plane round then adds
 * them all. It also checks the bounds (7), the LP's only other constraints.
 *
 * The paper feeds the oracle to the ellipsoid method; we feed it to cutting
 * planes (lp-cutting-planes.ts), which reach the same optimum.
 */

export interface OracleResult {
  /** Job indices sorted by C ascending, ties by index. */
  readonly order: Int32Array;
  /** Lengths k of the violated prefixes order[0 … k−1], ascending. */
  readonly violatedPrefixes: readonly number[];
  /** The largest V(A) over all A (0 when none is violated), in units of p·C. */
  readonly maxViolation: number;
  /** Jobs below their bound (7). */
  readonly belowLowerBound: readonly number[];
}

/**
 * A prefix counts as violated when V exceeds `tolerance` × its right-hand
 * side ½(p(A)² + Σ_A p_j²): a relative test, as the LP solver's answers are
 * exact only to its own tolerance. The same tolerance applies to (7).
 */
export function separate(completions: ArrayLike<number>, processing: Float64Array, lowerBound: Float64Array, tolerance: number): OracleResult {
  const n = processing.length;
  const order = sortedByValue(completions, n);
  const violatedPrefixes: number[] = [];
  let maxViolation = 0;
  forEachPrefix(order, n, processing, completions, (k, violation, rhs) => {
    if (violation > maxViolation) maxViolation = violation;
    if (violation > tolerance * rhs) violatedPrefixes.push(k);
  });
  const belowLowerBound: number[] = [];
  for (let j = 0; j < n; j++) {
    if (completions[j] < lowerBound[j] - tolerance * Math.abs(lowerBound[j])) belowLowerBound.push(j);
  }
  return { order, violatedPrefixes, maxViolation, belowLowerBound };
}

/**
 * Each prefix of the first `count` jobs of `order` at the point C =
 * `values`: `visit(k, V, rhs)` for k = 1 … count, with rhs = ½(p(A)² +
 * Σ_A p_j²) and V = rhs − Σ_A p_j C_j for the first k jobs A. Running sums:
 * O(count).
 */
export function forEachPrefix(
  order: ArrayLike<number>,
  count: number,
  processing: Float64Array,
  values: ArrayLike<number>,
  visit: (k: number, violation: number, rhs: number) => void,
): void {
  let p = 0;
  let squares = 0;
  let weighted = 0;
  for (let k = 0; k < count; k++) {
    const j = order[k];
    p += processing[j];
    squares += processing[j] * processing[j];
    weighted += processing[j] * values[j];
    const rhs = (p * p + squares) / 2;
    visit(k + 1, rhs - weighted, rhs);
  }
}

/** Indices 0 … n−1 sorted by value ascending, ties by index. */
export function sortedByValue(values: ArrayLike<number>, n: number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  return order.sort((a, b) => values[a] - values[b] || a - b);
}

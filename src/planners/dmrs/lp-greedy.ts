/**
 * LP-MapReduce of "On the Optimality of Scheduling Dependent MapReduce Tasks
 * on Heterogeneous Machines" (Aggarwal, Xu, Lan, Subramaniam, §III), solved
 * exactly without an LP solver, in O(n²): fast enough to run at every job
 * arrival inside a simulated day, where one HiGHS call costs milliseconds.
 * Not in the paper (which uses the ellipsoid method) nor in the spec; the
 * tests hold it to the cutting planes and the compact LP.
 *
 * Why a greedy algorithm solves it. With p_j = D_j/σ_M > 0, put y_j = p_j C_j
 * and b_j = p_j l_j (l_j the bound (7)). The LP becomes
 *
 *   minimise Σ (w_j/p_j) y_j  subject to  y(A) ≥ g(A) for every set A,  y ≥ b,
 *
 * with g(A) = ½(p(A)² + Σ_A p_j²), a supermodular function. The bounds fold
 * into the set function: y ≥ b and y(A) ≥ g(A) for all A hold exactly when
 * y(A) ≥ h(A) for all A, with h(A) = max over B ⊆ A of g(B) + b(A∖B) (given
 * the first, y(A) = y(B) + y(A∖B) ≥ g(B) + b(A∖B); the second holds for
 * B = A and for A = {j}, B = ∅). h is supermodular (a maximum over subsets of
 * the supermodular g − b, plus the modular b), so {y : y(A) ≥ h(A)} is a
 * contrapolymatroid and Edmonds' greedy algorithm minimises a nonnegative
 * cost over it: take the jobs by cost w_j/p_j descending (Smith's order) and
 * make every prefix S_k tight, y(S_k) = h(S_k).
 *
 * Computing h(S) = b(S) + max(0, max over B ⊆ S of [g(B) − b(B)]): the bracket
 * is the violation V(B) of (2) at the point C = l, and by the paper's Lemma 1
 * (separation-oracle.ts) a maximiser is a prefix of S sorted by l. Each S_k
 * adds one job to a list kept sorted by l, and one pass over its prefixes
 * gives h(S_k): O(k) per job.
 *
 * A job without work (p_j = 0) appears in no constraint (2): C_j = l_j.
 * Among jobs of equal w/p the order is by index; any order gives an optimum,
 * so C̄ can differ from another method's where the optimum is not unique.
 */
import type { DmrsInstance } from './dmrs-instance.js';
import { lpData, weightedSum } from './lp-data.js';
import type { LpSolution } from './lp-solution.js';
import { forEachPrefix } from './separation-oracle.js';

export function solveGreedy(instance: DmrsInstance): LpSolution {
  const { weights, processing: p, lowerBound: l } = lpData(instance);
  const n = p.length;
  const completions = Float64Array.from(l);
  const smith: number[] = [];
  for (let j = 0; j < n; j++) if (p[j] > 0) smith.push(j);
  // w_a/p_a descending, compared without dividing.
  smith.sort((a, b) => weights[b] * p[a] - weights[a] * p[b] || a - b);
  // The jobs taken so far, sorted by l (ties by index).
  const byBound = new Int32Array(smith.length);
  let size = 0;
  let bounds = 0; // b(S_k)
  let before = 0; // h(S_{k−1})
  for (const j of smith) {
    let at = size++;
    while (at > 0 && (l[byBound[at - 1]] > l[j] || (l[byBound[at - 1]] === l[j] && byBound[at - 1] > j))) {
      byBound[at] = byBound[at - 1];
      at--;
    }
    byBound[at] = j;
    bounds += p[j] * l[j];
    let violation = 0;
    forEachPrefix(byBound, size, p, l, (_, v) => {
      if (v > violation) violation = v;
    });
    const h = bounds + violation;
    // h is supermodular, so h(S_k) − h(S_{k−1}) ≥ h({j}) ≥ b_j: C_j ≥ l_j but for rounding.
    completions[j] = Math.max(l[j], (h - before) / p[j]);
    before = h;
  }
  return { method: 'greedy', status: 'optimal', bound: weightedSum(weights, completions), completions, cuts: [], rounds: 0 };
}

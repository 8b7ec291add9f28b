/**
 * The optimal placement of K sequential jobs that never finish: Theorems 1
 * and 2 of "Improving ReduceTask Data Locality for Sequential MapReduce
 * Jobs" (INFOCOM 2013, §III-A).
 *
 * q_{k,n} is the expected per-reducer data Y = X/R that lands on the k-th
 * cheapest slot left after job n is placed, when jobs n+1 … K are placed
 * optimally. It does not depend on the slot costs, only on their order. Job n
 * with data x and ρ reducers counts t = #{k : q_{k,n} > x/ρ} and takes the
 * slots of ranks t+1 … t+ρ: its ρ shares go where they belong in the
 * decreasing list q_{·,n}, largest data on cheapest slot (Hardy's lemma).
 *
 * Where we differ from the paper, and why:
 * - The thresholds are computed backwards, from job K (q_{·,K} is empty:
 *   job K is greedy) to job 1, one row from the next.
 * - q_{k,n} = +∞ for k ≤ 0 and 0 for k > (K−n)·r̄: an unused slot carries no
 *   data. The paper's −∞ makes Remark 2 read −∞·1.
 * - Job n takes ρ slots t+1 … t+ρ (the paper's "i_y … i_{y+R_i}" is ρ+1).
 * - The recursion is written in one line, for any joint law of (X, R):
 *   placing job n puts position i at q_{i,n} if Y < q_{i,n}, at q_{i−R,n} if
 *   Y ≥ q_{i−R,n}, at Y between, so
 *     q_{i,n−1} = Σ_r P[R = r]·E[clamp(Y, q_{i,n}, q_{i−r,n}) | R = r].
 *   The paper's two cases (i > r̄, i ≤ r̄) are this with Y independent of R;
 *   the experiment's jobs draw X and R independently, so Y depends on R.
 *   The tests check the policy's expected cost against a brute-force
 *   dynamic programme for both laws.
 * - O(K²·r̄²) clamped means, as the paper counts.
 */
import type { DemandLaw } from './demand-law.js';
import { rankBlock, requireFreeSlots } from './rank-block.js';
import type { ReduceDemand } from './reduce-demand.js';

/** Most threshold values a computation may produce: r̄·K(K−1)/2 of them; 10^7 is 80 MB. */
export const MAX_THRESHOLD_VALUES = 10_000_000;

/** How many thresholds K jobs with at most r̄ reducers give: rows of (K−n)·r̄ values, n = 1 … K. */
export function thresholdCount(jobs: number, maxReducers: number): number {
  return (maxReducers * jobs * (jobs - 1)) / 2;
}

/** q_{·,n} for n = 1 … K: row n−1 holds q_{1,n} … q_{(K−n)·r̄,n}, non-increasing; the last row is empty. */
export function reduceThresholds(jobs: number, law: DemandLaw): Float64Array[] {
  if (!Number.isInteger(jobs) || jobs < 1) throw new RangeError(`K must be a whole number ≥ 1, got ${jobs}`);
  const rBar = law.maxReducers;
  if (thresholdCount(jobs, rBar) > MAX_THRESHOLD_VALUES) {
    throw new RangeError(`K = ${jobs} with r̄ = ${rBar} gives ${thresholdCount(jobs, rBar)} thresholds, more than ${MAX_THRESHOLD_VALUES}`);
  }
  const counts = law.reducers.map((r) => r.count);
  const probabilities = law.reducers.map((r) => r.probability);
  const shares = counts.map((count) => law.share(count));
  const rows: Float64Array[] = new Array(jobs);
  rows[jobs - 1] = new Float64Array(0);
  for (let n = jobs; n >= 2; n--) {
    const next = rows[n - 1];
    const q = (k: number): number => (k <= 0 ? Infinity : k > next.length ? 0 : next[k - 1]);
    const row = new Float64Array(next.length + rBar);
    for (let i = 1; i <= row.length; i++) {
      let sum = 0;
      for (let j = 0; j < counts.length; j++) sum += probabilities[j] * shares[j].clampedMean(q(i), q(i - counts[j]));
      row[i - 1] = sum;
    }
    rows[n - 2] = row;
  }
  return rows;
}

/**
 * Theorem 1's ranks (0-based, in the free slots sorted by cost) for a job
 * placed with thresholds `row` = q_{·,n}: t … t+R−1, t = #{k : q_k > X/R}.
 * With r ≥ K·r̄ slots the block always fits; when fewer are free (a cluster
 * that breaks the model's assumption) it moves down to the last R free.
 */
export function thresholdRanks(row: ArrayLike<number>, demand: ReduceDemand, freeCount: number): number[] {
  const { reducers } = demand;
  requireFreeSlots(freeCount, reducers);
  const share = demand.data / reducers;
  // The row is non-increasing: t is the first index whose threshold is ≤ the share.
  let lo = 0;
  let hi = row.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (row[mid] > share) lo = mid + 1;
    else hi = mid;
  }
  return rankBlock(Math.min(lo, freeCount - reducers), reducers);
}

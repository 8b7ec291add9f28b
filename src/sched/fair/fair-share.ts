/**
 * Weighted fair shares with minimum shares and demands: what Hadoop's Fair
 * Scheduler computes in `SchedulingAlgorithms.computeFairShares`, for the
 * pools over the cluster's slots and for the jobs of a fair-mode pool over
 * the pool's share (separately for map and reduce slots).
 *
 * Definition (Hadoop's). An assignment of `total` slots is fair when there is
 * a ratio R, slots per unit of weight, such that every schedulable s gets
 *
 *     share(s, R) = min(demand_s, max(minShare_s, R × weight_s))
 *
 * and the shares add up to min(total, Σ demand). So a schedulable that wants
 * less than R × weight gets its demand, one whose minimum share is above
 * R × weight gets the minimum share (never more than its demand), and all
 * others get R × weight.
 *
 * How R is found. Hadoop bisects: it doubles an upper bound from R = 1 until
 * the shares reach min(total, Σ demand), then halves the interval 25 times
 * (about 0.1 slot of precision on a million slots). We solve exactly instead,
 * by water-filling: Σ share(s, R) is piecewise linear and nondecreasing in R;
 * s's share grows, with slope weight_s, on [lo_s / weight_s, demand_s /
 * weight_s] where lo_s = min(minShare_s, demand_s), and is flat elsewhere.
 * Sweeping those breakpoints in order until the sum reaches its target gives R
 * in closed form on the last segment. The breakpoints are kept sorted between
 * solves (an insertion sort), because shares move little from one update to
 * the next; a solve is then linear in practice, and cheaper than Hadoop's
 * bisection (which evaluates every schedulable some 30 to 60 times).
 *
 * Corner cases, as in Hadoop unless said otherwise:
 * - total ≥ Σ demand: everyone gets its demand.
 * - total ≤ Σ min(minShare, demand): everyone gets min(minShare, demand), even
 *   if that adds up to more than total (R = 0): minimum shares are promised
 *   even when oversubscribed.
 * - weight ≤ 0 (size-based weights give a job without demand weight 0): the
 *   share stays at min(minShare, demand). Where the others cannot take the
 *   remaining slots, Hadoop's doubling would not terminate; here the others
 *   get their demands.
 */

/** What the computation reads of a pool or job, and where it writes the result. */
export interface ShareClaim {
  readonly weight: number;
  readonly minShare: number;
  readonly demand: number;
  fairShare: number;
}

/**
 * Fair shares for a changing set of claims, solved again and again as
 * demands change (the sorted breakpoints are kept between solves).
 */
export class FairShareSolver {
  /** The claims in order of the ratio at which their share starts to grow. */
  private readonly byStart: ShareClaim[] = [];
  /** The claims in order of the ratio at which their share stops growing. */
  private readonly byEnd: ShareClaim[] = [];
  private startAt = new Float64Array(8);
  private endAt = new Float64Array(8);

  get size(): number {
    return this.byStart.length;
  }

  add(claim: ShareClaim): void {
    this.byStart.push(claim);
    this.byEnd.push(claim);
    if (this.startAt.length < this.byStart.length) {
      this.startAt = new Float64Array(2 * this.byStart.length);
      this.endAt = new Float64Array(2 * this.byStart.length);
    }
  }

  remove(claim: ShareClaim): void {
    const a = this.byStart.indexOf(claim);
    if (a < 0) return;
    this.byStart.splice(a, 1);
    this.byEnd.splice(this.byEnd.indexOf(claim), 1);
  }

  /** Sets every claim's `fairShare` for `total` slots; returns R (0 or Infinity at the extremes). */
  solve(total: number): number {
    const byStart = this.byStart;
    const byEnd = this.byEnd;
    const n = byStart.length;
    let sumDemand = 0;
    let sumLo = 0;
    for (let i = 0; i < n; i++) {
      const c = byStart[i];
      sumDemand += c.demand;
      sumLo += Math.min(c.minShare, c.demand);
    }
    if (total >= sumDemand) {
      for (let i = 0; i < n; i++) byStart[i].fairShare = byStart[i].demand;
      return Infinity;
    }
    if (sumLo >= total) {
      for (let i = 0; i < n; i++) byStart[i].fairShare = Math.min(byStart[i].minShare, byStart[i].demand);
      return 0;
    }
    const startAt = this.startAt;
    const endAt = this.endAt;
    for (let i = 0; i < n; i++) {
      startAt[i] = growthStart(byStart[i]);
      endAt[i] = growthEnd(byEnd[i]);
    }
    insertionSort(byStart, startAt, n);
    insertionSort(byEnd, endAt, n);
    // Sweep R upward from 0, where the shares add up to sumLo.
    let value = sumLo;
    let slope = 0;
    let r = 0;
    let i = 0;
    let j = 0;
    let ratio = Infinity;
    while (i < n || j < n) {
      const s = i < n ? startAt[i] : Infinity;
      const e = j < n ? endAt[j] : Infinity;
      const next = s <= e ? s : e;
      if (next === Infinity) break;
      const reached = value + slope * (next - r);
      if (reached >= total && slope > 0) {
        ratio = r + (total - value) / slope;
        break;
      }
      value = reached;
      r = next;
      if (s <= e) slope += byStart[i++].weight;
      else slope -= byEnd[j++].weight;
    }
    for (let k = 0; k < n; k++) byStart[k].fairShare = shareAt(byStart[k], ratio);
    return ratio;
  }
}

/** Hadoop's computeShare: a claim's share at ratio R. */
export function shareAt(claim: ShareClaim, ratio: number): number {
  const lo = Math.min(claim.minShare, claim.demand);
  if (!(claim.weight > 0)) return lo;
  return Math.min(claim.demand, Math.max(lo, ratio * claim.weight));
}

/** Sets the fair share of each claim for `total` slots; returns R. */
export function computeFairShares(claims: readonly ShareClaim[], total: number): number {
  const solver = new FairShareSolver();
  for (const claim of claims) solver.add(claim);
  return solver.solve(total);
}

function grows(c: ShareClaim): boolean {
  return c.weight > 0 && Math.min(c.minShare, c.demand) < c.demand;
}

function growthStart(c: ShareClaim): number {
  return grows(c) ? Math.min(c.minShare, c.demand) / c.weight : Infinity;
}

function growthEnd(c: ShareClaim): number {
  return grows(c) ? c.demand / c.weight : Infinity;
}

/** Sorts `claims[0..n)` by `keys` (moved along), fast when nearly sorted. */
function insertionSort(claims: ShareClaim[], keys: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const key = keys[i];
    if (keys[i - 1] <= key) continue;
    const claim = claims[i];
    let k = i - 1;
    while (k >= 0 && keys[k] > key) {
      keys[k + 1] = keys[k];
      claims[k + 1] = claims[k];
      k--;
    }
    keys[k + 1] = key;
    claims[k + 1] = claim;
  }
}

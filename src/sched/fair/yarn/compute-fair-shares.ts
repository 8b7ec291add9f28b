/**
 * YARN's fair shares of one resource type: what Hadoop's
 * `ComputeFairShares` computes for the children of a queue (or the
 * applications of a leaf) over the queue's own share.
 *
 * The rule. Find a ratio R (units per unit of weight) such that the shares
 *
 *     share(s, R) = min(max(weight_s × R, minShare_s), maxShare_s)
 *
 * add up to the total, or to Σ maxShare when that is less. Demand plays no
 * part: a queue with one small application gets its whole weighted part of
 * the cluster (Hadoop's TestFairSchedulerFairShare.testFairShareOneAppRunning
 * expects 100% of the cluster for a 2 GB request). Demand caps what a queue
 * asks for in the scheduling order, not its fair share.
 *
 * Before the search, some shares are fixed and taken out of the total:
 * - maxShare ≤ 0: the share is 0;
 * - instantaneous shares only: a queue with no runnable application
 *   (inactive) gets 0; steady shares count every queue;
 * - weight ≤ 0: the share is the min share (0 if none), even above the total.
 * A max share below the min share is raised to it (Hadoop's
 * FSQueue.getMaxShare; an application's max share is unbounded).
 *
 * Why we bisect as Hadoop does rather than solve exactly (as the Hadoop 1
 * fair-share.ts does): Hadoop counts each share in whole units, truncating
 * weight × R, and takes R at the upper end of its search, so its shares can
 * add up to more than the total. Its own tests pin those numbers: three equal
 * queues on 10240 MB get 3414 MB each (TestFairScheduler
 * .testSimpleFairShareCalculation), and two leaves under a parent with 1
 * vcore get 1 vcore each (TestFairSchedulerFairShare
 * .testFairShareWithDRFMultipleActiveQueuesUnderDifferentParent). An exact
 * solution gives 3413.3 and 0.5. The search is cheap: queues are few, and a
 * leaf's applications are at most some hundreds, evaluated ~60 times.
 *
 * The search, as Hadoop's: R doubles from 1 until the shares reach the
 * target, then 25 halvings of [0, R], stopping early when a midpoint's shares
 * hit the target exactly; the shares are taken at the upper end. Amounts are
 * computed in Hadoop's units (HADOOP_UNIT: memory in MiB) and weights as
 * 32-bit floats, Java's float, so that the truncations fall where Hadoop's do.
 */
import type { Resources } from '../../../model/resources.js';
import { amountOf, HADOOP_UNIT, type ResourceType } from './resource-type.js';

/** What the computation reads of a queue or an application. */
export interface ShareClaim {
  readonly weight: number;
  readonly minShare: Resources;
  readonly maxShare: Resources;
  /** A queue with a runnable application somewhere below it; an application is always active. */
  readonly active: boolean;
}

const HALVINGS = 25;

/** Instantaneous fair shares (Hadoop's computeShares): inactive claims get nothing. */
export function instantaneousFairShares(claims: readonly ShareClaim[], total: Resources, type: ResourceType): number[] {
  return fairShares(claims, total, type, false);
}

/** Steady fair shares (Hadoop's computeSteadyShares): every claim counts, active or not. */
export function steadyFairShares(claims: readonly ShareClaim[], total: Resources, type: ResourceType): number[] {
  return fairShares(claims, total, type, true);
}

/** A claim in Hadoop's units, its max share raised to its min share. */
interface UnitClaim {
  readonly weight: number;
  readonly min: number;
  readonly max: number;
}

function fairShares(claims: readonly ShareClaim[], total: Resources, type: ResourceType, steady: boolean): number[] {
  const unit = HADOOP_UNIT[type];
  const inUnits: UnitClaim[] = claims.map((claim) => {
    const min = Math.floor(amountOf(claim.minShare, type) / unit);
    return {
      weight: Math.fround(claim.weight),
      min,
      max: Math.max(Math.floor(amountOf(claim.maxShare, type) / unit), min),
    };
  });
  const shares: number[] = new Array<number>(claims.length).fill(0);
  const searched: number[] = [];
  let taken = 0;
  inUnits.forEach((claim, i) => {
    if (claim.max <= 0 || (!steady && !claims[i].active)) return;
    if (claim.weight <= 0) {
      shares[i] = Math.max(claim.min, 0);
      taken += shares[i];
      return;
    }
    searched.push(i);
  });
  if (searched.length > 0) {
    const group = searched.map((i) => inUnits[i]);
    const ratio = searchRatio(group, Math.floor(amountOf(total, type) / unit) - taken);
    for (const i of searched) shares[i] = shareAt(inUnits[i], ratio);
  }
  return shares.map((share) => share * unit);
}

/** Hadoop's search for R: the upper end after doubling and 25 halvings. */
function searchRatio(claims: readonly UnitClaim[], available: number): number {
  const target = Math.min(
    claims.reduce((sum, claim) => sum + claim.max, 0),
    Math.max(available, 0),
  );
  let right = 1;
  while (usedAt(claims, right) < target) right *= 2;
  let left = 0;
  for (let i = 0; i < HALVINGS; i++) {
    const mid = (left + right) / 2;
    const used = usedAt(claims, mid);
    if (used === target) return mid;
    if (used < target) left = mid;
    else right = mid;
  }
  return right;
}

function usedAt(claims: readonly UnitClaim[], ratio: number): number {
  let used = 0;
  for (const claim of claims) used += shareAt(claim, ratio);
  return used;
}

/** A claim's share at ratio R, truncated to whole units as Hadoop's `(long)` cast does. */
function shareAt(claim: UnitClaim, ratio: number): number {
  return Math.trunc(Math.min(Math.max(claim.weight * ratio, claim.min), claim.max));
}

/**
 * YARN's `fair` policy (Hadoop's FairSharePolicy), the default: it shares
 * memory only. Its order, criterion by criterion until one decides:
 *
 * 1. A schedulable with demand comes before one without (memory demand 0).
 * 2. Needy first: usage below min(minShare, demand), in memory. Two needy
 *    ones by usage / min(minShare, demand), the further below first.
 * 3. Usage / weight (a Java float, as in Hadoop), the lower first. With a
 *    weight of 0 on either side: two zero weights compare usage; otherwise
 *    the positive weight first.
 * 4. The earlier start time, then the name.
 *
 * Its shares divide memory alone; the vcores of its children's shares are
 * left at 0, as Hadoop leaves them untouched. A child queue may have any
 * policy but drf.
 */
import type { Resources } from '../../../model/resources.js';
import { compareNames } from '../../name-order.js';
import { instantaneousFairShares, steadyFairShares, type ShareClaim } from './compute-fair-shares.js';
import { signOf, type PolicySchedulable, type SchedulingPolicy } from './scheduling-policy.js';

export const fairSharePolicy: SchedulingPolicy = {
  name: 'fair',
  order: () => fairShareOrder,
  computeShares: (claims, total) => memoryOnly(instantaneousFairShares(claims, total, 'memory')),
  computeSteadyShares: (claims: readonly ShareClaim[], total) => memoryOnly(steadyFairShares(claims, total, 'memory')),
  allowsChild: (child) => child !== 'drf',
};

function memoryOnly(memory: readonly number[]): Resources[] {
  return memory.map((amount) => ({ memory: amount, vcores: 0 }));
}

export function fairShareOrder(a: PolicySchedulable, b: PolicySchedulable): number {
  return (
    byHavingDemand(a, b) ||
    byMinShareNeed(a, b) ||
    byUsagePerWeight(a, b) ||
    signOf(a.startTime - b.startTime) ||
    compareNames(a.name, b.name)
  );
}

function byHavingDemand(a: PolicySchedulable, b: PolicySchedulable): number {
  const aWants = a.demand.memory > 0;
  const bWants = b.demand.memory > 0;
  return aWants === bWants ? 0 : aWants ? -1 : 1;
}

function byMinShareNeed(a: PolicySchedulable, b: PolicySchedulable): number {
  const aMin = Math.min(a.minShare.memory, a.demand.memory);
  const bMin = Math.min(b.minShare.memory, b.demand.memory);
  const aNeedy = a.usage.memory < aMin;
  const bNeedy = b.usage.memory < bMin;
  if (aNeedy !== bNeedy) return aNeedy ? -1 : 1;
  // A needy schedulable's min is above its usage, so never 0.
  return aNeedy ? signOf(a.usage.memory / aMin - b.usage.memory / bMin) : 0;
}

function byUsagePerWeight(a: PolicySchedulable, b: PolicySchedulable): number {
  const aWeight = Math.fround(a.weight);
  const bWeight = Math.fround(b.weight);
  if (aWeight > 0 && bWeight > 0) return signOf(a.usage.memory / aWeight - b.usage.memory / bWeight);
  if (aWeight === bWeight) return signOf(a.usage.memory - b.usage.memory);
  // One weight is 0: the other, positive, goes first.
  return signOf(bWeight - aWeight);
}

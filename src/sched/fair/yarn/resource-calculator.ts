/**
 * How YARN's Fair Scheduler compares two amounts of resources under a
 * queue's policy (Hadoop's ResourceCalculator, as the policy's
 * getResourceCalculator gives it): fair and fifo by memory alone (the
 * DefaultResourceCalculator), drf by dominant share of the cluster (the
 * DominantResourceCalculator: the larger of the two shares decides, then,
 * unless a single type is asked for, the smaller).
 */
import type { Resources } from '../../../model/resources.js';
import type { SchedulingPolicyName } from './scheduling-policy.js';

/** Negative when `a` is less than `b`, 0 when they compare equal, positive otherwise. */
export type ResourceComparison = (cluster: Resources, a: Resources, b: Resources, singleType?: boolean) => number;

export const compareMemory: ResourceComparison = (_cluster, a, b) => Math.sign(a.memory - b.memory);

export const compareDominantShares: ResourceComparison = (cluster, a, b, singleType = false) => {
  if (a.memory === b.memory && a.vcores === b.vcores) return 0;
  const [aLarger, aSmaller] = sharesOf(a, cluster);
  const [bLarger, bSmaller] = sharesOf(b, cluster);
  const larger = Math.sign(aLarger - bLarger);
  return larger !== 0 || singleType ? larger : Math.sign(aSmaller - bSmaller);
};

export function comparisonOf(policy: SchedulingPolicyName): ResourceComparison {
  return policy === 'drf' ? compareDominantShares : compareMemory;
}

/** Hadoop's Resources.min under a calculator: `a` unless `b` compares less. */
export function smallerOf(compare: ResourceComparison, cluster: Resources, a: Resources, b: Resources): Resources {
  return compare(cluster, a, b) <= 0 ? a : b;
}

/** The two shares of the cluster, the larger first (Java's float division). */
function sharesOf(r: Resources, cluster: Resources): [number, number] {
  const memory = Math.fround(r.memory / cluster.memory);
  const vcores = Math.fround(r.vcores / cluster.vcores);
  return memory >= vcores ? [memory, vcores] : [vcores, memory];
}

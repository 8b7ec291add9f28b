/**
 * YARN's `drf` policy (Hadoop's DominantResourceFairnessPolicy, its
 * two-resource comparator): dominant resource fairness over memory and
 * vcores.
 *
 * A schedulable's shares are its usage over the cluster's resources, per
 * type; its dominant type is the one with the larger share (memory on a
 * tie). The order, criterion by criterion:
 *
 * 1. Needy first: usage below the min share in the dominant type. Unlike
 *    fair, the min share is not capped by demand, and a schedulable without
 *    demand is not put last.
 * 2. Two needy ones by usage / min share, dominant type first, then the
 *    other type; two others by share / weight (a Java float, as in Hadoop),
 *    dominant type first, then the other. A weight of 0 makes the ratio
 *    infinite (last); 0 / 0 ties.
 * 3. The earlier start time, then the name.
 *
 * Its shares divide memory and vcores, each by the same computation on its
 * own. It allows any child policy.
 */
import type { Resources } from '../../../model/resources.js';
import { compareNames } from '../../name-order.js';
import { instantaneousFairShares, steadyFairShares, type ShareClaim } from './compute-fair-shares.js';
import { amountOf, RESOURCE_TYPES, type ResourceType } from './resource-type.js';
import { signOf, type PolicySchedulable, type SchedulableOrder, type SchedulingPolicy } from './scheduling-policy.js';

export const drfPolicy: SchedulingPolicy = {
  name: 'drf',
  order: dominantResourceOrder,
  computeShares: (claims, total) => perType(claims, (type) => instantaneousFairShares(claims, total, type)),
  computeSteadyShares: (claims, total) => perType(claims, (type) => steadyFairShares(claims, total, type)),
  allowsChild: () => true,
};

function perType(claims: readonly ShareClaim[], sharesOf: (type: ResourceType) => number[]): Resources[] {
  const [memory, vcores] = RESOURCE_TYPES.map(sharesOf);
  return claims.map((_, i) => ({ memory: memory[i], vcores: vcores[i] }));
}

/** A schedulable's usage as shares of the cluster, and which is dominant. */
export interface DominantShares {
  readonly memory: number;
  readonly vcores: number;
  readonly dominant: ResourceType;
}

export function dominantShares(usage: Resources, cluster: Resources): DominantShares {
  const memory = usage.memory / cluster.memory;
  const vcores = usage.vcores / cluster.vcores;
  return { memory, vcores, dominant: vcores > memory ? 'vcores' : 'memory' };
}

/** Usage over min share, per type (x / 0 is infinite, as in Java's doubles). */
export function minShareRatios(usage: Resources, minShare: Resources): Resources {
  return { memory: usage.memory / minShare.memory, vcores: usage.vcores / minShare.vcores };
}

export function dominantResourceOrder(cluster: Resources): SchedulableOrder {
  return (a: PolicySchedulable, b: PolicySchedulable) => {
    const aShares = dominantShares(a.usage, cluster);
    const bShares = dominantShares(b.usage, cluster);
    const aNeedy = amountOf(a.usage, aShares.dominant) < amountOf(a.minShare, aShares.dominant);
    const bNeedy = amountOf(b.usage, bShares.dominant) < amountOf(b.minShare, bShares.dominant);
    let result: number;
    if (aNeedy !== bNeedy) result = aNeedy ? -1 : 1;
    else if (aNeedy) {
      result = dominantFirst(minShareRatios(a.usage, a.minShare), aShares.dominant, minShareRatios(b.usage, b.minShare), bShares.dominant);
    } else {
      const aWeight = Math.fround(a.weight);
      const bWeight = Math.fround(b.weight);
      const perWeight = (shares: DominantShares, weight: number): Resources => ({ memory: shares.memory / weight, vcores: shares.vcores / weight });
      result = dominantFirst(perWeight(aShares, aWeight), aShares.dominant, perWeight(bShares, bWeight), bShares.dominant);
    }
    return result || signOf(a.startTime - b.startTime) || compareNames(a.name, b.name);
  };
}

/** Compares each side's dominant type, then each side's other type. */
function dominantFirst(a: Resources, aDominant: ResourceType, b: Resources, bDominant: ResourceType): number {
  return signOf(amountOf(a, aDominant) - amountOf(b, bDominant)) || signOf(amountOf(a, other(aDominant)) - amountOf(b, other(bDominant)));
}

function other(type: ResourceType): ResourceType {
  return type === 'memory' ? 'vcores' : 'memory';
}

/**
 * YARN's `fifo` policy (Hadoop's FifoPolicy), for leaf queues only: the
 * larger priority first, then the earlier start time, then the name. Its
 * division gives the whole of the queue's share, every resource, to the
 * application that started first (the first listed among equal times) and
 * nothing to the others. It has no steady shares to give (a leaf's
 * applications have none), and no child queue may sit under it.
 */
import { NO_RESOURCES, type Resources } from '../../../model/resources.js';
import { compareNames } from '../../name-order.js';
import { signOf, type PolicySchedulable, type SchedulingPolicy, type TimedShareClaim } from './scheduling-policy.js';

export const fifoPolicy: SchedulingPolicy = {
  name: 'fifo',
  order: () => fifoOrder,
  computeShares: earliestTakesAll,
  computeSteadyShares: (claims) => claims.map(() => NO_RESOURCES),
  allowsChild: () => false,
};

export function fifoOrder(a: PolicySchedulable, b: PolicySchedulable): number {
  return signOf(b.priority - a.priority) || signOf(a.startTime - b.startTime) || compareNames(a.name, b.name);
}

function earliestTakesAll(claims: readonly TimedShareClaim[], total: Resources): Resources[] {
  let earliest = 0;
  claims.forEach((claim, i) => {
    if (claim.startTime < claims[earliest].startTime) earliest = i;
  });
  return claims.map((_, i) => (i === earliest ? total : NO_RESOURCES));
}

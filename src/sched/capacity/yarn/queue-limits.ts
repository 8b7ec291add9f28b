/**
 * How much a YARN Capacity Scheduler queue may still take
 * (AbstractCSQueue.canAssignToThisQueue, ParentQueue's limits for its
 * children, the allocator's headroom check):
 *
 * - a queue's limit is the smaller, as the calculator compares, of its
 *   maximum (absolute maximum capacity of the cluster) and the limit its
 *   parent hands down; the root's is the cluster;
 * - a queue holding as much as its limit or more takes nothing;
 * - a parent hands each child its own free room plus what the child holds,
 *   rounded down to the minimum allocation;
 * - a leaf's container must fit in its headroom, the limit less what it holds.
 */
import type { Resources } from '../../../model/resources.js';
import { add, smaller, subtract, type ResourceCalculator } from './resource-calculator.js';

export interface QueueLimit {
  /** What the queue may hold now. */
  readonly limit: Resources;
  /** It holds its limit or more: it takes nothing. */
  readonly full: boolean;
  /** The limit less what it holds. */
  readonly headroom: Resources;
}

export function queueLimit(rc: ResourceCalculator, cluster: Resources, maximum: Resources, parentLimit: Resources, used: Resources): QueueLimit {
  const limit = smaller(rc, cluster, maximum, parentLimit);
  return { limit, full: rc.compare(cluster, used, limit) >= 0, headroom: subtract(limit, used) };
}

/** The limit a parent holding `parentUsed` under `parentLimit` hands a child holding `childUsed`. */
export function childLimit(rc: ResourceCalculator, parentLimit: Resources, parentUsed: Resources, childUsed: Resources, minimumAllocation: Resources): Resources {
  return rc.roundDown(add(subtract(parentLimit, parentUsed), childUsed), minimumAllocation);
}

/**
 * YARN's Capacity Scheduler's user limit (UsersManager.computeUserLimit,
 * for active users, every user of weight 1) and its check
 * (LeafQueue.canAssignToUser):
 *
 *   queueCapacity   = max(guaranteed, minimumAllocation)      (a queue of less than a container still runs)
 *   consumed        = usageRatio × cluster, rounded up to the minimum allocation
 *   currentCapacity = queueCapacity                           if consumed < queueCapacity
 *                   = consumed + minimumAllocation            otherwise (the queue is over its guarantee)
 *   limit = max(⌈(active users' usage + minimumAllocation) / activeUsers⌉,
 *               ⌈⌊currentCapacity × minimumUserLimitPercent⌋ / 100⌉)
 *   limit = roundUp(min(limit, maxUserLimit), minimumAllocation)
 *   maxUserLimit = ⌊queueCapacity × userLimitFactor⌋, or with a factor of -1
 *                  (or no guaranteed capacity) the queue's maximum, rounded down
 *
 * each max and min as the resource calculator compares. `usageRatio` sums
 * every user's share of the cluster (the calculator's ratio of its usage to
 * the cluster). A user may be given a container while its usage is not
 * more than the limit, so it may pass the limit by one container.
 */
import type { Resources } from '../../../model/resources.js';
import { add, divideAndCeil, larger, multiplyAndRoundDown, smaller, type ResourceCalculator } from './resource-calculator.js';

export interface UserLimitInput {
  readonly cluster: Resources;
  /** The queue's guaranteed resources: its absolute capacity of the cluster. */
  readonly guaranteed: Resources;
  /** The queue's ceiling: its absolute maximum capacity of the cluster. */
  readonly maximum: Resources;
  readonly minimumAllocation: Resources;
  /** Sum over the queue's users of their usage's share of the cluster (`usageRatio`). */
  readonly usageRatio: number;
  /** What the queue's active users (those with containers to ask for) hold. */
  readonly activeUsersUsage: Resources;
  readonly activeUsers: number;
  /** Percent. */
  readonly minimumUserLimitPercent: number;
  /** -1 for no ceiling but the queue's maximum. */
  readonly userLimitFactor: number;
}

/** The most one active user of the queue may hold before it is passed over. */
export function userLimit(rc: ResourceCalculator, input: UserLimitInput): Resources {
  const { cluster, minimumAllocation: required } = input;
  const queueCapacity = larger(rc, cluster, input.guaranteed, required);
  const consumed = rc.multiplyAndNormalizeUp(cluster, input.usageRatio, required);
  const currentCapacity = rc.compare(cluster, consumed, queueCapacity) < 0 ? queueCapacity : add(consumed, required);
  const users = Math.max(1, input.activeUsers);
  const limit = larger(
    rc,
    cluster,
    divideAndCeil(add(input.activeUsersUsage, required), users),
    divideAndCeil(multiplyAndRoundDown(currentCapacity, input.minimumUserLimitPercent), 100),
  );
  const noGuarantee = input.guaranteed.memory === 0 && input.guaranteed.vcores === 0;
  const maxUserLimit =
    input.userLimitFactor === -1 || noGuarantee ? rc.roundDown(input.maximum, required) : multiplyAndRoundDown(queueCapacity, input.userLimitFactor);
  return rc.roundUp(smaller(rc, cluster, limit, maxUserLimit), required);
}

/** Sum of the users' shares of the cluster: each user's usage over the cluster, as the calculator divides. */
export function usageRatio(rc: ResourceCalculator, cluster: Resources, usages: Iterable<Resources>): number {
  let ratio = 0;
  for (const usage of usages) ratio += rc.ratio(cluster, usage, cluster);
  return ratio;
}

/** Whether a user holding `usage` is passed over: it holds more than the limit. */
export function isOverUserLimit(rc: ResourceCalculator, cluster: Resources, usage: Resources, limit: Resources): boolean {
  return rc.compare(cluster, usage, limit) > 0;
}

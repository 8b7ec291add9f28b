/**
 * A leaf queue's limits on its ApplicationMasters, as LeafQueue's
 * activateApplications applies them before an application may start:
 *
 * - the queue's AM limit (calculateAndGetAMResourceLimitPerPartition): the
 *   larger of what the queue may hold now (its current limit) and its
 *   guarantee (the cluster × its absolute capacity, normalised up), ×
 *   maximum-am-resource-percent, normalised up to the minimum allocation;
 * - the user's AM limit (getUserAMResourceLimitPerPartition): the guarantee
 *   × the percent × max(minimum-user-limit-percent, 1 / active users) ×
 *   user-limit-factor, normalised up, and no more than the queue's;
 * - an AM starts while the queue's AMs, with it, stay within the first and
 *   its user's within the second, or whatever they hold while the queue has
 *   no AM running (so that a queue can always start one application).
 */
import type { Resources } from '../../../model/resources.js';
import { add, larger, smaller, type ResourceCalculator } from './resource-calculator.js';

export interface AmLimitInput {
  readonly cluster: Resources;
  /** The queue's absolute capacity, a fraction of the cluster. */
  readonly absoluteCapacity: number;
  /** What the queue may hold now: the smaller of its absolute maximum and what its parent hands down. */
  readonly currentLimit: Resources;
  /** maximum-am-resource-percent, a fraction. */
  readonly maxAmPercent: number;
  readonly minimumAllocation: Resources;
  readonly minimumUserLimitPercent: number;
  /** -1: no factor (the user's AM limit is the queue's). */
  readonly userLimitFactor: number;
  readonly activeUsers: number;
}

/** The queue's AM limit (calculateAndGetAMResourceLimitPerPartition). */
export function amResourceLimit(rc: ResourceCalculator, input: AmLimitInput): Resources {
  const usable = larger(rc, input.cluster, input.currentLimit, guarantee(rc, input));
  return rc.multiplyAndNormalizeUp(usable, input.maxAmPercent, input.minimumAllocation);
}

/** One user's AM limit in the queue (getUserAMResourceLimitPerPartition). */
export function userAmResourceLimit(rc: ResourceCalculator, input: AmLimitInput): Resources {
  const queueLimit = amResourceLimit(rc, input);
  if (input.userLimitFactor === -1) return queueLimit;
  const effectiveUserLimit = Math.max(input.minimumUserLimitPercent / 100, 1 / Math.max(input.activeUsers, 1));
  const by = input.maxAmPercent * effectiveUserLimit * input.userLimitFactor;
  const userLimit = rc.multiplyAndNormalizeUp(guarantee(rc, input), by, input.minimumAllocation);
  return smaller(rc, input.cluster, userLimit, queueLimit);
}

/** What the queue's and its user's AMs hold, and the AM asking to start. */
export interface AmUsage {
  readonly am: Resources;
  readonly queueAmUsed: Resources;
  readonly userAmUsed: Resources;
}

/** Whether the AM may start under both limits (activateApplications). */
export function mayActivate(rc: ResourceCalculator, input: AmLimitInput, usage: AmUsage): boolean {
  const noAmRunning = usage.queueAmUsed.memory === 0 && usage.queueAmUsed.vcores === 0;
  if (noAmRunning) return true;
  const within = (used: Resources, limit: Resources) => rc.compare(input.cluster, add(used, usage.am), limit) <= 0;
  return within(usage.queueAmUsed, amResourceLimit(rc, input)) && within(usage.userAmUsed, userAmResourceLimit(rc, input));
}

/** The queue's guarantee, normalised up to the minimum allocation. */
function guarantee(rc: ResourceCalculator, input: AmLimitInput): Resources {
  return rc.multiplyAndNormalizeUp(input.cluster, input.absoluteCapacity, input.minimumAllocation);
}

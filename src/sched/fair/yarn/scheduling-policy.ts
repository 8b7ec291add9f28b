/**
 * What a YARN Fair Scheduler queue's scheduling policy decides (Hadoop's
 * `SchedulingPolicy`): the order in which the queue offers a node to its
 * children (child queues, or a leaf's applications), how it divides its fair
 * share among them, and which policies its child queues may have.
 */
import type { Resources } from '../../../model/resources.js';
import type { ShareClaim } from './compute-fair-shares.js';

export type SchedulingPolicyName = 'fair' | 'drf' | 'fifo';

/** What the orders read of a queue or an application. */
export interface PolicySchedulable {
  /** Queue path or application id: the last tie-break, in code-unit order as Java's String.compareTo. */
  readonly name: string;
  readonly usage: Resources;
  /** Running plus pending containers' resources; a queue's is capped by its max share. */
  readonly demand: Resources;
  /** A queue's minResources; none for an application. */
  readonly minShare: Resources;
  readonly weight: number;
  /** An application's submit time; a queue's is 0 in Hadoop. */
  readonly startTime: number;
  /** An application's priority, the larger first; a queue's is 1 in Hadoop. */
  readonly priority: number;
}

/** What the fifo policy's division reads besides a claim: who started first. */
export interface TimedShareClaim extends ShareClaim {
  readonly startTime: number;
}

/** Negative when `a` should be offered the node before `b`. */
export type SchedulableOrder = (a: PolicySchedulable, b: PolicySchedulable) => number;

export interface SchedulingPolicy {
  readonly name: SchedulingPolicyName;
  /** The order of the children, given the cluster's resources (only drf reads them). */
  order(cluster: Resources): SchedulableOrder;
  /** The instantaneous fair shares of the children out of `total` (inactive queues get none). */
  computeShares(claims: readonly TimedShareClaim[], total: Resources): Resources[];
  /** The steady fair shares of child queues out of `total`, active or not. */
  computeSteadyShares(claims: readonly ShareClaim[], total: Resources): Resources[];
  /** Whether a child queue may have the policy `child` under a queue with this one. */
  allowsChild(child: SchedulingPolicyName): boolean;
}

/** Hadoop's comparators take the sign of a difference, and Java's (int) cast makes NaN 0. */
export function signOf(difference: number): number {
  return Number.isNaN(difference) ? 0 : Math.sign(difference);
}

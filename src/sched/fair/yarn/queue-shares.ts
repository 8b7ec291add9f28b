/**
 * The fair shares of every queue of a tree, as Hadoop's FSParentQueue
 * computes them top down: the root's share is the whole cluster, and each
 * parent divides its own share among its child queues by its own policy
 * (fair: memory only; drf: memory and vcores).
 *
 * - Steady shares (recomputeSteadyShares) count every queue, with or
 *   without applications: what a queue gets when everything is busy.
 * - Instantaneous shares (updateInternal) count only active queues: a leaf
 *   with a runnable application, or a parent with such a leaf below it.
 *   The others get 0, so an active queue's share grows as its siblings idle.
 *
 * Neither reads demand or usage. A leaf's share is then divided among its
 * runnable applications by the leaf's policy (SCHEDULING_POLICIES[...]
 * .computeShares), which is the caller's, as it knows the applications.
 * The tree is assumed to keep the policy rules (queuePolicyProblems).
 */
import type { Resources } from '../../../model/resources.js';
import type { ShareClaim } from './compute-fair-shares.js';
import { SCHEDULING_POLICIES } from './policies.js';
import { childName, type QueueSpec } from './queue-tree.js';

/** Every queue's steady fair share, by full name (`root`, `root.a`, `root.a.b`). */
export function steadyQueueShares(root: QueueSpec, cluster: Resources): Map<string, Resources> {
  const shares = new Map<string, Resources>();
  divide(root, root.name, cluster, shares, (queue, fullName, share) =>
    SCHEDULING_POLICIES[queue.schedulingPolicy].computeSteadyShares(childClaims(queue, fullName, () => true), share),
  );
  return shares;
}

/**
 * Every queue's instantaneous fair share, by full name, when the leaves in
 * `activeLeaves` (full names) have runnable applications.
 */
export function instantaneousQueueShares(root: QueueSpec, cluster: Resources, activeLeaves: ReadonlySet<string>): Map<string, Resources> {
  const active = new Set<string>();
  markActive(root, root.name, activeLeaves, active);
  const shares = new Map<string, Resources>();
  divide(root, root.name, cluster, shares, (queue, fullName, share) => {
    // A queue's start time is 0 in Hadoop; only fifo reads it, and fifo divides no queue's share.
    const claims = childClaims(queue, fullName, (name) => active.has(name)).map((claim) => ({ ...claim, startTime: 0 }));
    return SCHEDULING_POLICIES[queue.schedulingPolicy].computeShares(claims, share);
  });
  return shares;
}

/** A parent's share divided among its children. */
type Division = (parent: QueueSpec, fullName: string, share: Resources) => Resources[];

function divide(queue: QueueSpec, fullName: string, share: Resources, shares: Map<string, Resources>, division: Division): void {
  shares.set(fullName, share);
  if (queue.children === undefined) return;
  const childShares = division(queue, fullName, share);
  queue.children.forEach((child, i) => divide(child, childName(fullName, child), childShares[i], shares, division));
}

function childClaims(parent: QueueSpec, fullName: string, isActive: (name: string) => boolean): ShareClaim[] {
  return (parent.children ?? []).map((child) => ({
    weight: child.weight,
    minShare: child.minResources,
    maxShare: child.maxResources,
    active: isActive(childName(fullName, child)),
  }));
}

/** Adds to `active` the full names of the active leaves and of every parent above one; returns whether `queue` is active. */
function markActive(queue: QueueSpec, fullName: string, activeLeaves: ReadonlySet<string>, active: Set<string>): boolean {
  let isActive = queue.children === undefined && activeLeaves.has(fullName);
  for (const child of queue.children ?? []) if (markActive(child, childName(fullName, child), activeLeaves, active)) isActive = true;
  if (isActive) active.add(fullName);
  return isActive;
}

/**
 * A YARN Fair Scheduler queue hierarchy as configured (Hadoop's allocation
 * file, resolved): parent queues and leaf queues under `root`, each with a
 * weight, min and max resources and a scheduling policy, and the rules Hadoop
 * sets on which policy may sit where.
 *
 * Hadoop creates `root.default` on its own; a tree meant to behave as
 * Hadoop's should list it. Hadoop refuses to create a queue that breaks a
 * policy rule (and the queues under it), and keeps the old policies on a
 * reload that would break one: here the rules are reported, for whoever
 * reads the configuration to refuse.
 */
import type { Resources } from '../../../model/resources.js';
import { SCHEDULING_POLICIES } from './policies.js';
import type { SchedulingPolicyName } from './scheduling-policy.js';

export interface QueueSpec {
  /** The queue's own name, `root` for the root; full names join them with dots (`root.parent.leaf`). */
  readonly name: string;
  readonly weight: number;
  readonly minResources: Resources;
  /** UNBOUNDED when not set; a max below the min share counts as the min share. */
  readonly maxResources: Resources;
  readonly schedulingPolicy: SchedulingPolicyName;
  /** A parent's child queues (possibly none); absent for a leaf. */
  readonly children?: readonly QueueSpec[];
}

export function childName(parentName: string, child: QueueSpec): string {
  return `${parentName}.${child.name}`;
}

/**
 * Where the tree breaks Hadoop's policy rules, one sentence per queue: fifo
 * on a parent queue (QueueManager refuses it), and a child policy its
 * parent's policy does not allow (isChildPolicyAllowed: no drf under fair).
 */
export function queuePolicyProblems(root: QueueSpec): string[] {
  const problems: string[] = [];
  const visit = (queue: QueueSpec, fullName: string): void => {
    if (queue.children === undefined) return;
    if (queue.schedulingPolicy === 'fifo') {
      problems.push(`${fullName}: fifo is for leaf queues only, and this queue is a parent`);
      return;
    }
    const policy = SCHEDULING_POLICIES[queue.schedulingPolicy];
    for (const child of queue.children) {
      const name = childName(fullName, child);
      if (policy.allowsChild(child.schedulingPolicy)) visit(child, name);
      else problems.push(`${name}: ${child.schedulingPolicy} is not allowed under ${fullName}, whose policy is ${queue.schedulingPolicy}`);
    }
  };
  visit(root, root.name);
  return problems;
}

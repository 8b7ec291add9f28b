/**
 * The three scheduling policies by name, and a policy named in a queue's
 * configuration as Hadoop reads it: `fair`, `drf` or `fifo`, in any case.
 * (Hadoop also takes a policy's Java class name; we have no classes to load.)
 */
import { drfPolicy } from './drf-policy.js';
import { fairSharePolicy } from './fair-share-policy.js';
import { fifoPolicy } from './fifo-policy.js';
import type { SchedulingPolicy, SchedulingPolicyName } from './scheduling-policy.js';

export const SCHEDULING_POLICIES: Readonly<Record<SchedulingPolicyName, SchedulingPolicy>> = {
  fair: fairSharePolicy,
  drf: drfPolicy,
  fifo: fifoPolicy,
};

/** The policy `text` names, or undefined. */
export function parseSchedulingPolicy(text: string): SchedulingPolicyName | undefined {
  const name = text.toLowerCase();
  return name === 'fair' || name === 'drf' || name === 'fifo' ? name : undefined;
}

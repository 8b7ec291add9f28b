/**
 * A Fair Scheduler queue's scheduling policy as the allocation file names it
 * (Hadoop's SchedulingPolicy.parse): `fair`, `drf` or `fifo` in any case, or
 * the class name of one of the three policies Hadoop ships. A custom policy
 * class is a problem: the simulator has only these three.
 */
export const POLICIES = ['fair', 'drf', 'fifo'] as const;
export type Policy = (typeof POLICIES)[number];

const PACKAGE = 'org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies.';
const CLASSES: Readonly<Record<string, Policy>> = {
  FairSharePolicy: 'fair',
  DominantResourceFairnessPolicy: 'drf',
  FifoPolicy: 'fifo',
};

export function parsePolicy(text: string): Policy | undefined {
  const name = text.trim();
  const lower = name.toLowerCase();
  if ((POLICIES as readonly string[]).includes(lower)) return lower as Policy;
  const simple = name.startsWith(PACKAGE) ? name.slice(PACKAGE.length) : name;
  return CLASSES[simple];
}

export const POLICY_EXPECTED = `fair, drf or fifo (or the class name of Hadoop's FairSharePolicy, DominantResourceFairnessPolicy or FifoPolicy)`;

export { instantaneousFairShares, steadyFairShares, type ShareClaim } from './compute-fair-shares.js';
export { dominantResourceOrder, dominantShares, drfPolicy, minShareRatios, type DominantShares } from './drf-policy.js';
export { fairSharePolicy, fairShareOrder } from './fair-share-policy.js';
export { fifoOrder, fifoPolicy } from './fifo-policy.js';
export { parseSchedulingPolicy, SCHEDULING_POLICIES } from './policies.js';
export { instantaneousQueueShares, steadyQueueShares } from './queue-shares.js';
export { childName, queuePolicyProblems, type QueueSpec } from './queue-tree.js';
export { poolQueueTree, sharesVcores, type PoolQueueTree } from './pool-queue-tree.js';
export { amountOf, HADOOP_UNIT, RESOURCE_TYPES, UNBOUNDED, type ResourceType } from './resource-type.js';
export {
  type PolicySchedulable,
  type SchedulableOrder,
  type SchedulingPolicy,
  type SchedulingPolicyName,
  type TimedShareClaim,
} from './scheduling-policy.js';
export { canRunAppAM, DEFAULT_MAX_AM_SHARE, maxAmResource, type AmShareLimit } from './am-share.js';

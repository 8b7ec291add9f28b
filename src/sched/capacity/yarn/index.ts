export { mayAssignMore, type HeartbeatAssignmentLimits, type HeartbeatAssignments } from './heartbeat-assignments.js';
export { childLimit, queueLimit, type QueueLimit } from './queue-limits.js';
export { compareQueueUtilization, queueUtilization, type QueueUtilization } from './queue-ordering.js';
export { add, multiplyAndRoundDown, RESOURCE_CALCULATORS, type ResourceCalculator, type ResourceCalculatorName } from './resource-calculator.js';
export { isOverUserLimit, usageRatio, userLimit, type UserLimitInput } from './user-limit.js';
export { assignableLocality, neverDelays, resetsMissedOpportunities, type ContainerLocality, type LocalityAsks, type LocalityDelays } from './locality-delay.js';
export { amResourceLimit, mayActivate, userAmResourceLimit, type AmLimitInput, type AmUsage } from './am-limits.js';

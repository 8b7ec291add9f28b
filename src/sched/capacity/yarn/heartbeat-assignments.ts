/**
 * How many containers YARN's Capacity Scheduler gives out at one node
 * heartbeat (CapacityScheduler.canAllocateMore): after each container it
 * goes on while multiple assignments are on
 * (`per-node-heartbeat.multiple-assignments-enabled`, true), fewer than
 * `maximum-container-assignments` have been made (100), and fewer than
 * `maximum-offswitch-assignments` (1) were off-switch: neither node- nor
 * rack-local, as every reduce is (its request names no place).
 */
export interface HeartbeatAssignmentLimits {
  readonly multipleAssignments: boolean;
  /** Infinity for no limit (Hadoop's -1). */
  readonly maxAssign: number;
  readonly maxOffSwitchAssign: number;
}

export interface HeartbeatAssignments {
  readonly assigned: number;
  readonly offSwitch: number;
}

/** Whether the heartbeat may give out another container after the ones made. */
export function mayAssignMore(limits: HeartbeatAssignmentLimits, made: HeartbeatAssignments): boolean {
  if (made.assigned === 0) return true;
  if (made.offSwitch >= limits.maxOffSwitchAssign) return false;
  return limits.multipleAssignments && made.assigned < limits.maxAssign;
}

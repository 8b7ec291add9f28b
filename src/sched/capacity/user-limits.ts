/**
 * The Capacity Scheduler's user limit: how many slots of one kind a single
 * user's jobs may hold in a queue before that user's jobs are passed over.
 * Computed as Hadoop 1 does in `CapacitySchedulerQueue.assignSlotsToJob`,
 * for tasks of one slot each:
 *
 *   queueCapacity   = max(capacity, 1)                       (queues of < 1 slot still progress)
 *   currentCapacity = queueCapacity          if occupied + 1 ≤ queueCapacity
 *                   = occupied + 1           otherwise (the queue is at or over its capacity)
 *   limit = min( max(⌈currentCapacity / activeUsers⌉, ⌈minimumUserLimitPercent × currentCapacity / 100⌉),
 *                ⌊queueCapacity × userLimitFactor⌋ )
 *
 * and a user holding `s` slots is over the limit when `s + 1 > limit`.
 *
 * Why "occupied + 1" over capacity: a queue above its guarantee is running on
 * slots other queues do not need (elasticity). Hadoop measures the users'
 * shares against what the queue holds now plus the slot being handed out, so
 * the per-user limit grows with the queue while it expands, and each user
 * still gets only its share of the expansion: with two active users and 50 %,
 * a queue growing past its capacity hands the extra slots out alternately.
 * The user-limit-factor term never grows: one user alone can hold at most
 * `userLimitFactor` times the queue's guaranteed capacity, which is what
 * keeps a single user (with the default factor 1) inside the guarantee.
 *
 * `activeUsers` counts the users with a task of this kind waiting to run
 * (Hadoop's users "with pending tasks"), at least 1.
 *
 * Differs from Hadoop: the limit is never below 1 slot. Hadoop's limit is 0
 * when `userLimitFactor × queueCapacity < 1` (a factor below 1 on a tiny
 * queue), which starves the queue's jobs for ever; here they run one task at
 * a time.
 */
import { ceilSlots, floorSlots } from './slots.js';

export interface UserLimitInput {
  /** The queue's guaranteed capacity now, slots of this kind. */
  readonly capacity: number;
  /** Slots of this kind the queue's tasks hold now. */
  readonly occupied: number;
  /** Users of the queue with a task of this kind waiting to run. */
  readonly activeUsers: number;
  readonly minimumUserLimitPercent: number;
  readonly userLimitFactor: number;
}

/** Most slots of one kind a user of the queue may hold after taking one more. */
export function userLimit(input: UserLimitInput): number {
  const queueCapacity = Math.max(input.capacity, 1);
  const current = input.occupied + 1 <= queueCapacity ? queueCapacity : input.occupied + 1;
  const users = Math.max(1, input.activeUsers);
  const share = Math.max(ceilSlots(current / users), ceilSlots((input.minimumUserLimitPercent * current) / 100));
  const ceiling = floorSlots(queueCapacity * input.userLimitFactor);
  return Math.max(1, Math.min(share, ceiling));
}

/** Whether a user holding `userSlots` slots may not take one more under `limit`. */
export function isUserOverLimit(userSlots: number, limit: number): boolean {
  return userSlots + 1 > limit;
}

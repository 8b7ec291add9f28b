/**
 * The Capacity Scheduler's queues for one scenario: one per pool of
 * `scenario.pools`, in that order, then one per pool that only jobs name, in
 * the order of their first job. A job's queue is `job.spec.pool`.
 *
 * Capacities are percentages of each kind of slot (maps and reduces apart).
 * A queue only jobs name shares equally what the listed pools leave of 100 %
 * (the scenario file's rule for pools without a capacity). When every
 * capacity is 0, the queues share the cluster equally. Capacities that sum to
 * more than 100 % are scaled down to 100 %, and a maximum below the capacity
 * is raised to it: Hadoop refuses both configurations at start-up; the
 * resolved scenario should never hold them, so this only guards.
 */
import type { Scenario } from '../../model/scenario.js';
import { defaultPool, type Pool } from '../../model/workload.js';

export interface QueueConfig {
  readonly id: string;
  /** Guaranteed percent of the live cluster's slots of each kind. */
  readonly capacity: number;
  /** Ceiling, percent of the live cluster's slots of each kind; 100 means none. */
  readonly maxCapacity: number;
  /** Percent of the queue a user is owed however many users compete (100 = no user limit). */
  readonly minimumUserLimitPercent: number;
  /** One user's ceiling as a multiple of the queue capacity. */
  readonly userLimitFactor: number;
  /** Jobs of the queue initialized (allowed to run) at once; Infinity when unlimited. */
  readonly maxRunningJobs: number;
}

export function queueConfigs(scenario: Scenario): QueueConfig[] {
  const seen = new Set(scenario.pools.map((pool) => pool.id));
  const unlisted: string[] = [];
  for (const job of scenario.jobs) {
    if (seen.has(job.pool)) continue;
    seen.add(job.pool);
    unlisted.push(job.pool);
  }
  const listedCapacity = scenario.pools.reduce((sum, pool) => sum + guaranteed(pool), 0);
  const leftover = unlisted.length === 0 ? 0 : Math.max(0, 100 - listedCapacity) / unlisted.length;
  const queues: QueueConfig[] = [
    ...scenario.pools.map((pool) => fromPool(pool)),
    ...unlisted.map((id) => fromPool(defaultPool(id, leftover))),
  ];
  const total = queues.reduce((sum, queue) => sum + queue.capacity, 0);
  return queues.map((queue) => {
    if (total === 0) return withCapacity(queue, 100 / queues.length);
    return withCapacity(queue, total > 100 ? (queue.capacity * 100) / total : queue.capacity);
  });
}

function guaranteed(pool: Pool): number {
  return Number.isFinite(pool.capacity) && pool.capacity > 0 ? pool.capacity : 0;
}

function fromPool(pool: Pool): QueueConfig {
  const limit = pool.minimumUserLimitPercent;
  return {
    id: pool.id,
    capacity: guaranteed(pool),
    maxCapacity: Number.isFinite(pool.maxCapacity) && pool.maxCapacity > 0 ? Math.min(100, pool.maxCapacity) : 100,
    minimumUserLimitPercent: Number.isFinite(limit) && limit > 0 ? Math.min(100, limit) : 100,
    userLimitFactor: pool.userLimitFactor > 0 ? pool.userLimitFactor : 1,
    maxRunningJobs: pool.maxRunningJobs >= 1 ? pool.maxRunningJobs : 1,
  };
}

/** The queue with another capacity, its ceiling raised to it if below. */
function withCapacity(queue: QueueConfig, capacity: number): QueueConfig {
  return { ...queue, capacity, maxCapacity: Math.max(queue.maxCapacity, capacity) };
}

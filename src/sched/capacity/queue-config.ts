/**
 * Hadoop 1's Capacity Scheduler's queues for one run: one per leaf pool of
 * the run, in order (resolution lists every pool a job names, a pool only
 * jobs name sharing equally what the listed pools leave of 100 %). A job's
 * queue is `job.spec.pool`.
 *
 * Hadoop 1's queues are flat: a pool `eng.dev` under `eng` (capacities
 * percentages of the parent, as YARN reads them) is a queue with its
 * absolute share, the product of the percentages down its path
 * (`queue-hierarchy.ts`), and the parent `eng` is no queue; a pool without
 * a dot keeps its percentages as they are.
 *
 * Capacities are percentages of each kind of slot (maps and reduces apart).
 * When every capacity is 0, the queues share the cluster equally. Capacities
 * that sum to more than 100 % are scaled down to 100 %, and a maximum below
 * the capacity is raised to it: Hadoop refuses both configurations at
 * start-up; the resolved scenario should never hold them, so this only
 * guards.
 */
import type { Pool } from '../../model/workload.js';
import { leafQueues, queueHierarchy, type CapacityQueue } from './queue-hierarchy.js';

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

export function queueConfigs(pools: readonly Pool[]): QueueConfig[] {
  const queues = leafQueues(queueHierarchy(pools)).map(fromQueue);
  const total = queues.reduce((sum, queue) => sum + queue.capacity, 0);
  return queues.map((queue) => {
    if (total === 0) return withCapacity(queue, 100 / queues.length);
    return withCapacity(queue, total > 100 ? (queue.capacity * 100) / total : queue.capacity);
  });
}

function fromQueue(queue: CapacityQueue): QueueConfig {
  const { pool } = queue;
  const limit = pool.minimumUserLimitPercent;
  return {
    id: pool.id,
    capacity: queue.absoluteCapacity,
    maxCapacity: queue.absoluteMaxCapacity,
    minimumUserLimitPercent: Number.isFinite(limit) && limit > 0 ? Math.min(100, limit) : 100,
    // -1 is YARN's "no user ceiling".
    userLimitFactor: pool.userLimitFactor === -1 ? Infinity : pool.userLimitFactor > 0 ? pool.userLimitFactor : 1,
    maxRunningJobs: pool.maxRunningJobs >= 1 ? pool.maxRunningJobs : 1,
  };
}

/** The queue with another capacity, its ceiling raised to it if below. */
function withCapacity(queue: QueueConfig, capacity: number): QueueConfig {
  return { ...queue, capacity, maxCapacity: Math.max(queue.maxCapacity, capacity) };
}

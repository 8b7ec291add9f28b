/**
 * The Capacity Scheduler's queues as YARN defines them: the pools as a tree
 * under `root` (a pool `eng.dev` under `eng`), each pool's `capacity` and
 * `maxCapacity` percentages of its parent's, and each queue's absolute
 * capacity and maximum capacity, percentages of the cluster, the products
 * down its path (CSQueueUtils: absolute = parent's absolute × own).
 *
 * A pool without a dot hangs off the root, so a flat list of pools keeps
 * its capacities as percentages of the cluster, to the bit. A parent the
 * pools do not list (resolution lists every one; this guards pools built
 * in code) is a queue with Hadoop's defaults and no capacity.
 */
import { defaultPool, parentPoolId, type Pool } from '../../model/workload.js';

export interface CapacityQueue {
  /** The pool id (the queue path without `root.`), `root` for the root. */
  readonly id: string;
  readonly pool: Pool;
  readonly parent: CapacityQueue | null;
  readonly children: CapacityQueue[];
  /** Guaranteed percent of the cluster. */
  readonly absoluteCapacity: number;
  /** Ceiling, percent of the cluster. */
  readonly absoluteMaxCapacity: number;
}

export interface QueueHierarchy {
  readonly root: CapacityQueue;
  /** Every queue but the root, by pool id, parents before their children. */
  readonly queues: ReadonlyMap<string, CapacityQueue>;
}

export function queueHierarchy(pools: readonly Pool[]): QueueHierarchy {
  const byId = new Map(pools.map((pool) => [pool.id, pool]));
  const rootPool = defaultPool('root', 100);
  const root: CapacityQueue = { id: 'root', pool: rootPool, parent: null, children: [], absoluteCapacity: 100, absoluteMaxCapacity: 100 };
  const queues = new Map<string, CapacityQueue>();
  const queueOf = (id: string): CapacityQueue => {
    const known = queues.get(id);
    if (known !== undefined) return known;
    const pool = byId.get(id) ?? defaultPool(id);
    const parentId = parentPoolId(id);
    const parent = parentId === null ? root : queueOf(parentId);
    const queue: CapacityQueue = {
      id,
      pool,
      parent,
      children: [],
      absoluteCapacity: ofParent(parent.absoluteCapacity, guaranteedPercent(pool), parent === root),
      absoluteMaxCapacity: ofParent(parent.absoluteMaxCapacity, maxPercent(pool), parent === root),
    };
    parent.children.push(queue);
    queues.set(id, queue);
    return queue;
  };
  for (const pool of pools) if (pool.id !== 'root') queueOf(pool.id);
  return { root, queues };
}

/** The leaf queues (pools with no child pool), in the pools' order. */
export function leafQueues(hierarchy: QueueHierarchy): CapacityQueue[] {
  return [...hierarchy.queues.values()].filter((queue) => queue.children.length === 0);
}

/** `percent` of the parent's absolute percentage; a child of the root keeps its own, exactly. */
function ofParent(parentAbsolute: number, percent: number, underRoot: boolean): number {
  return underRoot ? percent : (parentAbsolute * percent) / 100;
}

function guaranteedPercent(pool: Pool): number {
  return Number.isFinite(pool.capacity) && pool.capacity > 0 ? pool.capacity : 0;
}

function maxPercent(pool: Pool): number {
  return Number.isFinite(pool.maxCapacity) && pool.maxCapacity > 0 ? Math.min(100, pool.maxCapacity) : 100;
}

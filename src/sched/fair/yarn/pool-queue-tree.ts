/**
 * The pools as YARN's Fair Scheduler reads them: a queue tree under `root`,
 * a pool `a.b` under `a` (a parent the pools do not list gets Hadoop's
 * defaults), each queue with its pool's weight, min and max resources and
 * scheduling policy, or `defaultPolicy` where the pool sets none (the root
 * too, unless a pool `root` sets one). The tree the fair order checks
 * against the policy rules, and the one the report's fair shares divide.
 */
import { defaultPool, parentPoolId, type Pool } from '../../../model/workload.js';
import type { QueueSpec } from './queue-tree.js';
import type { SchedulingPolicyName } from './scheduling-policy.js';

export interface PoolQueueTree {
  readonly root: QueueSpec;
  /** The pool of each queue by full name (`root.a.b` for pool `a.b`), the root and unlisted parents included, parents first. */
  readonly pools: ReadonlyMap<string, Pool>;
}

/** A queue being built: its children are added as pools name them. */
interface Building {
  readonly pool: Pool;
  readonly fullName: string;
  readonly children: Building[];
}

export function poolQueueTree(pools: readonly Pool[], defaultPolicy: SchedulingPolicyName): PoolQueueTree {
  const byId = new Map(pools.map((pool) => [pool.id, pool]));
  const root: Building = { pool: byId.get('root') ?? defaultPool('root'), fullName: 'root', children: [] };
  const queues = new Map<string, Building>();
  const queueOf = (id: string): Building => {
    const known = queues.get(id);
    if (known !== undefined) return known;
    const parentId = parentPoolId(id);
    const parent = parentId === null ? root : queueOf(parentId);
    const queue: Building = { pool: byId.get(id) ?? defaultPool(id), fullName: `${parent.fullName}.${id.slice(id.lastIndexOf('.') + 1)}`, children: [] };
    parent.children.push(queue);
    queues.set(id, queue);
    return queue;
  };
  for (const pool of pools) if (pool.id !== 'root') queueOf(pool.id);
  const spec = (queue: Building): QueueSpec => ({
    name: queue.fullName.slice(queue.fullName.lastIndexOf('.') + 1),
    weight: queue.pool.weight,
    minResources: queue.pool.minResources,
    maxResources: queue.pool.maxResources,
    schedulingPolicy: queue.pool.schedulingPolicy ?? defaultPolicy,
    ...(queue.children.length > 0 ? { children: queue.children.map(spec) } : {}),
  });
  return { root: spec(root), pools: new Map([root, ...queues.values()].map((queue) => [queue.fullName, queue.pool])) };
}

/** Whether every queue above `fullName` divides vcores (drf): under a `fair` queue a share has memory only. */
export function sharesVcores(root: QueueSpec, fullName: string): boolean {
  const path = fullName.split('.').slice(1);
  let queue = root;
  for (const name of path) {
    if (queue.schedulingPolicy !== 'drf') return false;
    const child = queue.children?.find((c) => c.name === name);
    if (child === undefined) return false;
    queue = child;
  }
  return true;
}

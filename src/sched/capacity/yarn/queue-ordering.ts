/**
 * How a YARN Capacity Scheduler parent queue orders its children for a
 * container (PriorityUtilizationQueueOrderingPolicy, `utilization`, queue
 * priorities not modelled): a child with a guaranteed capacity before one
 * without; between two with one, the smaller used capacity (what it holds
 * over its guarantee) first; between two without, the smaller absolute used
 * capacity (over the cluster); equal ones by the larger guarantee, then by
 * name (Hadoop keeps their configured order, which we do not know).
 */
import type { Resources } from '../../../model/resources.js';
import type { ResourceCalculator } from './resource-calculator.js';

export interface QueueUtilization {
  readonly name: string;
  /** Guaranteed fraction of the cluster. */
  readonly absoluteCapacity: number;
  /** What the queue holds over its guarantee. */
  readonly usedCapacity: number;
  /** What the queue holds over the cluster. */
  readonly absoluteUsedCapacity: number;
}

/** A queue's used capacities (CSQueueUtils.updateUsedCapacity), as the calculator divides. */
export function queueUtilization(rc: ResourceCalculator, cluster: Resources, name: string, absoluteCapacity: number, guaranteed: Resources, used: Resources): QueueUtilization {
  const held = used.memory > 0 || used.vcores > 0;
  const usedCapacity = !held ? 0 : rc.ratio(cluster, used, guaranteed);
  return { name, absoluteCapacity, usedCapacity, absoluteUsedCapacity: !held ? 0 : rc.ratio(cluster, used, cluster) };
}

export function compareQueueUtilization(a: QueueUtilization, b: QueueUtilization): number {
  const aGuaranteed = a.absoluteCapacity > 0;
  const bGuaranteed = b.absoluteCapacity > 0;
  if (aGuaranteed !== bGuaranteed) return aGuaranteed ? -1 : 1;
  const used = aGuaranteed ? a.usedCapacity - b.usedCapacity : a.absoluteUsedCapacity - b.absoluteUsedCapacity;
  if (used !== 0) return used;
  if (a.absoluteCapacity !== b.absoluteCapacity) return b.absoluteCapacity - a.absoluteCapacity;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

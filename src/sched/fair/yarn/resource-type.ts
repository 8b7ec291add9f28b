/**
 * The two resource types of YARN's Fair Scheduler, one at a time: its fair
 * shares are computed for each type on its own, and Hadoop counts each in
 * whole units of its own (memory in MB, virtual cores one by one). We keep
 * memory in bytes, so a memory share is a whole number of MiB in bytes.
 */
import type { Resources } from '../../../model/resources.js';

export type ResourceType = 'memory' | 'vcores';

export const RESOURCE_TYPES: readonly ResourceType[] = ['memory', 'vcores'];

/** Hadoop's unit of each type, in our units: its shares are whole numbers of it. */
export const HADOOP_UNIT: Readonly<Record<ResourceType, number>> = { memory: 2 ** 20, vcores: 1 };

/** No limit, as a queue without maxResources or an application has. */
export const UNBOUNDED: Resources = { memory: Infinity, vcores: Infinity };

export function amountOf(resources: Resources, type: ResourceType): number {
  return type === 'memory' ? resources.memory : resources.vcores;
}

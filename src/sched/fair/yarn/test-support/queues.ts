/**
 * Queue trees as Hadoop's allocation files in its tests write them: weight 1,
 * no min or max resources, and the file's default scheduling policy unless
 * the queue names its own.
 */
import type { QueueSpec } from '../queue-tree.js';
import { UNBOUNDED } from '../resource-type.js';
import type { SchedulingPolicyName } from '../scheduling-policy.js';
import { resources } from './hadoop-units.js';

type QueueFields = Partial<Omit<QueueSpec, 'name' | 'children'>>;

export function queues(defaultPolicy: SchedulingPolicyName) {
  const spec = (name: string, fields: QueueFields, children?: readonly QueueSpec[]): QueueSpec => ({
    name,
    weight: fields.weight ?? 1,
    minResources: fields.minResources ?? resources(0),
    maxResources: fields.maxResources ?? UNBOUNDED,
    schedulingPolicy: fields.schedulingPolicy ?? defaultPolicy,
    ...(children === undefined ? {} : { children }),
  });
  return {
    leaf: (name: string, fields: QueueFields = {}) => spec(name, fields),
    parent: (name: string, children: readonly QueueSpec[], fields: QueueFields = {}) => spec(name, fields, children),
  };
}

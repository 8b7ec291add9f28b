/**
 * Schedulables as Hadoop's policy tests build them: no demand, min share or
 * usage unless given, weight 1, start time 0, priority 0.
 */
import type { Resources } from '../../../../model/resources.js';
import type { PolicySchedulable } from '../scheduling-policy.js';
import { resources } from './hadoop-units.js';

export function schedulable(name: string, fields: Partial<Omit<PolicySchedulable, 'name'>> = {}): PolicySchedulable {
  const none: Resources = resources(0);
  return {
    name,
    usage: fields.usage ?? none,
    demand: fields.demand ?? none,
    minShare: fields.minShare ?? none,
    weight: fields.weight ?? 1,
    startTime: fields.startTime ?? 0,
    priority: fields.priority ?? 0,
  };
}

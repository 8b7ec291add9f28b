import { composePolicy } from '../composed-policy.js';
import { LocalityPlacement } from '../placement/locality.js';
import type { SchedulerFactory } from '../types.js';
import { CapacityOrder } from './capacity.js';
import { capacityOptions } from './options.js';

export const capacityScheduler: SchedulerFactory = {
  name: 'capacity',
  summary: "Hadoop's Capacity Scheduler: queues with guaranteed shares, most under-served first, elastic, user limits.",
  source: 'Apache Hadoop 1 CapacityTaskScheduler',
  placements: { map: 'locality', reduce: 'hadoop' },
  create: (scenario, context) => composePolicy(context, new CapacityOrder(scenario, capacityOptions(scenario)), new LocalityPlacement()),
};

export { CapacityOrder } from './capacity.js';
export { capacityOptions, type CapacityOptions } from './options.js';
export { queueConfigs, type QueueConfig } from './queue-config.js';

import type { SchedulerFactory } from '../types.js';
import { CapacityPolicy } from './capacity.js';
import { capacityOptions } from './options.js';

export const capacityScheduler: SchedulerFactory = {
  name: 'capacity',
  summary: "Hadoop's Capacity Scheduler: queues with guaranteed shares, most under-served first, elastic, user limits.",
  source: 'Apache Hadoop 1 CapacityTaskScheduler',
  create: (scenario) => new CapacityPolicy(scenario, capacityOptions(scenario)),
};

export { CapacityPolicy } from './capacity.js';
export { capacityOptions, type CapacityOptions } from './options.js';
export { queueConfigs, type QueueConfig } from './queue-config.js';

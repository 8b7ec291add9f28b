import { composePolicy } from '../composed-policy.js';
import type { SchedulerFactory } from '../types.js';
import { CapacityOrder } from './capacity.js';
import { CAPACITY_OPTION_DESCRIPTIONS, capacityOptions, type CapacityOptions } from './options.js';

export const capacityScheduler: SchedulerFactory<CapacityOptions> = {
  name: 'capacity',
  summary: "Hadoop's Capacity Scheduler: queues with guaranteed shares, most under-served first, elastic, user limits.",
  source: 'Apache Hadoop 1 CapacityTaskScheduler',
  options: capacityOptions,
  optionDescriptions: CAPACITY_OPTION_DESCRIPTIONS,
  placements: { map: 'locality', reduce: 'hadoop' },
  create: (setup) => composePolicy(setup, new CapacityOrder(setup.pools, setup.settings.heartbeatInterval, setup.options)),
};

export { CapacityOrder } from './capacity.js';
export { capacityOptions, type CapacityOptions } from './options.js';
export { queueConfigs, type QueueConfig } from './queue-config.js';

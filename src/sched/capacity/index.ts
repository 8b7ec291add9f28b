import { composePolicy } from '../composed-policy.js';
import type { SchedulerFactory } from '../types.js';
import { CapacityOrder } from './capacity.js';
import { CAPACITY_OPTION_DESCRIPTIONS, capacityOptions, type CapacityOptions } from './options.js';
import { YarnCapacityOrder } from './yarn-capacity-order.js';

export const capacityScheduler: SchedulerFactory<CapacityOptions> = {
  name: 'capacity',
  summary:
    "Hadoop's Capacity Scheduler: queues with guaranteed shares, most under-served first, elastic, user limits. On a YARN resource cluster, YARN's: a queue hierarchy, user limits by resource calculator, locality delay by missed opportunities.",
  source: 'Apache Hadoop 1 CapacityTaskScheduler; Apache Hadoop YARN CapacityScheduler',
  options: capacityOptions,
  optionDescriptions: CAPACITY_OPTION_DESCRIPTIONS,
  placements: { map: 'locality', reduce: 'hadoop' },
  create: (setup) => {
    const { settings } = setup;
    // On a YARN resource cluster, YARN's Capacity Scheduler.
    if (settings.yarn !== null && setup.cluster.nodes.some((node) => node.slotModel === 'resources')) {
      return composePolicy(setup, new YarnCapacityOrder(setup.pools, setup.options, settings.yarn));
    }
    return composePolicy(setup, new CapacityOrder(setup.pools, settings.heartbeatInterval, setup.options));
  },
};

export { CapacityOrder } from './capacity.js';
export { YarnCapacityOrder } from './yarn-capacity-order.js';
export { capacityOptions, type CapacityOptions } from './options.js';
export { queueConfigs, type QueueConfig } from './queue-config.js';

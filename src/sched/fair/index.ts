import { composePolicy } from '../composed-policy.js';
import type { SchedulerFactory } from '../types.js';
import { DelayPlacement } from './delay-placement.js';
import { FairOrder } from './fair.js';
import { YarnFairOrder } from './yarn-fair-order.js';
import { YarnLocalityPlacement } from './yarn-locality-placement.js';
import { FAIR_OPTION_DESCRIPTIONS, fairOptions, localityDelays, type FairOptions } from './options.js';

export { FairOrder } from './fair.js';
export { YarnFairOrder } from './yarn-fair-order.js';
export { YarnLocalityPlacement, type LocalityThresholds } from './yarn-locality-placement.js';
export * from './yarn/index.js';
export { DelayPlacement, delayPlacement } from './delay-placement.js';
export { computeFairShares, FairShareSolver, type ShareClaim } from './fair-share.js';
export { fairOptions, localityDelays, type FairOptions } from './options.js';

export const fairScheduler: SchedulerFactory<FairOptions> = {
  name: 'fair',
  summary: "Hadoop's Fair Scheduler: pools with weights and min shares; fair shares; delay scheduling for locality. On a YARN resource cluster, YARN's: queues with fair, drf or fifo policies.",
  source:
    'Apache Hadoop 1 FairScheduler; Zaharia et al., "Delay Scheduling: A Simple Technique for Achieving ' +
    'Locality and Fairness in Cluster Scheduling", EuroSys 2010',
  options: fairOptions,
  optionDescriptions: FAIR_OPTION_DESCRIPTIONS,
  placements: { map: 'delay', reduce: 'hadoop' },
  // Its delay scheduling takes its delays from schedulerOptions.fair.
  tailorsPlacements: ['map'],
  create: (setup) => {
    const { options, settings } = setup;
    // On a YARN resource cluster, YARN's Fair Scheduler, whose locality thresholds are off unless set.
    if (settings.yarn !== null && setup.cluster.nodes.some((node) => node.slotModel === 'resources')) {
      const thresholds = { node: options.nodeLocalityThreshold, rack: options.rackLocalityThreshold };
      return composePolicy(setup, new YarnFairOrder(setup.pools, options, settings.yarn.amContainer, settings.heartbeatInterval), new YarnLocalityPlacement(thresholds));
    }
    return composePolicy(setup, new FairOrder(setup.pools, options), new DelayPlacement(localityDelays(options, settings)));
  },
};

import { composePolicy } from '../composed-policy.js';
import type { SchedulerFactory } from '../types.js';
import { DelayPlacement } from './delay-placement.js';
import { FairOrder } from './fair.js';
import { FAIR_OPTION_DESCRIPTIONS, fairOptions, localityDelays, type FairOptions } from './options.js';

export { FairOrder } from './fair.js';
export { DelayPlacement, delayPlacement } from './delay-placement.js';
export { computeFairShares, FairShareSolver, type ShareClaim } from './fair-share.js';
export { fairOptions, localityDelays, type FairOptions } from './options.js';

export const fairScheduler: SchedulerFactory<FairOptions> = {
  name: 'fair',
  summary: "Hadoop's Fair Scheduler: pools with weights and min shares; fair shares; delay scheduling for locality.",
  source:
    'Apache Hadoop 1 FairScheduler; Zaharia et al., "Delay Scheduling: A Simple Technique for Achieving ' +
    'Locality and Fairness in Cluster Scheduling", EuroSys 2010',
  options: fairOptions,
  optionDescriptions: FAIR_OPTION_DESCRIPTIONS,
  placements: { map: 'delay', reduce: 'hadoop' },
  // Its delay scheduling takes its delays from schedulerOptions.fair.
  tailorsPlacements: ['map'],
  create: (setup) => composePolicy(setup, new FairOrder(setup.pools, setup.options), new DelayPlacement(localityDelays(setup.options, setup.settings))),
};

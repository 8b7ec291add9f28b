import { composePolicy } from '../composed-policy.js';
import type { SchedulerFactory } from '../types.js';
import { DelayPlacement } from './delay-placement.js';
import { FairOrder } from './fair.js';
import { fairOptions } from './options.js';

export { FairOrder } from './fair.js';
export { DelayPlacement, delayPlacement } from './delay-placement.js';
export { computeFairShares, FairShareSolver, type ShareClaim } from './fair-share.js';
export { fairOptions, type FairOptions } from './options.js';

export const fairScheduler: SchedulerFactory = {
  name: 'fair',
  summary: "Hadoop's Fair Scheduler: pools with weights and min shares; fair shares; delay scheduling for locality.",
  source:
    'Apache Hadoop 1 FairScheduler; Zaharia et al., "Delay Scheduling: A Simple Technique for Achieving ' +
    'Locality and Fairness in Cluster Scheduling", EuroSys 2010',
  placements: { map: 'delay', reduce: 'hadoop' },
  create(scenario, context) {
    const options = fairOptions(scenario);
    const delays = { node: options.nodeLocalityDelay, rack: options.rackLocalityDelay };
    return composePolicy(context, new FairOrder(scenario, options), new DelayPlacement(delays, scenario.jobs.length));
  },
};

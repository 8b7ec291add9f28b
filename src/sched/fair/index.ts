import type { SchedulerFactory } from '../types.js';
import { FairPolicy } from './fair.js';

export { FairPolicy } from './fair.js';
export { computeFairShares, FairShareSolver, type ShareClaim } from './fair-share.js';
export { fairOptions, type FairOptions } from './options.js';

export const fairScheduler: SchedulerFactory = {
  name: 'fair',
  summary: "Hadoop's Fair Scheduler: pools with weights and min shares; fair shares; delay scheduling for locality.",
  source:
    'Apache Hadoop 1 FairScheduler; Zaharia et al., "Delay Scheduling: A Simple Technique for Achieving ' +
    'Locality and Fairness in Cluster Scheduling", EuroSys 2010',
  create: (scenario) => new FairPolicy(scenario),
};

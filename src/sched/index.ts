/** The schedulers and placements mrsched ships, and the names of the scheduler API. */
import { SchedulerRegistry } from './registry.js';
import { fifoScheduler } from './fifo/index.js';
import { delayPlacement, fairScheduler } from './fair/index.js';
import { capacityScheduler } from './capacity/index.js';
import { mkjrScheduler, uaasScheduler } from './makespan/index.js';
import { flowPlacement, flowScheduler } from './flow/index.js';
import { adaptiveScheduler } from './adaptive/index.js';
import { hadoopReducePlacement, localityPlacement } from './placement/index.js';
import { greedyReducePlacement, randomReducePlacement, rhcReducePlacement } from './reduce-placement/index.js';
import { dmrsIdenticalScheduler, dmrsMapOnlyScheduler, dmrsScheduler } from './dmrs/index.js';

export * from './types.js';
export { isBatch, PLACEMENT_OPTIONS, SchedulerRegistry } from './registry.js';
export { createPolicy, createScheduler, needsLinearSolver, scenarioPlacements, selectScheduler, type SchedulerSelection } from './selection.js';
export { ComposedPolicy, composePolicy } from './composed-policy.js';
export { QueueOrder } from './queue-order.js';
export { JobQueue, fifoOrder } from './job-queue.js';
export { HadoopReducePlacement, LocalityPlacement } from './placement/index.js';
export { DelayPlacement, FairOrder } from './fair/index.js';
export { CapacityOrder } from './capacity/index.js';
export { FlowPlacement } from './flow/index.js';
export { AdaptiveOrder } from './adaptive/index.js';
export { FetchCostPlacement, FreeSlotOrder, JobFetchCosts, type FreeSlotView, type SlotRule } from './reduce-placement/index.js';
export { parseSchedulerOptions } from './scheduler-options.js';
export * from './estimates/index.js';
export { DmrsPolicy, DMRS_SCHEDULERS, createDmrsPolicy, dmrsOptions, lpSolveOf, type DmrsStatistics, type LpSolve } from './dmrs/index.js';
export { fifoScheduler, fairScheduler, capacityScheduler, flowScheduler, uaasScheduler, mkjrScheduler, adaptiveScheduler };
export { dmrsScheduler, dmrsIdenticalScheduler, dmrsMapOnlyScheduler };
export { localityPlacement, delayPlacement, flowPlacement, hadoopReducePlacement, randomReducePlacement, greedyReducePlacement, rhcReducePlacement };

/** A registry holding every built-in scheduler and placement. */
export function builtinSchedulers(): SchedulerRegistry {
  return new SchedulerRegistry([
    fifoScheduler,
    fairScheduler,
    capacityScheduler,
    flowScheduler,
    uaasScheduler,
    mkjrScheduler,
    adaptiveScheduler,
    dmrsScheduler,
    dmrsIdenticalScheduler,
    dmrsMapOnlyScheduler,
    localityPlacement,
    delayPlacement,
    flowPlacement,
    hadoopReducePlacement,
    randomReducePlacement,
    greedyReducePlacement,
    rhcReducePlacement,
  ]);
}

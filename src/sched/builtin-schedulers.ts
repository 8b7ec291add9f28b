/** The schedulers and placements mrsched ships, in one registry. */
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

/** The schedulers mrsched ships, and the names of the scheduler API. */
import { SchedulerRegistry } from './registry.js';
import { fifoScheduler } from './fifo/index.js';
import { fairScheduler } from './fair/index.js';
import { capacityScheduler } from './capacity/index.js';
import { mkjrScheduler, uaasScheduler } from './makespan/index.js';
import { flowScheduler } from './flow/index.js';

export * from './types.js';
export { isBatch, SchedulerRegistry } from './registry.js';
export { JobQueue, fifoOrder } from './job-queue.js';

/** A registry holding every built-in scheduler. */
export function builtinSchedulers(): SchedulerRegistry {
  return new SchedulerRegistry([fifoScheduler, fairScheduler, capacityScheduler, flowScheduler, uaasScheduler, mkjrScheduler]);
}

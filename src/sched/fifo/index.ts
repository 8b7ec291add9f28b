/**
 * Hadoop's default scheduler (JobQueueTaskScheduler, Hadoop 1): one queue of
 * jobs by priority, then submit time. Each free map slot goes to the first
 * job with a pending map, which takes its node-local map if it has one, else a
 * rack-local one, else any (the `locality` placement). At most one reduce per
 * heartbeat, to the first job with a runnable reduce (the `hadoop` placement).
 *
 * With `hadoop1Limits` (options.ts), also Hadoop's limits on one heartbeat:
 * the load cap and the padding in the queue order (`hadoop1-limits.ts`), and
 * one non-local map as the heartbeat's last in fifo's own map placement
 * (`one-non-local-map.ts`; a map placement chosen in its stead has its own
 * rule for locality).
 */
import { composePolicy } from '../composed-policy.js';
import { LocalityPlacement } from '../placement/locality.js';
import { QueueOrder } from '../queue-order.js';
import type { SchedulerFactory } from '../types.js';
import { Hadoop1Limits } from './hadoop1-limits.js';
import { OneNonLocalMapPlacement } from './one-non-local-map.js';
import { FIFO_OPTION_DESCRIPTIONS, fifoOptions, type FifoOptions } from './options.js';

/** Hadoop 1 JobQueueTaskScheduler's reduces per heartbeat: "we _never_ assign more than 1 reduce task per heartbeat". */
const REDUCES_PER_HEARTBEAT = 1;

export const fifoScheduler: SchedulerFactory<FifoOptions> = {
  name: 'fifo',
  summary: "Hadoop's default: jobs by priority then submit time; the first job's most local map.",
  source: 'Apache Hadoop 1 JobQueueTaskScheduler',
  options: fifoOptions,
  optionDescriptions: FIFO_OPTION_DESCRIPTIONS,
  placements: { map: 'locality', reduce: 'hadoop' },
  // Its map placement follows hadoop1Limits.
  tailorsPlacements: ['map'],
  create(setup) {
    const { hadoop1Limits, padFraction } = setup.options;
    if (!hadoop1Limits) return composePolicy(setup, new QueueOrder(REDUCES_PER_HEARTBEAT), new LocalityPlacement());
    const order = new QueueOrder(REDUCES_PER_HEARTBEAT, undefined, undefined, new Hadoop1Limits(padFraction));
    return composePolicy(setup, order, new OneNonLocalMapPlacement());
  },
};

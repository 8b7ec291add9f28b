/**
 * Hadoop's default scheduler (JobQueueTaskScheduler, Hadoop 1): one queue of
 * jobs by priority, then submit time. Each free map slot goes to the first
 * job with a pending map, which takes its node-local map if it has one, else a
 * rack-local one, else any (the `locality` placement). At most one reduce per
 * heartbeat, to the first job with a runnable reduce (the `hadoop` placement).
 *
 * Differs from Hadoop: Hadoop also caps the maps given to one node by the
 * cluster's load factor ("pad fraction"); that cap is not modelled.
 */
import { z } from 'zod';
import { composePolicy } from '../composed-policy.js';
import { LocalityPlacement } from '../placement/locality.js';
import { QueueOrder } from '../queue-order.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import type { SchedulerFactory } from '../types.js';

export const fifoScheduler: SchedulerFactory = {
  name: 'fifo',
  summary: "Hadoop's default: jobs by priority then submit time; the first job's most local map.",
  source: 'Apache Hadoop 1 JobQueueTaskScheduler',
  placements: { map: 'locality', reduce: 'hadoop' },
  create(scenario, context) {
    parseSchedulerOptions(scenario, 'fifo', z.strictObject({}), {}); // it has none: anything given is a mistake
    return composePolicy(context, new QueueOrder(1), new LocalityPlacement());
  },
};

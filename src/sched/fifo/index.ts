import { z } from 'zod';
import type { SchedulerFactory } from '../types.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { FifoPolicy } from './fifo.js';

export const fifoScheduler: SchedulerFactory = {
  name: 'fifo',
  summary: "Hadoop's default: jobs by priority then submit time; the first job's most local map.",
  source: 'Apache Hadoop 1 JobQueueTaskScheduler',
  create(scenario) {
    parseSchedulerOptions(scenario, 'fifo', z.strictObject({}), {}); // it has none: anything given is a mistake
    return new FifoPolicy();
  },
};

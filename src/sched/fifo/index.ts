import type { SchedulerFactory } from '../types.js';
import { FifoPolicy } from './fifo.js';

export const fifoScheduler: SchedulerFactory = {
  name: 'fifo',
  summary: "Hadoop's default: jobs by priority then submit time; the first job's most local map.",
  source: 'Apache Hadoop 1 JobQueueTaskScheduler',
  create: () => new FifoPolicy(),
};

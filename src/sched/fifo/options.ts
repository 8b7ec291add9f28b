/**
 * Options of the `fifo` scheduler, `schedulerOptions.fifo` (all optional):
 *
 * - `hadoop1Limits` (default false): Hadoop 1 JobQueueTaskScheduler's limits
 *   on what one heartbeat launches: the load cap and the padding
 *   (`hadoop1-limits.ts`), and at most one map that is neither node- nor
 *   rack-local, as the heartbeat's last (`one-non-local-map.ts`). Off, fifo
 *   fills every free map slot.
 * - `padFraction` (default 0.01, with `hadoop1Limits` only): Hadoop 1's
 *   `mapred.jobtracker.taskalloc.capacitypad`, the fraction of the queue's
 *   tasks kept free for speculative and failed tasks once the cluster is
 *   nearly full.
 *
 * Unknown or malformed options are an `InputError` naming each field.
 */
import { z } from 'zod';
import { refuseOption } from '../scheduler-options.js';
import { DEFAULT_PAD_FRACTION } from './hadoop1-limits.js';

export interface FifoOptions {
  readonly hadoop1Limits: boolean;
  readonly padFraction: number;
}

export const fifoOptions: z.ZodType<FifoOptions> = z
  .strictObject({
    hadoop1Limits: z.boolean().default(false),
    padFraction: z.number().min(0).max(1).optional(),
  })
  .superRefine((o, context) => {
    // The padding is one of Hadoop 1's limits: alone it would be silently ignored.
    if (o.padFraction !== undefined && !o.hadoop1Limits) {
      refuseOption(context, 'padFraction', 'a pad fraction only with hadoop1Limits: true (it tunes their padding)', `${o.padFraction} without hadoop1Limits`);
    }
  })
  .transform((o) => ({ hadoop1Limits: o.hadoop1Limits, padFraction: o.padFraction ?? DEFAULT_PAD_FRACTION }));

export const FIFO_OPTION_DESCRIPTIONS = {
  hadoop1Limits: 'true or false',
  padFraction: 'a fraction in [0, 1]',
};

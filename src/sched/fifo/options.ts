/**
 * Options of the `fifo` scheduler, from `scenario.schedulerOptions.fifo` (all
 * optional):
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
import { InputError } from '../../util/input-error.js';
import type { Scenario } from '../../model/scenario.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { DEFAULT_PAD_FRACTION } from './hadoop1-limits.js';

export interface FifoOptions {
  readonly hadoop1Limits: boolean;
  readonly padFraction: number;
}

const schema = z.strictObject({
  hadoop1Limits: z.boolean().default(false),
  padFraction: z.number().min(0).max(1).optional(),
});

const EXPECTED: Readonly<Record<keyof z.input<typeof schema>, string>> = {
  hadoop1Limits: 'true or false',
  padFraction: 'a fraction in [0, 1]',
};

/** The options of a run, defaults filled in; throws an `InputError` for bad ones. */
export function fifoOptions(scenario: Scenario): FifoOptions {
  const o = parseSchedulerOptions(scenario, 'fifo', schema, EXPECTED);
  if (o.padFraction !== undefined && !o.hadoop1Limits) {
    // The padding is one of Hadoop 1's limits: alone it would be silently ignored.
    throw new InputError('schedulerOptions', [
      { path: 'schedulerOptions.fifo.padFraction', expected: 'a pad fraction only with hadoop1Limits: true (it tunes their padding)', found: `${o.padFraction} without hadoop1Limits` },
    ]);
  }
  return { hadoop1Limits: o.hadoop1Limits, padFraction: o.padFraction ?? DEFAULT_PAD_FRACTION };
}

/**
 * Options of the Capacity Scheduler, `schedulerOptions.capacity`:
 *
 * - `maxMapsPerHeartbeat`: most maps handed to one node per heartbeat
 *   (Hadoop's `mapred.capacity-scheduler.maximum-tasks-per-heartbeat`);
 *   unlimited when absent, as in Hadoop, so a heartbeat fills every free map
 *   slot it can.
 *
 * Unknown or malformed options are an `InputError` naming each field.
 */
import { z } from 'zod';

export const capacityOptions = z.strictObject({
  /** Infinity when unlimited. */
  maxMapsPerHeartbeat: z.number().int().min(1).default(Infinity),
});

export type CapacityOptions = z.output<typeof capacityOptions>;

export const CAPACITY_OPTION_DESCRIPTIONS = {
  maxMapsPerHeartbeat: 'a whole number of maps ≥ 1',
};

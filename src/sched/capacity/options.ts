/**
 * Options of the Capacity Scheduler, from `scenario.schedulerOptions.capacity`:
 *
 * - `maxMapsPerHeartbeat`: most maps handed to one node per heartbeat
 *   (Hadoop's `mapred.capacity-scheduler.maximum-tasks-per-heartbeat`);
 *   unlimited when absent, as in Hadoop, so a heartbeat fills every free map
 *   slot it can.
 *
 * Unknown or malformed options are an `InputError` naming each field.
 */
import { z } from 'zod';
import type { Scenario } from '../../model/scenario.js';
import { parseSchedulerOptions } from '../scheduler-options.js';

export interface CapacityOptions {
  /** Infinity when unlimited. */
  readonly maxMapsPerHeartbeat: number;
}

const EXPECTED = {
  maxMapsPerHeartbeat: 'a whole number of maps ≥ 1',
} as const;

const schema = z.strictObject({
  maxMapsPerHeartbeat: z.number().int().min(1).optional(),
});

export function capacityOptions(scenario: Scenario): CapacityOptions {
  const options = parseSchedulerOptions(scenario, 'capacity', schema, EXPECTED);
  return { maxMapsPerHeartbeat: options.maxMapsPerHeartbeat ?? Infinity };
}

/**
 * Options of the Capacity Scheduler, `schedulerOptions.capacity`:
 *
 * - `maxMapsPerHeartbeat` (Hadoop 1's, on slot and container clusters):
 *   most maps handed to one node per heartbeat
 *   (`mapred.capacity-scheduler.maximum-tasks-per-heartbeat`); unlimited when
 *   absent, as in Hadoop, so a heartbeat fills every free map slot it can.
 * - YARN's, on a resource cluster (`yarn.scheduler.capacity.*`):
 *   `resourceCalculator` (`resource-calculator`: `default`, memory only, or
 *   `dominant`, memory and vcores), `multipleAssignments`
 *   (`per-node-heartbeat.multiple-assignments-enabled`, true), `maxAssign`
 *   (`per-node-heartbeat.maximum-container-assignments`, 100; -1 for no
 *   limit) and `maxOffSwitchAssign`
 *   (`per-node-heartbeat.maximum-offswitch-assignments`, 1); the locality
 *   delay `nodeLocalityDelay` (`node-locality-delay`, 40: the code default
 *   of later Hadoop 2 releases and of Hadoop 3, and the value in the
 *   capacity-scheduler.xml Hadoop ships; earlier Hadoop 2 code had -1),
 *   `rackLocalityAdditionalDelay` (`rack-locality-additional-delay`, -1:
 *   off-switch by the locality wait factor) and `rackLocalityFullReset`
 *   (`rack-locality-full-reset`, true), `yarn/locality-delay.ts`.
 * - YARN's proportional capacity preemption (`yarn-capacity-preemption.ts`;
 *   `yarn.resourcemanager.scheduler.monitor.enable` with
 *   ProportionalCapacityPreemptionPolicy, off by default as in YARN):
 *   `preemption`, and its `yarn.resourcemanager.monitor.capacity.
 *   preemption.*` settings `preemptionInterval` (`monitoring_interval`, 3 s),
 *   `maxWaitBeforeKill` (`max_wait_before_kill`, 15 s),
 *   `totalPreemptionPerRound` (`total_preemption_per_round`, 0.1),
 *   `maxIgnoredOverCapacity` (`max_ignored_over_capacity`, 0.1) and
 *   `naturalTerminationFactor` (`natural_termination_factor`, 0.2).
 *
 * Unknown or malformed options are an `InputError` naming each field.
 */
import { z } from 'zod';
import { durationSchema } from '../../input/quantity-schemas.js';

const seconds = durationSchema.pipe(z.number().nonnegative().finite());
const fraction = z.number().min(0).max(1);

export const capacityOptions = z.strictObject({
  /** Infinity when unlimited. */
  maxMapsPerHeartbeat: z.number().int().min(1).default(Infinity),
  resourceCalculator: z.enum(['default', 'dominant']).default('default'),
  multipleAssignments: z.boolean().default(true),
  /** Infinity for Hadoop's -1. */
  maxAssign: z
    .union([z.number().int().min(1), z.literal(-1)])
    .default(100)
    .transform((n) => (n === -1 ? Infinity : n)),
  maxOffSwitchAssign: z.number().int().min(1).default(1),
  nodeLocalityDelay: z.number().int().min(-1).default(40),
  rackLocalityAdditionalDelay: z.number().int().min(-1).default(-1),
  rackLocalityFullReset: z.boolean().default(true),
  preemption: z.boolean().default(false),
  preemptionInterval: seconds.pipe(z.number().positive()).default(3),
  maxWaitBeforeKill: seconds.default(15),
  totalPreemptionPerRound: fraction.default(0.1),
  maxIgnoredOverCapacity: z.number().nonnegative().finite().default(0.1),
  naturalTerminationFactor: fraction.default(0.2),
});

export type CapacityOptions = z.output<typeof capacityOptions>;

export const CAPACITY_OPTION_DESCRIPTIONS = {
  maxMapsPerHeartbeat: 'a whole number of maps ≥ 1',
  resourceCalculator: 'default (memory only) or dominant (memory and vcores)',
  multipleAssignments: 'true or false',
  maxAssign: 'a whole number of containers ≥ 1, or -1 for no limit',
  maxOffSwitchAssign: 'a whole number of containers ≥ 1',
  nodeLocalityDelay: 'a whole number of missed scheduling opportunities ≥ 0, or -1 (rack-local at once)',
  rackLocalityAdditionalDelay: 'a whole number of missed scheduling opportunities ≥ 0, or -1 (off-switch by the locality wait factor)',
  rackLocalityFullReset: 'true or false',
  preemption: 'true or false',
  preemptionInterval: "a duration > 0 (seconds, or like '3 s')",
  maxWaitBeforeKill: "a duration ≥ 0 (seconds, or like '15 s')",
  totalPreemptionPerRound: 'a fraction of the cluster from 0 to 1',
  maxIgnoredOverCapacity: 'a fraction of the guarantee ≥ 0',
  naturalTerminationFactor: 'a fraction from 0 to 1',
};

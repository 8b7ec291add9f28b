/**
 * Options of the Fair Scheduler, `schedulerOptions.fair` (all optional). Each mirrors a Hadoop 1 `mapred.fairscheduler.*` setting:
 *
 * - `nodeLocalityDelay`, `rackLocalityDelay` (seconds; `locality.delay.node`,
 *   `locality.delay.rack`): how long a job waits for a node-local, then a
 *   rack-local map before it takes a worse one. `localityDelay`
 *   (`locality.delay`) sets both. Default, as Hadoop computes it when none is
 *   set: 1.5 heartbeat intervals, at most 15 s. 0 turns delay scheduling off.
 * - `assignMultiple` (`assignmultiple`): fill every free map
 *   slot of a heartbeating node; when false, at most one map per heartbeat.
 *   On by default as in Hadoop 1's code (its documentation says off): one
 *   map per heartbeat leaves slots idle for a whole heartbeat interval on the
 *   large clusters we simulate, and Hadoop's JobQueueTaskScheduler (our
 *   'fifo') fills every free map slot too. On a YARN resource cluster
 *   (`yarn-fair-order.ts`) off by default, as yarn.scheduler.fair.assignmultiple,
 *   and then one container per heartbeat of either kind.
 * - `maxAssign` (YARN's yarn.scheduler.fair.max.assign, default -1: no
 *   limit): with `assignMultiple` on a resource cluster, the most containers
 *   one heartbeat gets.
 * - `nodeLocalityThreshold`, `rackLocalityThreshold` (YARN's
 *   yarn.scheduler.fair.locality.threshold.node and .rack, default -1: off):
 *   on a resource cluster, the scheduling opportunities a job lets pass, as
 *   a fraction of the nodes, before it takes a rack-local, then any map
 *   (`yarn-locality-placement.ts`); the delays above are Hadoop 1's.
 * - `schedulingPolicy` (the allocation file's defaultQueueSchedulingPolicy,
 *   default fair): on a YARN resource cluster, the policy of the root and of
 *   every pool that sets none (`pools[].schedulingPolicy`): `fair` (memory
 *   only), `drf` (dominant resource fairness) or `fifo` (leaf pools only).
 * - `assignMultipleReduces` (default false): with `assignMultiple`, also fill
 *   every free reduce slot; otherwise at most one reduce per heartbeat.
 * - `sizeBasedWeight` (`sizebasedweight`, default false): a job's weight is
 *   also multiplied by log2(1 + its demand).
 * - `updateInterval` (seconds; `update.interval`, default 0.5): how often
 *   demands and fair shares are recomputed; 0 recomputes at every heartbeat.
 * - `userMaxJobsDefault` and `userMaxJobs` (the allocation file's
 *   `userMaxJobsDefault` and per-user `maxRunningJobs`): most jobs of one user
 *   that may run at once; unlimited by default.
 * - `preemption` (`preemption`, default false): kill tasks of pools over
 *   their fair share for pools starved past their timeouts (`preemption.ts`);
 *   `preemptionInterval` (seconds; `preemption.interval`, default 15): how
 *   often; `minSharePreemptionTimeouts` (the allocation file's per-pool
 *   `minSharePreemptionTimeout`, seconds) and `defaultMinSharePreemptionTimeout`
 *   for the pools not named, and `fairSharePreemptionTimeout` (allocation
 *   file, seconds): how long a pool waits below its min share, or below half
 *   its fair share, before it preempts; never by default, as in Hadoop.
 *   On a YARN resource cluster, YARN's preemption (`yarn-preemption.ts`):
 *   a job waits `fairSharePreemptionTimeout` below
 *   `fairSharePreemptionThreshold` (the allocation file's
 *   defaultFairSharePreemptionThreshold, default 0.5; 0 to 1) × its fair
 *   share, and a leaf pool `minSharePreemptionTimeouts` (else its nearest
 *   parent's, else the default) below its min share, before containers
 *   are preempted for them; `fairSharePreemptionTimeouts` and
 *   `fairSharePreemptionThresholds` (the allocation file's per-queue
 *   ones) override the first two for a pool and the pools under it.
 *
 * Unknown or malformed options are an `InputError` naming each field.
 */
import { z } from 'zod';
import { durationSchema } from '../../input/quantity-schemas.js';
import type { SchedulerSettings } from '../types.js';
import type { LocalityDelays } from './delay-scheduling.js';

/** Hadoop's cap on a locality delay computed from the heartbeat interval (MAX_AUTOCOMPUTED_LOCALITY_DELAY). */
const MAX_AUTOCOMPUTED_LOCALITY_DELAY = 15;

const seconds = durationSchema.pipe(z.number().nonnegative().finite());
const jobLimit = z.number().int().min(1);

/** The delay options, shared by the Fair Scheduler and the `delay` map placement. */
const delayOptionsShape = {
  localityDelay: seconds.optional(),
  nodeLocalityDelay: seconds.optional(),
  rackLocalityDelay: seconds.optional(),
};

/** The options of the `delay` placement: the delays given, if any (their default follows the heartbeat interval). */
export const delayOptions = z.strictObject(delayOptionsShape);
export type DelayOptions = z.output<typeof delayOptions>;

export const DELAY_OPTION_DESCRIPTIONS = {
  localityDelay: "a duration ≥ 0 (seconds, or like '5 s')",
  nodeLocalityDelay: "a duration ≥ 0 (seconds, or like '5 s')",
  rackLocalityDelay: "a duration ≥ 0 (seconds, or like '5 s')",
};

export const fairOptions = z
  .strictObject({
    ...delayOptionsShape,
    assignMultiple: z.boolean().optional(),
    maxAssign: z.number().int().min(-1).default(-1),
    nodeLocalityThreshold: z.number().min(-1).default(-1),
    rackLocalityThreshold: z.number().min(-1).default(-1),
    schedulingPolicy: z.enum(['fair', 'drf', 'fifo']).default('fair'),
    assignMultipleReduces: z.boolean().default(false),
    sizeBasedWeight: z.boolean().default(false),
    updateInterval: seconds.default(0.5),
    userMaxJobsDefault: jobLimit.default(Infinity),
    userMaxJobs: z.record(z.string(), jobLimit).default({}),
    preemption: z.boolean().default(false),
    preemptionInterval: seconds.pipe(z.number().positive()).default(15),
    minSharePreemptionTimeouts: z.record(z.string(), seconds).default({}),
    defaultMinSharePreemptionTimeout: seconds.default(Infinity),
    fairSharePreemptionTimeout: seconds.default(Infinity),
    fairSharePreemptionThreshold: z.number().min(0).max(1).default(0.5),
    fairSharePreemptionTimeouts: z.record(z.string(), seconds).default({}),
    fairSharePreemptionThresholds: z.record(z.string(), z.number().min(0).max(1)).default({}),
  })
  .readonly();

/** The options of a run, defaults filled in but the delays' (`localityDelays`); `userMaxJobsDefault` Infinity when unlimited. */
export type FairOptions = z.output<typeof fairOptions>;

export const FAIR_OPTION_DESCRIPTIONS = {
  ...DELAY_OPTION_DESCRIPTIONS,
  assignMultiple: 'true or false',
  maxAssign: 'a whole number of containers ≥ 1, or -1 for no limit',
  nodeLocalityThreshold: 'a fraction of the nodes (0 to 1), or -1 for no delay',
  rackLocalityThreshold: 'a fraction of the nodes (0 to 1), or -1 for no delay',
  schedulingPolicy: "'fair', 'drf' or 'fifo'",
  assignMultipleReduces: 'true or false',
  sizeBasedWeight: 'true or false',
  updateInterval: "a duration ≥ 0 (seconds, or like '500 ms')",
  userMaxJobsDefault: 'a whole number of jobs ≥ 1',
  userMaxJobs: 'a mapping from user to a whole number of jobs ≥ 1',
  preemption: 'true or false',
  preemptionInterval: "a duration > 0 (seconds, or like '15 s')",
  minSharePreemptionTimeouts: "a mapping from pool to a duration ≥ 0 (seconds, or like '1 min')",
  defaultMinSharePreemptionTimeout: "a duration ≥ 0 (seconds, or like '1 min')",
  fairSharePreemptionTimeout: "a duration ≥ 0 (seconds, or like '10 min')",
  fairSharePreemptionThreshold: 'a number from 0 to 1',
  fairSharePreemptionTimeouts: "a mapping from pool to a duration ≥ 0 (seconds, or like '10 min')",
  fairSharePreemptionThresholds: 'a mapping from pool to a number from 0 to 1',
};

/** The two delays from the options given, Hadoop's default for the rest: 1.5 heartbeat intervals, at most 15 s. */
export function localityDelays(options: DelayOptions, settings: Pick<SchedulerSettings, 'heartbeatInterval'>): LocalityDelays {
  const auto = Math.min(MAX_AUTOCOMPUTED_LOCALITY_DELAY, 1.5 * settings.heartbeatInterval);
  return {
    node: options.nodeLocalityDelay ?? options.localityDelay ?? auto,
    rack: options.rackLocalityDelay ?? options.localityDelay ?? auto,
  };
}

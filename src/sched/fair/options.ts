/**
 * Options of the Fair Scheduler, from `scenario.schedulerOptions.fair` (all
 * optional). Each mirrors a Hadoop 1 `mapred.fairscheduler.*` setting:
 *
 * - `nodeLocalityDelay`, `rackLocalityDelay` (seconds; `locality.delay.node`,
 *   `locality.delay.rack`): how long a job waits for a node-local, then a
 *   rack-local map before it takes a worse one. `localityDelay`
 *   (`locality.delay`) sets both. Default, as Hadoop computes it when none is
 *   set: 1.5 heartbeat intervals, at most 15 s. 0 turns delay scheduling off.
 * - `assignMultiple` (`assignmultiple`, default true): fill every free map
 *   slot of a heartbeating node; when false, at most one map per heartbeat.
 *   On by default as in Hadoop 1's code (its documentation says off): one
 *   map per heartbeat leaves slots idle for a whole heartbeat interval on the
 *   large clusters we simulate, and Hadoop's JobQueueTaskScheduler (our
 *   'fifo') fills every free map slot too.
 * - `assignMultipleReduces` (default false): with `assignMultiple`, also fill
 *   every free reduce slot; otherwise at most one reduce per heartbeat.
 * - `sizeBasedWeight` (`sizebasedweight`, default false): a job's weight is
 *   also multiplied by log2(1 + its demand).
 * - `updateInterval` (seconds; `update.interval`, default 0.5): how often
 *   demands and fair shares are recomputed; 0 recomputes at every heartbeat.
 * - `userMaxJobsDefault` and `userMaxJobs` (the allocation file's
 *   `userMaxJobsDefault` and per-user `maxRunningJobs`): most jobs of one user
 *   that may run at once; unlimited by default.
 *
 * Unknown or malformed options are an `InputError` naming each field.
 */
import { z } from 'zod';
import type { Scenario } from '../../model/scenario.js';
import { durationSchema } from '../../input/scenario-file.js';
import { parseSchedulerOptions } from '../scheduler-options.js';

export interface FairOptions {
  readonly nodeLocalityDelay: number;
  readonly rackLocalityDelay: number;
  readonly assignMultiple: boolean;
  readonly assignMultipleReduces: boolean;
  readonly sizeBasedWeight: boolean;
  readonly updateInterval: number;
  /** Infinity when unlimited. */
  readonly userMaxJobsDefault: number;
  readonly userMaxJobs: Readonly<Record<string, number>>;
}

/** Hadoop's cap on a locality delay computed from the heartbeat interval (MAX_AUTOCOMPUTED_LOCALITY_DELAY). */
const MAX_AUTOCOMPUTED_LOCALITY_DELAY = 15;

const seconds = durationSchema.pipe(z.number().nonnegative().finite());
const jobCount = z.number().int().min(1);

/** The delay options, shared by the Fair Scheduler and the `delay` map placement. */
export const delayOptionsShape = {
  localityDelay: seconds.optional(),
  nodeLocalityDelay: seconds.optional(),
  rackLocalityDelay: seconds.optional(),
};

export const DELAY_EXPECTED = {
  localityDelay: "a duration ≥ 0 (seconds, or like '5 s')",
  nodeLocalityDelay: "a duration ≥ 0 (seconds, or like '5 s')",
  rackLocalityDelay: "a duration ≥ 0 (seconds, or like '5 s')",
} as const;

const schema = z.strictObject({
  ...delayOptionsShape,
  assignMultiple: z.boolean().default(true),
  assignMultipleReduces: z.boolean().default(false),
  sizeBasedWeight: z.boolean().default(false),
  updateInterval: seconds.default(0.5),
  userMaxJobsDefault: jobCount.optional(),
  userMaxJobs: z.record(z.string(), jobCount).default({}),
});

const EXPECTED: Readonly<Record<keyof z.input<typeof schema>, string>> = {
  ...DELAY_EXPECTED,
  assignMultiple: 'true or false',
  assignMultipleReduces: 'true or false',
  sizeBasedWeight: 'true or false',
  updateInterval: "a duration ≥ 0 (seconds, or like '500 ms')",
  userMaxJobsDefault: 'a whole number of jobs ≥ 1',
  userMaxJobs: 'a mapping from user to a whole number of jobs ≥ 1',
};

/** The options of a run, defaults filled in; throws an `InputError` for bad ones. */
export function fairOptions(scenario: Scenario): FairOptions {
  const o = parseSchedulerOptions(scenario, 'fair', schema, EXPECTED);
  return {
    ...localityDelays(o, scenario),
    assignMultiple: o.assignMultiple,
    assignMultipleReduces: o.assignMultipleReduces,
    sizeBasedWeight: o.sizeBasedWeight,
    updateInterval: o.updateInterval,
    userMaxJobsDefault: o.userMaxJobsDefault ?? Infinity,
    userMaxJobs: o.userMaxJobs,
  };
}

/** The two delays from the options given, Hadoop's defaults for the rest. */
export function localityDelays(
  o: { localityDelay?: number; nodeLocalityDelay?: number; rackLocalityDelay?: number },
  scenario: Scenario,
): { nodeLocalityDelay: number; rackLocalityDelay: number } {
  const auto = Math.min(MAX_AUTOCOMPUTED_LOCALITY_DELAY, 1.5 * scenario.settings.heartbeatInterval);
  return {
    nodeLocalityDelay: o.nodeLocalityDelay ?? o.localityDelay ?? auto,
    rackLocalityDelay: o.rackLocalityDelay ?? o.localityDelay ?? auto,
  };
}

/**
 * Options of the adaptive scheduler, `schedulerOptions.adaptive` (all
 * optional; docs/schedulers.md#adaptive):
 *
 * - `estimates`: `learned` (default: rates from the attempts that have ended,
 *   arrival rates from the jobs seen) or `oracle` (both read from the
 *   scenario, for comparison).
 * - `tolerance` (default 0.1): the classification and the LPs are redone
 *   when a rate or an arrival rate has moved by more than this fraction
 *   since the last plan, or a job type or resource came or went.
 * - `reviewInterval` (seconds, default 60): the estimate is looked at, at
 *   the first heartbeat after a change, at most this often.
 * - `arrivalWindow` (`all`, the default, or seconds): arrival rates count
 *   the jobs submitted since the start, or in the last window only.
 * - `classification`: `exact` (default; the paper's: same priority, rates
 *   and arrival rate up to 10⁻⁹) or `kmeans` (COSHH's), with `classes` (a
 *   whole number, at least the number of user priorities among the
 *   run's users; without it, the smallest number of classes whose spread is
 *   within 10 %).
 * - `replication` (default false): the paper's locality trick, copies of a
 *   job's input blocks onto the nodes its class is suggested to
 *   (`suggested-replicas.ts`); off, the scenario's replicas stay as they are.
 *
 * Its map placement (delay scheduling) reads `schedulerOptions.delay`.
 */
import { z } from 'zod';
import { InputError } from '../../util/input-error.js';
import type { User } from '../../model/workload.js';
import { durationSchema } from '../../input/quantity-schemas.js';
import { ESTIMATE_TOLERANCE } from '../../planners/adaptive/index.js';
import { ESTIMATES_EXPECTED, estimatesOption } from '../estimates/index.js';
import { refuseOption, SCHEDULER_OPTIONS } from '../scheduler-options.js';

export const adaptiveOptions = z
  .strictObject({
    estimates: estimatesOption,
    tolerance: z.number().positive().finite().default(ESTIMATE_TOLERANCE),
    reviewInterval: durationSchema.pipe(z.number().nonnegative().finite()).default(60),
    arrivalWindow: z.union([z.literal('all'), durationSchema.pipe(z.number().positive().finite())]).default('all'),
    classification: z.enum(['exact', 'kmeans']).default('exact'),
    classes: z.number().int().min(1).optional(),
    replication: z.boolean().default(false),
  })
  .superRefine((o, context) => {
    if (o.classes !== undefined && o.classification !== 'kmeans') {
      refuseOption(context, 'classes', "no class count with classification 'exact' (it is for 'kmeans')", String(o.classes));
    }
  })
  // Seconds; Infinity counts every arrival.
  .transform(({ arrivalWindow, ...o }) => ({ ...o, arrivalWindow: arrivalWindow === 'all' ? Infinity : arrivalWindow }));

export type AdaptiveOptions = z.output<typeof adaptiveOptions>;

export const ADAPTIVE_OPTION_DESCRIPTIONS = {
  estimates: ESTIMATES_EXPECTED,
  tolerance: 'a fraction > 0: how far an estimate must move before the classes and the LPs are redone (default 0.1)',
  reviewInterval: "a duration ≥ 0 (seconds, or like '10 s'): how often the estimates are looked at (default 60 s)",
  arrivalWindow: "'all' (arrival rates count every job since the start; the default) or a duration > 0 (seconds, or like '1 h'): count the jobs of that last stretch only",
  classification: "'exact' (the paper's grouping; the default) or 'kmeans' (COSHH's clustering)",
  classes: 'a whole number ≥ 1 of k-means classes (with classification: kmeans)',
  replication: "true (copy each job's input blocks onto the nodes its class is suggested to, the paper's locality trick) or false (keep the scenario's replicas; the default)",
};

/** k-means keeps the users' priority levels apart: a class count below their number cannot be met. */
export function checkClassCount(options: AdaptiveOptions, users: readonly User[]): void {
  const levels = new Set(users.map((user) => user.priority)).size;
  if (options.classes !== undefined && options.classes < levels) {
    throw new InputError(SCHEDULER_OPTIONS, [
      { path: 'schedulerOptions.adaptive.classes', expected: `at least one class per user priority (${levels})`, found: String(options.classes) },
    ]);
  }
}

/**
 * Options of the adaptive scheduler, from `scenario.schedulerOptions.adaptive`
 * (all optional; docs/schedulers.md#adaptive):
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
 *   scenario's jobs; without it, the smallest number of classes whose spread
 *   is within 10 %).
 *
 * Its map placement (delay scheduling) reads `schedulerOptions.delay`.
 */
import { z } from 'zod';
import { InputError } from '../../util/input-error.js';
import { randomStream } from '../../util/random-streams.js';
import type { Scenario } from '../../model/scenario.js';
import { durationSchema } from '../../input/scenario-file.js';
import { ESTIMATE_TOLERANCE, type ClassificationMethod } from '../../planners/adaptive/index.js';
import { ESTIMATES_EXPECTED, estimatesOption, type EstimateSource } from '../estimates/index.js';
import { parseSchedulerOptions } from '../scheduler-options.js';

export interface AdaptiveOptions {
  readonly estimates: EstimateSource;
  readonly tolerance: number;
  readonly reviewInterval: number;
  /** Seconds; Infinity counts every arrival. */
  readonly arrivalWindow: number;
  readonly method: ClassificationMethod;
}

const schema = z.strictObject({
  estimates: estimatesOption,
  tolerance: z.number().positive().finite().default(ESTIMATE_TOLERANCE),
  reviewInterval: durationSchema.pipe(z.number().nonnegative().finite()).default(60),
  arrivalWindow: z.union([z.literal('all'), durationSchema.pipe(z.number().positive().finite())]).default('all'),
  classification: z.enum(['exact', 'kmeans']).default('exact'),
  classes: z.number().int().min(1).optional(),
});

const EXPECTED: Readonly<Record<keyof z.input<typeof schema>, string>> = {
  estimates: ESTIMATES_EXPECTED,
  tolerance: 'a fraction > 0: how far an estimate must move before the classes and the LPs are redone (default 0.1)',
  reviewInterval: "a duration ≥ 0 (seconds, or like '10 s'): how often the estimates are looked at (default 60 s)",
  arrivalWindow: "'all' (arrival rates count every job since the start; the default) or a duration > 0 (seconds, or like '1 h'): count the jobs of that last stretch only",
  classification: "'exact' (the paper's grouping; the default) or 'kmeans' (COSHH's clustering)",
  classes: 'a whole number ≥ 1 of k-means classes (with classification: kmeans)',
};

export function adaptiveOptions(scenario: Scenario): AdaptiveOptions {
  const o = parseSchedulerOptions(scenario, 'adaptive', schema, EXPECTED);
  const path = 'schedulerOptions.adaptive.classes';
  if (o.classes !== undefined && o.classification !== 'kmeans') {
    throw new InputError('schedulerOptions', [{ path, expected: "no class count with classification 'exact' (it is for 'kmeans')", found: String(o.classes) }]);
  }
  const users = new Map(scenario.users.map((user) => [user.id, user.priority]));
  const levels = new Set(scenario.jobs.map((job) => users.get(job.user) ?? 1)).size;
  if (o.classes !== undefined && o.classes < levels) {
    throw new InputError('schedulerOptions', [
      { path, expected: `at least one class per user priority among the jobs (${levels})`, found: String(o.classes) },
    ]);
  }
  const method: ClassificationMethod =
    o.classification === 'exact'
      ? { kind: 'exact' }
      : { kind: 'kmeans', random: () => randomStream(scenario.settings.seed, 'adaptive/k-means'), ...(o.classes === undefined ? {} : { classes: o.classes }) };
  const arrivalWindow = o.arrivalWindow === 'all' ? Infinity : o.arrivalWindow;
  return { estimates: o.estimates, tolerance: o.tolerance, reviewInterval: o.reviewInterval, arrivalWindow, method };
}

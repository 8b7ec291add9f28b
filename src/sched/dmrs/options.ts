/**
 * Options of the DMRS schedulers (`dmrs`, `dmrs-identical`, `dmrs-map-only`),
 * each `schedulerOptions.<its name>`:
 *
 * - `estimates`: where task durations come from, `learned` (the default:
 *   from the attempts that have ended) or `oracle` (the scenario's true work);
 * - `lp`: how LP-MapReduce is solved at each arrival: `greedy` (the default:
 *   exact, no LP solver, src/planners/dmrs/lp-greedy.ts) or `cuts` (the
 *   cutting planes with HiGHS, warm-started from the cuts of the previous
 *   solve);
 * - `lpTimeLimit`: seconds each HiGHS solve may take with `cuts` (default 1);
 *   a solve stopped by it still orders the jobs;
 * - `replanInterval`: the least time between two re-plans for a plan found
 *   wrong (a task longer than estimated, a slot free earlier than planned, a
 *   late head of line); default ten heartbeat intervals (30 s at Hadoop's
 *   3 s). Arrivals and failures re-plan at once. On a large cluster some
 *   estimate is always off by a heartbeat, and re-planning every heartbeat
 *   costs more than the simulation (docs/schedulers.md#dmrs has the figures).
 *
 * Unknown or malformed options are an `InputError` naming each field.
 */
import { z } from 'zod';
import { durationSchema } from '../../input/quantity-schemas.js';
import { ESTIMATES_EXPECTED, estimatesOption } from '../estimates/index.js';
import type { SchedulerSettings } from '../types.js';

export const DMRS_LP_METHODS = ['greedy', 'cuts'] as const;
/** The default least time between re-plans for deviations, in heartbeat intervals. */
export const DEFAULT_REPLAN_HEARTBEATS = 10;

export const dmrsOptions = z.strictObject({
  estimates: estimatesOption,
  lp: z.enum(DMRS_LP_METHODS).default('greedy'),
  lpTimeLimit: z.number().positive().finite().default(1),
  /** Seconds; ten heartbeat intervals when absent (`replanInterval`). */
  replanInterval: durationSchema.pipe(z.number().nonnegative().finite()).optional(),
});

export type DmrsOptions = z.output<typeof dmrsOptions>;

export const DMRS_OPTION_DESCRIPTIONS = {
  estimates: ESTIMATES_EXPECTED,
  lp: "'greedy' (exact, no LP solver; the default) or 'cuts' (cutting planes with HiGHS, warm-started)",
  lpTimeLimit: 'seconds each HiGHS solve may take, a number > 0 (default 1)',
  replanInterval: "a duration ≥ 0 (seconds, or like '30 s'; default ten heartbeat intervals)",
};

/** The least time between two re-plans for deviations: the option, else ten heartbeat intervals. */
export function replanInterval(options: DmrsOptions, settings: Pick<SchedulerSettings, 'heartbeatInterval'>): number {
  return options.replanInterval ?? DEFAULT_REPLAN_HEARTBEATS * settings.heartbeatInterval;
}

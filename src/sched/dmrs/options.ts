/**
 * Options of the DMRS schedulers (`dmrs`, `dmrs-identical`, `dmrs-map-only`),
 * each from `scenario.schedulerOptions.<its name>`:
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
import type { Scenario } from '../../model/scenario.js';
import { durationSchema } from '../../input/scenario-file.js';
import { ESTIMATES_EXPECTED, estimatesOption, type EstimateSource } from '../estimates/index.js';
import { parseSchedulerOptions } from '../scheduler-options.js';

export const DMRS_LP_METHODS = ['greedy', 'cuts'] as const;
/** The default least time between re-plans for deviations, in heartbeat intervals. */
export const DEFAULT_REPLAN_HEARTBEATS = 10;

export interface DmrsOptions {
  readonly estimates: EstimateSource;
  readonly lp: (typeof DMRS_LP_METHODS)[number];
  readonly lpTimeLimit: number;
  /** Seconds. */
  readonly replanInterval: number;
}

const EXPECTED = {
  estimates: ESTIMATES_EXPECTED,
  lp: "'greedy' (exact, no LP solver; the default) or 'cuts' (cutting planes with HiGHS, warm-started)",
  lpTimeLimit: 'seconds each HiGHS solve may take, a number > 0 (default 1)',
  replanInterval: "a duration ≥ 0 (seconds, or like '30 s'; default ten heartbeat intervals)",
} as const;

const schema = z.strictObject({
  estimates: estimatesOption,
  lp: z.enum(DMRS_LP_METHODS).default('greedy'),
  lpTimeLimit: z.number().positive().finite().default(1),
  replanInterval: durationSchema.pipe(z.number().nonnegative().finite()).optional(),
});

/** `name` is the scheduler's: its options live under `schedulerOptions.<name>`. */
export function dmrsOptions(scenario: Scenario, name: string): DmrsOptions {
  const options = parseSchedulerOptions(scenario, name, schema, EXPECTED);
  return { ...options, replanInterval: options.replanInterval ?? DEFAULT_REPLAN_HEARTBEATS * scenario.settings.heartbeatInterval };
}

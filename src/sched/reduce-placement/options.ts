/**
 * Options of the fetch-cost reduce placements, `schedulerOptions.<name>`
 * (`random`, `greedy`, `rhc`), all optional:
 *
 * - `maxDelay` (a duration ≥ 0): how long a job waits for a slot its rule
 *   picks before it takes any free slot it is offered, counted from its
 *   first decline since its last launch. Default: two heartbeat intervals
 *   (every node with a free slot heartbeats once in an interval; the second
 *   gives the rule's next pick a chance when another job took its first).
 *   0 places every reduce where it is first offered, as `hadoop` does.
 * - `tolerance` (a fraction from 0 to 1): nodes whose expected fetch costs
 *   differ by at most this fraction of the larger count as equally cheap,
 *   so a job does not wait to save less. Default 0.01: on the synthetic day
 *   (1,000 nodes; a job's dearest node costs a median 2.3% more than its
 *   cheapest) waiting for the exact cheapest node tripled the events
 *   simulated to save 0.12% of the fetch cost; docs/schedulers.md has the
 *   figures.
 * - `weighting` (`hops` or `bandwidth`): how a link weighs in the fetch
 *   cost, a hop each (the run's `fetchCost` metric) or by bandwidth, the
 *   fastest link 1 (see `mrsched topology`).
 * - `contention` (true or false): whether a link weighs more for each
 *   reduce already copying its input through it (`shuffle-load.ts`), so
 *   that the costs follow a network whose links transfers share. Default:
 *   as the run's network, true under `max-min`, false under `isolated`
 *   (where each transfer runs alone and the load changes nothing).
 * - `window` (`rhc` only; a whole number of jobs, 1 to 1,000,000): ω, the
 *   jobs the receding-horizon estimates average over (default 100, as in
 *   the planner).
 */
import { z } from 'zod';
import { durationSchema } from '../../input/quantity-schemas.js';
import { DEFAULT_RHC_WINDOW } from '../../planners/reduce-placement/index.js';
import type { SchedulerSettings } from '../types.js';

/** Heartbeat intervals a job waits by default. */
const DEFAULT_DELAY_INTERVALS = 2;
/** Relative difference in fetch cost a job does not wait to save, by default. */
const DEFAULT_TOLERANCE = 0.01;
/** The largest window: the estimator keeps two numbers per job of it. */
const MAX_RHC_WINDOW = 1_000_000;

const shape = {
  /** Seconds; two heartbeat intervals when absent (`maxDelay`). */
  maxDelay: durationSchema.pipe(z.number().nonnegative().finite()).optional(),
  tolerance: z.number().min(0).max(1).default(DEFAULT_TOLERANCE),
  weighting: z.enum(['hops', 'bandwidth']).default('hops'),
  /** As the run's network when absent (`countsContention`). */
  contention: z.boolean().optional(),
};

/** The options of `random` and `greedy`. */
export const fetchCostOptions = z.strictObject(shape);
export type FetchCostOptions = z.output<typeof fetchCostOptions>;

/** The options of `rhc`: those of every fetch-cost placement and the window ω. */
export const rhcOptions = z.strictObject({ ...shape, window: z.number().int().min(1).max(MAX_RHC_WINDOW).default(DEFAULT_RHC_WINDOW) });
export type RhcOptions = z.output<typeof rhcOptions>;

export const FETCH_COST_OPTION_DESCRIPTIONS = {
  maxDelay: "a duration ≥ 0 (seconds, or like '6 s')",
  tolerance: 'a fraction from 0 to 1',
  weighting: "'hops' or 'bandwidth'",
  contention: 'true or false',
};

export const RHC_OPTION_DESCRIPTIONS = { ...FETCH_COST_OPTION_DESCRIPTIONS, window: `a whole number of jobs from 1 to ${MAX_RHC_WINDOW.toLocaleString('en')}` };

/** Whether the costs count the fetches sharing each link: the option, else whether the run's network shares them. */
export function countsContention(options: FetchCostOptions, settings: Pick<SchedulerSettings, 'network'>): boolean {
  return options.contention ?? settings.network === 'max-min';
}

/** How long a job waits for a slot its rule picks: the option, else two heartbeat intervals. */
export function maxDelay(options: FetchCostOptions, settings: Pick<SchedulerSettings, 'heartbeatInterval'>): number {
  return options.maxDelay ?? DEFAULT_DELAY_INTERVALS * settings.heartbeatInterval;
}

/**
 * A plan-driven scheduler's prediction beside the run: the makespan its plan
 * predicted (`RunRecord.plan`), and how far the simulated makespan is from
 * it. Null for schedulers without a plan, and the gap also when no job ended.
 */
import type { RunRecord } from '../model/index.js';
import { makespan } from './span.js';

export interface PlanMetrics {
  /** The makespan the scheduler's plan predicted; null without a plan. */
  readonly plannedMakespan: number | null;
  /** (simulated − planned) / planned, in percent; null without a plan, a makespan, or a planned makespan > 0. */
  readonly planGap: number | null;
}

export function planMetrics(run: RunRecord): PlanMetrics {
  if (run.plan === undefined) return { plannedMakespan: null, planGap: null };
  const planned = run.plan.makespan;
  const simulated = makespan(run);
  return { plannedMakespan: planned, planGap: simulated === null || !(planned > 0) ? null : (100 * (simulated - planned)) / planned };
}

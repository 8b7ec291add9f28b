/**
 * What a cell keeps of its run's pools: each pool's jobs, mean wait for a
 * first task and mean completion time, the figures of the comparison
 * report's "which pool waited" table. A cell keeps no run, so these are
 * taken when it ends, and summary.csv gives them per group over the seeds.
 */
import { attemptEnds } from '../metrics/attempt-end.js';
import { groupSummaries } from '../metrics/group-summary.js';
import type { RunRecord } from '../model/run-record.js';

export interface PoolFigures {
  readonly pool: string;
  readonly jobs: number;
  readonly meanWait: number;
  /** Over the pool's succeeded jobs; null when none succeeded. */
  readonly meanCompletionTime: number | null;
}

/** The per-pool figures summary.csv carries, in its `metric` column beside the pool. */
export const POOL_FIGURES = ['meanWait', 'meanCompletionTime'] as const;

/** Each pool of the run, in order of first appearance among its jobs. */
export function poolFigures(run: RunRecord): PoolFigures[] {
  return groupSummaries(run, 'pool', attemptEnds(run)).map((group) => ({
    pool: group.id,
    jobs: group.jobs,
    meanWait: group.meanWait,
    meanCompletionTime: group.meanCompletionTime,
  }));
}

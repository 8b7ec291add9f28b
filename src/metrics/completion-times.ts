/**
 * Job completion times, counted over jobs that succeeded. A job's completion
 * time here is end − submit (its response or flow time). The weighted total is
 * Σ weight × (end − submit).
 *
 * Relation to the papers: the weighted-completion literature (DMRS among it)
 * minimises Σ w_j·C_j with C_j the completion instant measured from time 0,
 * and jobs released at r_j. Then Σ w_j·C_j = Σ w_j·(C_j − r_j) + Σ w_j·r_j;
 * the last sum does not depend on the scheduler, so when every job succeeds
 * both totals rank schedulers identically, and with all r_j = 0 they are
 * equal.
 */
import type { RunRecord } from '../model/index.js';
import { mean, median, quantileNearestRank } from './statistics.js';

export interface CompletionTimeMetrics {
  readonly jobsSucceeded: number;
  readonly jobsFailed: number;
  readonly jobsUnfinished: number;
  /** Over succeeded jobs; null when none succeeded. */
  readonly meanCompletionTime: number | null;
  readonly medianCompletionTime: number | null;
  /** Nearest-rank 95th percentile: the value of rank ⌈0.95·n⌉. */
  readonly p95CompletionTime: number | null;
  readonly maxCompletionTime: number | null;
  /** Σ weight × (end − submit) over succeeded jobs; 0 when none succeeded. */
  readonly totalWeightedCompletionTime: number;
}

export function completionTimeMetrics(run: RunRecord): CompletionTimeMetrics {
  let jobsSucceeded = 0;
  let jobsFailed = 0;
  let jobsUnfinished = 0;
  let weighted = 0;
  const times = new Float64Array(run.jobs.length);
  for (const job of run.jobs) {
    if (job.status === 'succeeded' && job.end !== null) {
      const c = job.end - job.submit;
      times[jobsSucceeded++] = c;
      weighted += job.weight * c;
    } else if (job.status === 'failed') {
      jobsFailed++;
    } else {
      jobsUnfinished++;
    }
  }
  const sorted = times.subarray(0, jobsSucceeded).sort();
  const some = jobsSucceeded > 0;
  return {
    jobsSucceeded,
    jobsFailed,
    jobsUnfinished,
    meanCompletionTime: some ? mean(sorted) : null,
    medianCompletionTime: some ? median(sorted) : null,
    p95CompletionTime: some ? quantileNearestRank(sorted, 0.95) : null,
    maxCompletionTime: some ? sorted[jobsSucceeded - 1] : null,
    totalWeightedCompletionTime: weighted,
  };
}

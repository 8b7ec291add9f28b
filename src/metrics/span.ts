/**
 * The run's span and makespan. The span is [first submit, last end] over the
 * jobs that ended (succeeded or failed); jobs still unfinished when the run
 * stopped do not stretch it. Time-averaged and per-capacity metrics
 * (utilization, min-share dissatisfaction, fairness) use this same window.
 */
import type { RunRecord } from '../model/index.js';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** [first submit, last end] over ended jobs; null when no job ended. */
export function runSpan(run: RunRecord): Span | null {
  let start = Infinity;
  let end = -Infinity;
  for (const job of run.jobs) {
    if (job.status === 'unfinished' || job.end === null) continue;
    if (job.submit < start) start = job.submit;
    if (job.end > end) end = job.end;
  }
  return end === -Infinity ? null : { start, end };
}

/** Last job end − first job submit, over jobs that ended; null when none did. */
export function makespan(run: RunRecord): number | null {
  const span = runSpan(run);
  return span === null ? null : span.end - span.start;
}

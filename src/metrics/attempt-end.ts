/**
 * When an attempt stopped holding its slot, as the metrics read it. A row
 * whose status is none of succeeded / failed / killed, or whose end is not a
 * finite number, is an attempt still running when the run stopped (a stalled
 * or cut-off run): it counts as running until the run's end time. An end
 * before the start counts as the start (a zero-length attempt).
 */
import { STATUS_KILLED, type AttemptTable, type RunRecord } from '../model/index.js';

export function attemptEnd(attempts: AttemptTable, i: number, runEnd: number): number {
  const start = attempts.start[i];
  let end = attempts.end[i];
  if (attempts.status[i] > STATUS_KILLED || !Number.isFinite(end)) end = runEnd;
  return end > start ? end : start;
}

/** attemptEnd of every row of the run's attempts, read once for every metric and chart that needs them. */
export function attemptEnds(run: RunRecord): Float64Array {
  const ends = new Float64Array(run.attempts.count);
  for (let i = 0; i < ends.length; i++) ends[i] = attemptEnd(run.attempts, i, run.endTime);
  return ends;
}

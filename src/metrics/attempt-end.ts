/**
 * When an attempt stopped holding its slot, as the metrics read it. A row
 * whose status is none of succeeded / failed / killed, or whose end is not a
 * finite number, is an attempt still running when the run stopped (a stalled
 * or cut-off run): it counts as running until the run's end time. An end
 * before the start counts as the start (a zero-length attempt).
 */
import { STATUS_KILLED, type AttemptTable } from '../model/index.js';

export function attemptEnd(attempts: AttemptTable, i: number, runEnd: number): number {
  const start = attempts.start[i];
  let end = attempts.end[i];
  if (attempts.status[i] > STATUS_KILLED || !Number.isFinite(end)) end = runEnd;
  return end > start ? end : start;
}

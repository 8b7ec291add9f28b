/**
 * The attempts in the order of their starts and of their effective ends
 * (attempt-end.ts), ties by row: the orders the event sweeps walk (min-share
 * dissatisfaction and fairness, Locality(t)). Sorted once for all of them:
 * on a day of 16M attempts each radix sort is a quarter of a second and a
 * hundred megabytes of scratch. Rows are in launch order, so the starts are
 * usually in order already and cost one look.
 */
import type { RunRecord } from '../model/index.js';
import { orderBy } from '../util/radix-sort.js';

export interface AttemptOrder {
  readonly byStart: Uint32Array;
  readonly byEnd: Uint32Array;
}

/** `ends`: each attempt's effective end (attempt-end.ts). */
export function attemptOrder(run: RunRecord, ends: Float64Array): AttemptOrder {
  return { byStart: orderBy(run.attempts.start, run.attempts.count), byEnd: orderBy(ends) };
}

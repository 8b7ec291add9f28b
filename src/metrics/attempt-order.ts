/**
 * The attempts in the order of their starts and of their effective ends
 * (attempt-end.ts), ties by row: the orders the event sweeps walk (min-share
 * dissatisfaction and fairness, Locality(t)), made once for all of them.
 * Rows are in launch order, so the starts are in order already and cost one
 * look. The ends come in order from the simulator's record of how attempts
 * ended (`AttemptTable.ended`), where there is one: on a day of 16M
 * attempts, a radix sort of them was a quarter of a second and half a
 * gigabyte of scratch.
 */
import type { RunRecord } from '../model/index.js';
import { orderBy } from '../util/radix-sort.js';

export interface AttemptOrder {
  readonly byStart: Uint32Array;
  readonly byEnd: Uint32Array;
}

/** `ends`: each attempt's effective end (attempt-end.ts). */
export function attemptOrder(run: RunRecord, ends: Float64Array): AttemptOrder {
  return { byStart: orderBy(run.attempts.start, run.attempts.count), byEnd: recordedEndOrder(run, ends) ?? orderBy(ends) };
}

/**
 * The rows by effective end, as a stable sort orders them, from the record
 * of the order attempts ended in: the rows not in it (still running when the
 * run stopped, so ending at its end) after them, and each group of equal
 * ends put in row order. Null when the table has no record, or one that
 * does not fit (a row listed twice, ends going down): any other order of
 * the rows whose ends never go down and whose ties are in row order is the
 * sort's.
 */
export function recordedEndOrder(run: RunRecord, ends: Float64Array): Uint32Array | null {
  const { ended, count } = run.attempts;
  if (ended === undefined) return null;
  const order = new Uint32Array(count);
  const listed = new Uint8Array(count);
  for (let k = 0; k < ended.length; k++) {
    const i = ended[k];
    if (listed[i] !== 0) return null; // listed before, or no row at all
    listed[i] = 1;
    order[k] = i;
  }
  for (let i = 0, n = ended.length; i < count; i++) if (listed[i] === 0) order[n++] = i;
  let group = 0;
  let previous = count > 0 ? ends[order[0]] : 0;
  for (let k = 1; k <= count; k++) {
    const key = k < count ? ends[order[k]] : Infinity;
    if (key === previous) continue;
    if (key < previous) return null;
    if (k - group > 1) order.subarray(group, k).sort();
    group = k;
    previous = key;
  }
  return order;
}

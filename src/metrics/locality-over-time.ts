/**
 * Locality(t) of Rasooli and Down, "An Adaptive Scheduling Algorithm for
 * Dynamic Heterogeneous Hadoop Systems" (CASCON 2011, §5): the map tasks
 * running at t on a node that stores their input. The paper defines it as a
 * count and reports it as a percentage (47–100 in its tables); we take the
 * percentage, 100 × node-local / all running maps that read input, and
 * average it over the instants of the run's span at which such a map runs
 * (an idle instant has no locality to speak of; counting it as 0 or 100
 * would measure idleness instead).
 *
 * Every attempt counts while it runs, whatever its end: a map that failed
 * or was killed still ran where it ran. Maps without input and reduces are
 * left out. Locality(t) is piecewise constant between attempt starts and
 * ends, so one sweep over them integrates it exactly: the limit of sampling
 * it ever more often.
 */
import { KIND_MAP, LOCALITY_NODE, LOCALITY_NONE, type RunRecord } from '../model/index.js';
import type { AttemptOrder } from './attempt-order.js';
import type { Span } from './span.js';
import type { TimeBuckets } from './time-buckets.js';

export interface LocalityOverTimeMetrics {
  /** Percent; null without a span of positive length or without a map reading input during it. */
  readonly mapLocalityOverTime: number | null;
}

/** What an attempt is to the sweep. */
const LEFT_OUT = 0;
const REMOTE = 1;
const LOCAL = 2;

/**
 * `ends`: each attempt's effective end (attempt-end.ts), `order` the rows by
 * start and by end (attempt-order.ts); `series`, if given, receives
 * Locality(t) where maps reading input run (for charts).
 */
export function localityOverTime(run: RunRecord, span: Span | null, ends: Float64Array, order: AttemptOrder, series?: TimeBuckets): LocalityOverTimeMetrics {
  if (span === null || !(span.end > span.start)) return { mapLocalityOverTime: null };
  const { kind, locality, start, count } = run.attempts;
  // Clipped to the span, the starts and ends keep the run's orders: the sweep walks those and skips the rows left out.
  const from = (i: number) => Math.max(start[i], span.start);
  const to = (i: number) => Math.min(ends[i], span.end);
  const role = new Uint8Array(count);
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (kind[i] !== KIND_MAP || locality[i] === LOCALITY_NONE || !(to(i) > from(i))) continue;
    role[i] = locality[i] === LOCALITY_NODE ? LOCAL : REMOTE;
    n++;
  }
  const { byStart, byEnd } = order;
  let running = 0;
  let runningLocal = 0;
  let busy = 0;
  let integral = 0;
  let now = span.start;
  for (let s = 0, e = 0, stopped = 0; stopped < n; ) {
    while (s < count && role[byStart[s]] === LEFT_OUT) s++;
    while (role[byEnd[e]] === LEFT_OUT) e++;
    const t = Math.min(s < count ? from(byStart[s]) : Infinity, to(byEnd[e]));
    if (running > 0) {
      const percent = (100 * runningLocal) / running;
      busy += t - now;
      integral += percent * (t - now);
      series?.add(now, t, percent);
    }
    now = t;
    for (; e < count && (role[byEnd[e]] === LEFT_OUT || to(byEnd[e]) === t); e++) {
      if (role[byEnd[e]] === LEFT_OUT) continue;
      running--;
      runningLocal -= role[byEnd[e]] === LOCAL ? 1 : 0;
      stopped++;
    }
    for (; s < count && (role[byStart[s]] === LEFT_OUT || from(byStart[s]) === t); s++) {
      if (role[byStart[s]] === LEFT_OUT) continue;
      running++;
      runningLocal += role[byStart[s]] === LOCAL ? 1 : 0;
    }
  }
  return { mapLocalityOverTime: busy > 0 ? integral / busy : null };
}

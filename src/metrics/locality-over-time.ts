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
import { orderBy } from '../util/radix-sort.js';
import type { Span } from './span.js';
import type { TimeBuckets } from './time-buckets.js';

export interface LocalityOverTimeMetrics {
  /** Percent; null without a span of positive length or without a map reading input during it. */
  readonly mapLocalityOverTime: number | null;
}

/**
 * `ends`: each attempt's effective end (attempt-end.ts); `series`, if given,
 * receives Locality(t) where maps reading input run (for charts).
 */
export function localityOverTime(run: RunRecord, span: Span | null, ends: Float64Array, series?: TimeBuckets): LocalityOverTimeMetrics {
  if (span === null || !(span.end > span.start)) return { mapLocalityOverTime: null };
  const { kind, locality, start, count } = run.attempts;
  // Typed columns sized for every attempt: a day's millions of maps would make arrays of numbers grow and collect.
  const starts = new Float64Array(count);
  const stops = new Float64Array(count);
  const local = new Uint8Array(count);
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (kind[i] !== KIND_MAP || locality[i] === LOCALITY_NONE) continue;
    const a = Math.max(start[i], span.start);
    const b = Math.min(ends[i], span.end);
    if (!(b > a)) continue;
    starts[n] = a;
    stops[n] = b;
    local[n++] = locality[i] === LOCALITY_NODE ? 1 : 0;
  }
  const startOrder = orderBy(starts, n);
  const stopOrder = orderBy(stops, n);
  let running = 0;
  let runningLocal = 0;
  let busy = 0;
  let integral = 0;
  let now = span.start;
  for (let s = 0, e = 0; e < n; ) {
    const t = Math.min(s < n ? starts[startOrder[s]] : Infinity, stops[stopOrder[e]]);
    if (running > 0) {
      const percent = (100 * runningLocal) / running;
      busy += t - now;
      integral += percent * (t - now);
      series?.add(now, t, percent);
    }
    now = t;
    for (; e < n && stops[stopOrder[e]] === t; e++) {
      running--;
      runningLocal -= local[stopOrder[e]];
    }
    for (; s < n && starts[startOrder[s]] === t; s++) {
      running++;
      runningLocal += local[startOrder[s]];
    }
  }
  return { mapLocalityOverTime: busy > 0 ? integral / busy : null };
}

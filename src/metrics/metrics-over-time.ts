/**
 * Rasooli and Down's metrics as functions of time over one run ("An Adaptive
 * Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems", CASCON
 * 2011, §5): min-share dissatisfaction(t), fairness(t) and locality(t), each
 * averaged over equal time buckets of the run's span, for a chart. They come
 * from the same sweeps as the run's averages (min-share-fairness.ts,
 * locality-over-time.ts), so the buckets average back to them: the mean of
 * the dissatisfaction and fairness buckets is the run's figure, and so is
 * the mean of the locality buckets weighted by the time maps read input in
 * each.
 */
import type { RunRecord } from '../model/index.js';
import { attemptEnds } from './attempt-end.js';
import { attemptOrder } from './attempt-order.js';
import { localityOverTime } from './locality-over-time.js';
import { shareMetrics } from './min-share-fairness.js';
import { runSpan } from './span.js';
import { TimeBuckets } from './time-buckets.js';

export interface MetricsOverTime {
  /** The run's span, cut into `buckets` equal buckets. */
  readonly start: number;
  readonly end: number;
  readonly buckets: number;
  /** Time averages per bucket. */
  readonly dissatisfaction: Float64Array;
  readonly fairness: Float64Array;
  /** Percent; NaN in a bucket where no map reading input ran. */
  readonly locality: Float64Array;
}

/** The three functions over `buckets` buckets of the run's span; null without a span of positive length. */
export function metricsOverTime(run: RunRecord, buckets = 120): MetricsOverTime | null {
  const span = runSpan(run);
  if (span === null || !(span.end > span.start)) return null;
  const ends = attemptEnds(run);
  const order = attemptOrder(run, ends);
  const series = () => new TimeBuckets(span.start, span.end, buckets);
  const share = { dissatisfaction: series(), fairness: series() };
  const locality = series();
  shareMetrics(run, span, ends, order, share);
  localityOverTime(run, span, ends, order, locality);
  return {
    start: span.start,
    end: span.end,
    buckets,
    dissatisfaction: share.dissatisfaction.means(),
    fairness: share.fairness.means(),
    locality: locality.coveredMeans(),
  };
}

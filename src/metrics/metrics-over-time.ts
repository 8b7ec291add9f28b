/**
 * Rasooli and Down's metrics as functions of time over one run ("An Adaptive
 * Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems", CASCON
 * 2011, §5): min-share dissatisfaction(t), fairness(t) and locality(t), each
 * averaged over equal time buckets of the run's span, for a chart. They come
 * from the very sweeps that average them for the run's metrics
 * (min-share-fairness.ts, locality-over-time.ts), run once for both, so the
 * buckets average back to them: the mean of the dissatisfaction and fairness
 * buckets is the run's figure, and so is the mean of the locality buckets
 * weighted by the time maps read input in each.
 */
import type { RunRecord } from '../model/index.js';
import { computeMetrics, type RunMetrics } from './run-metrics.js';
import { runSpan } from './span.js';
import { TimeBuckets } from './time-buckets.js';

/** Buckets of a report's charts over time. */
const OVER_TIME_BUCKETS = 120;

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

/** A run's metrics, and the three functions over time that a report of it charts. */
export interface MeasuredRun {
  readonly metrics: RunMetrics;
  /** Null without a span of positive length. */
  readonly overTime: MetricsOverTime | null;
}

/** The run's metrics and the three functions over `buckets` buckets of its span, in one pass of the sweeps. */
export function measureRun(run: RunRecord, buckets = OVER_TIME_BUCKETS): MeasuredRun {
  const span = runSpan(run);
  if (span === null || !(span.end > span.start)) return { metrics: computeMetrics(run), overTime: null };
  const series = () => new TimeBuckets(span.start, span.end, buckets);
  const filled = { dissatisfaction: series(), fairness: series(), locality: series() };
  const metrics = computeMetrics(run, filled);
  return {
    metrics,
    overTime: {
      start: span.start,
      end: span.end,
      buckets,
      dissatisfaction: filled.dissatisfaction.means(),
      fairness: filled.fairness.means(),
      locality: filled.locality.coveredMeans(),
    },
  };
}

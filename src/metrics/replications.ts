/**
 * Replications: the same scenario and scheduler run with different seeds,
 * summarised per metric by a 95% Student-t confidence interval of the mean.
 * A run where a metric is null (say, no job succeeded) is left out of that
 * metric's interval, and `n` says how many runs it covers; a metric null in
 * every run has no interval.
 */
import type { MetricKey, RunMetrics } from './run-metrics.js';
import { METRICS } from './run-metrics.js';
import { confidenceInterval95, type ConfidenceInterval } from './statistics.js';

export type ReplicationSummary = Record<MetricKey, ConfidenceInterval | null>;

export function summarizeReplications(runs: readonly RunMetrics[]): ReplicationSummary {
  const summary = {} as Record<MetricKey, ConfidenceInterval | null>;
  for (const { key } of METRICS) {
    const values: number[] = [];
    for (const run of runs) {
      const v = run[key];
      if (v !== null) values.push(v);
    }
    summary[key] = values.length === 0 ? null : confidenceInterval95(values);
  }
  return summary;
}

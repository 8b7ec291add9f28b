/**
 * Replications: the same scenario and scheduler run with different seeds,
 * summarised per metric by a 95% Student-t confidence interval of the mean.
 * A run where a metric is null (say, no job succeeded) is left out of that
 * metric's interval, and `n` says how many runs it covers; a metric null in
 * every run has no interval. The same holds for any per-replication figure
 * (a pool's mean wait), and paired differences are in `paired-difference.ts`.
 */
import type { MetricKey, RunMetrics } from './run-metrics.js';
import { METRICS } from './run-metrics.js';
import { confidenceInterval95, type ConfidenceInterval } from './statistics.js';

export type ReplicationSummary = Record<MetricKey, ConfidenceInterval | null>;

export function summarizeReplications(runs: readonly RunMetrics[]): ReplicationSummary {
  const summary = {} as Record<MetricKey, ConfidenceInterval | null>;
  for (const { key } of METRICS) summary[key] = replicationInterval(runs.map((run) => run[key]));
  return summary;
}

/** One figure's interval over the replications that define it (nulls left out); null when none does. */
export function replicationInterval(values: readonly (number | null)[]): ConfidenceInterval | null {
  const defined = values.filter((v): v is number => v !== null);
  return defined.length === 0 ? null : confidenceInterval95(defined);
}

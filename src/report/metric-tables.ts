/** The metric tables `simulate` and `compare` print. */
import { METRICS, type MetricDefinition, type RunMetrics } from '../metrics/index.js';
import type { Comparison } from '../experiment/compare.js';
import { formatInterval, formatMetric } from './format.js';
import { renderTable } from './table.js';

/** The run's metrics, without those undefined for it (a planned makespan where nothing was planned). */
export function runTable(metrics: RunMetrics): string {
  return renderTable(
    ['metric', 'value'],
    METRICS.filter((m) => metrics[m.key] !== null).map((m) => [m.label, formatMetric(metrics[m.key], m.unit)]),
  );
}

/** The metrics defined for at least one of the compared schedulers. */
export function comparedMetrics(comparison: Comparison): MetricDefinition[] {
  return METRICS.filter((m) => comparison.results.some((r) => r.intervals[m.key] !== null));
}

/** One row per metric, one column per scheduler; with replications, mean ± 95% half-width. */
export function comparisonTable(comparison: Comparison): string {
  const header = ['metric', ...comparison.results.map((r) => r.scheduler)];
  const rows = comparedMetrics(comparison).map((m) => [
    `${m.label} (${m.better} is better)`,
    ...comparison.results.map((r) => {
      const interval = r.intervals[m.key];
      return interval === null ? '—' : formatInterval(interval.mean, interval.halfWidth, m.unit);
    }),
  ]);
  return renderTable(header, rows);
}

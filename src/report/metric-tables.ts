/** The metric tables `simulate` and `compare` print. */
import { METRICS, type RunMetrics } from '../metrics/index.js';
import type { Comparison } from '../experiment/compare.js';
import { formatInterval, formatMetric } from './format.js';
import { renderTable } from './table.js';

export function runTable(metrics: RunMetrics): string {
  return renderTable(
    ['metric', 'value'],
    METRICS.map((m) => [m.label, formatMetric(metrics[m.key], m.unit)]),
  );
}

/** One row per metric, one column per scheduler; with replications, mean ± 95% half-width. */
export function comparisonTable(comparison: Comparison): string {
  const header = ['metric', ...comparison.results.map((r) => r.scheduler)];
  const rows = METRICS.map((m) => [
    `${m.label} (${m.better} is better)`,
    ...comparison.results.map((r) => {
      const interval = r.intervals[m.key];
      return interval === null ? '—' : formatInterval(interval.mean, interval.halfWidth, m.unit);
    }),
  ]);
  return renderTable(header, rows);
}

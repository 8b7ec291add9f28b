/**
 * The report's summary table: one row per metric, one column per scheduler,
 * each cell the mean over replications with the 95% half-width under it. The best mean of
 * a row is highlighted; cells whose interval overlaps the best one's get a
 * lighter tint (the data cannot tell them apart from the best).
 */
import type { Comparison } from '../experiment/compare.js';
import type { ConfidenceInterval, MetricDefinition } from '../metrics/index.js';
import { formatMetric } from './format.js';
import { escapeXml } from './svg.js';

/**
 * Indices of the best values (several on a tie); none when fewer than two
 * values are defined or all defined values are equal (nothing to pick).
 */
export function bestIndices(values: readonly (number | null)[], better: 'lower' | 'higher'): number[] {
  const defined = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (defined.length < 2) return [];
  const best = better === 'lower' ? Math.min(...defined) : Math.max(...defined);
  const worst = better === 'lower' ? Math.max(...defined) : Math.min(...defined);
  if (nearlyEqual(best, worst)) return [];
  const out: number[] = [];
  values.forEach((v, i) => {
    if (v !== null && nearlyEqual(v, best)) out.push(i);
  });
  return out;
}

function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Whether two intervals share a point (both must have a half-width). */
export function intervalsOverlap(a: ConfidenceInterval, b: ConfidenceInterval): boolean {
  if (a.low === null || a.high === null || b.low === null || b.high === null) return false;
  return a.low <= b.high && b.low <= a.high;
}

export function renderSummaryTable(comparison: Comparison, metrics: readonly MetricDefinition[]): string {
  const results = comparison.results;
  let out = '<div class="table-wrap"><table class="summary">';
  if (comparison.seeds.length > 1) {
    out += '<caption>Mean over replications, and below it ± the half-width of its 95% confidence interval. ';
    out += '<span class="key best">Best</span> <span class="key close">Interval overlaps the best</span></caption>';
  } else {
    out += '<caption>One replication: each cell is that run’s value, with no confidence interval. ';
    out += '<span class="key best">Best</span></caption>';
  }
  out += '<thead><tr><th scope="col">metric</th><th scope="col" class="better-col">better</th>';
  for (const r of results) out += `<th scope="col">${escapeXml(r.scheduler)}</th>`;
  out += '</tr></thead><tbody>';
  for (const metric of metrics) {
    const intervals = results.map((r) => r.intervals[metric.key]);
    const best = bestIndices(
      intervals.map((c) => (c === null ? null : c.mean)),
      metric.better,
    );
    out += `<tr><th scope="row" title="${escapeXml(metric.description)}">${escapeXml(metric.label)}</th>`;
    out += `<td class="better-col">${metric.better === 'lower' ? '↓ lower' : '↑ higher'}</td>`;
    intervals.forEach((c, i) => {
      if (c === null) {
        out += '<td class="na">—</td>';
        return;
      }
      const isBest = best.includes(i);
      const close = !isBest && best.some((b) => intervals[b] !== null && intervalsOverlap(c, intervals[b]!));
      const cls = isBest ? ' class="best"' : close ? ' class="close"' : '';
      const mark = isBest ? '<span class="sr-only"> (best)</span>' : '';
      const halfWidth = c.halfWidth === null ? '' : `<span class="hw">± ${escapeXml(formatMetric(c.halfWidth, metric.unit))}</span>`;
      out += `<td${cls}>${escapeXml(formatMetric(c.mean, metric.unit))}${halfWidth}${mark}</td>`;
    });
    out += '</tr>';
  }
  return out + '</tbody></table></div>';
}

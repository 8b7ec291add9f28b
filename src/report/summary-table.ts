/**
 * The report's metric tables. The summary: one row per metric, one column per
 * scheduler, each cell the mean over replications in the metric's one unit,
 * with the 95% half-width under it; the best value as printed is highlighted
 * (ties alike), cells whose interval overlaps the best one's get a lighter
 * tint, and a metric that ranks nothing (rack-local maps) is shown without
 * marks. The differences: each scheduler minus the baseline, paired by seed,
 * with the 95% interval of the mean difference; marked better or worse only
 * when that interval leaves out zero.
 */
import { formatScaled, type MetricScale } from './metric-scale.js';
import type { MetricModel, ReportModel } from './report-model.js';
import { escapeXml } from './svg.js';

type Interval = { readonly low: number | null; readonly high: number | null };

/** Whether two intervals share a point (both must have bounds). */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  if (a.low === null || a.high === null || b.low === null || b.high === null) return false;
  return a.low <= b.high && b.low <= a.high;
}

/** A mean's 95% half-width (printed by `format`: a metric's scale, or memory in its unit), set under it in a table cell; nothing with one replication. */
export function halfWidthNote(interval: { readonly mean: number; readonly high: number | null }, format: MetricScale | ((value: number) => string)): string {
  if (interval.high === null) return '';
  const halfWidth = interval.high - interval.mean;
  return `<span class="hw">± ${escapeXml(typeof format === 'function' ? format(halfWidth) : formatScaled(halfWidth, format))}</span>`;
}

function betterCell(metric: MetricModel): string {
  const text = metric.better === 'lower' ? '↓ lower' : metric.better === 'higher' ? '↑ higher' : 'not ranked';
  return `<td class="better-col">${text}</td>`;
}

function metricHeader(metric: MetricModel): string {
  return `<th scope="row" title="${escapeXml(metric.description)}">${escapeXml(metric.label)}</th>`;
}

export function renderSummaryTable(model: ReportModel): string {
  let out = '<div class="table-wrap"><table class="summary metrics">';
  out +=
    model.seeds.length > 1
      ? '<caption>Mean over replications, and below it ± the half-width of its 95% confidence interval. <span class="key best">Best as printed</span> <span class="key close">Interval overlaps the best</span></caption>'
      : '<caption>One replication: each cell is that run’s value, with no confidence interval. <span class="key best">Best as printed</span></caption>';
  out += '<thead><tr><th scope="col">metric</th><th scope="col" class="better-col">better</th>';
  for (const name of model.schedulers) out += `<th scope="col">${escapeXml(name)}</th>`;
  out += '</tr></thead><tbody>';
  for (const metric of model.metrics) {
    out += `<tr>${metricHeader(metric)}${betterCell(metric)}`;
    metric.values.forEach((value, s) => {
      if (value === null) {
        out += '<td class="na">—</td>';
        return;
      }
      const isBest = metric.best.includes(s);
      const close = !isBest && metric.best.some((b) => metric.values[b] !== null && intervalsOverlap(value, metric.values[b]!));
      const cls = isBest ? ' class="best"' : close ? ' class="close"' : '';
      out += `<td${cls}>${escapeXml(metric.printed[s])}${halfWidthNote(value, metric.scale)}${isBest ? '<span class="sr-only"> (best)</span>' : ''}</td>`;
    });
    out += '</tr>';
  }
  return out + '</tbody></table></div>';
}

export function renderDifferenceTable(model: ReportModel): string {
  const others = model.schedulers.map((name, s) => ({ name, s })).filter(({ s }) => s !== model.baseline);
  if (others.length === 0) return '';
  const base = escapeXml(model.schedulers[model.baseline]);
  let out = '<div class="table-wrap"><table class="summary differences">';
  out +=
    model.seeds.length > 1
      ? `<caption>Each scheduler minus ${base}, replication by replication (the same seeds, so the same cluster and jobs), then the mean difference ± the half-width of its 95% interval. <span class="key best">Better</span> <span class="key worse">Worse</span>: the interval leaves out zero.</caption>`
      : `<caption>Each scheduler minus ${base} on the same seed. One replication gives no interval: run more (--replications) to tell a difference from noise.</caption>`;
  out += `<thead><tr><th scope="col">metric</th><th scope="col" class="better-col">better</th>`;
  for (const { name } of others) out += `<th scope="col">${escapeXml(name)} − ${base}</th>`;
  out += '</tr></thead><tbody>';
  for (const metric of model.metrics) {
    out += `<tr>${metricHeader(metric)}${betterCell(metric)}`;
    for (const { s } of others) {
      const d = metric.differences[s];
      if (d === null) {
        out += '<td class="na">—</td>';
        continue;
      }
      const excludesZero = d.low !== null && d.high !== null && (d.low > 0 || d.high < 0);
      const better = metric.better === 'lower' ? d.mean < 0 : d.mean > 0;
      const cls = !excludesZero || metric.better === 'neither' ? '' : better ? ' class="best"' : ' class="worse"';
      out += `<td${cls}>${escapeXml(d.printed)}</td>`;
    }
    out += '</tr>';
  }
  return out + '</tbody></table></div>';
}

/**
 * A metric against a parameter: one line per series (scheduler) through its
 * means at the parameter's values, a whisker over each 95% confidence
 * interval, the metric's unit and which direction is better. Numeric
 * parameter values sit at their value on the axis, others evenly spaced in
 * the order given. The value axis starts at zero, as the bar charts' do.
 */
import { betterPhrase } from './format.js';
import { bottomAxis, leftAxis, linearScale, valueAxis, type AxisTick, type DisplayUnit } from './axis.js';
import { escapeXml, num, svgRoot, text, truncate } from './svg.js';

export interface LinePoint {
  /** null where the metric is undefined (no run of the series gave it). */
  readonly mean: number | null;
  readonly low: number | null;
  readonly high: number | null;
  /** The value as a reader should see it, for the tooltip and screen readers. */
  readonly valueText: string;
}

export interface LineSeries {
  readonly name: string;
  readonly colour: string;
  readonly dash: string | null;
  /** One per x value, in the same order. */
  readonly points: readonly LinePoint[];
}

export interface LineChartSpec {
  readonly id: string;
  readonly title: string;
  /** The parameter's name. */
  readonly xTitle: string;
  /** The parameter's values: numbers are placed by value, anything else by order. */
  readonly xValues: readonly (number | string)[];
  /** The unit the report shows the metric in (metric-scale.ts). */
  readonly unit: DisplayUnit;
  readonly better: 'lower' | 'higher' | 'neither';
  readonly series: readonly LineSeries[];
  readonly width?: number;
  readonly height?: number;
}

const MAX_X_LABEL = 14;

export function renderLineChart(spec: LineChartSpec): string {
  const width = spec.width ?? 520;
  const height = spec.height ?? 300;
  const legendWidth = 150;
  const plot = { left: 58, right: width - legendWidth, top: 62, bottom: height - 54 };
  const axis = valueAxis(spec.series.flatMap((s) => s.points.flatMap((p) => [p.mean, p.low, p.high])), spec.unit, 4);
  const y = linearScale([axis.low, axis.high], [plot.bottom, plot.top]);
  const numeric = spec.xValues.every((v) => typeof v === 'number' && Number.isFinite(v));
  const positions = numeric ? (spec.xValues as number[]) : spec.xValues.map((_, i) => i);
  const lo = Math.min(...positions);
  const hi = Math.max(...positions);
  const pad = hi === lo ? 1 : (hi - lo) * 0.06;
  const x = linearScale([lo - pad, hi + pad], [plot.left, plot.right]);
  const xTicks: AxisTick[] = spec.xValues.map((value, i) => ({ value: positions[i], label: truncate(String(value), MAX_X_LABEL) }));
  const unitText = axis.unit.label === '' ? '' : `in ${axis.unit.label} · `;
  let body = text(0, 16, truncate(spec.title, 60), { class: 'chart-title' });
  body += text(0, 34, `${unitText}${betterPhrase(spec.better)}`, { class: `chart-subtitle better-${spec.better}` });
  body += leftAxis({ scale: y, ticks: axis.ticks, x0: plot.left, x1: plot.right });
  body += bottomAxis({ scale: x, ticks: thinned(xTicks, plot.right - plot.left), y: plot.bottom, title: spec.xTitle });
  const n = spec.series.length;
  spec.series.forEach((series, s) => {
    // Series side by side by a few pixels, so equal intervals do not hide each other.
    const dodge = (s - (n - 1) / 2) * 3;
    let d = '';
    let pen = 'M';
    let marks = '';
    series.points.forEach((point, i) => {
      if (point.mean === null || !Number.isFinite(point.mean)) {
        pen = 'M';
        return;
      }
      const px = x(positions[i]) + dodge;
      d += `${pen}${num(px)} ${num(y(point.mean))}`;
      pen = 'L';
      const tip = `<title>${escapeXml(`${series.name} at ${spec.xTitle} = ${String(spec.xValues[i])}: ${point.valueText}`)}</title>`;
      if (point.low !== null && point.high !== null) {
        const [top, bottom] = [y(point.high), y(point.low)];
        marks += `<path class="whisker" stroke="${escapeXml(series.colour)}" d="M${num(px)} ${num(bottom)}V${num(top)}M${num(px - 3)} ${num(top)}h6M${num(px - 3)} ${num(bottom)}h6"/>`;
      }
      marks += `<circle cx="${num(px)}" cy="${num(y(point.mean))}" r="3" fill="${escapeXml(series.colour)}">${tip}</circle>`;
    });
    const dash = series.dash === null ? '' : ` stroke-dasharray="${series.dash}"`;
    if (d !== '') body += `<path class="cdf" d="${d}" stroke="${escapeXml(series.colour)}" stroke-width="2"${dash}/>`;
    body += marks;
    const ly = plot.top + 8 + s * 20;
    body += `<line x1="${num(plot.right + 16)}" x2="${num(plot.right + 40)}" y1="${num(ly)}" y2="${num(ly)}" stroke="${escapeXml(series.colour)}" class="legend-line"${dash}/>`;
    body += text(plot.right + 46, ly, truncate(series.name, 16), { dy: '0.32em', class: 'legend-label' });
  });
  const described = spec.series
    .map((series) => `${series.name}: ${series.points.map((p, i) => `${String(spec.xValues[i])} → ${p.valueText}`).join(', ')}`)
    .join('; ');
  return svgRoot(
    {
      id: spec.id,
      width,
      height,
      title: `${spec.title} against ${spec.xTitle} (${betterPhrase(spec.better, false)})`,
      description: `Mean over seeds, with 95% confidence intervals where there are several: ${described}.`,
    },
    body,
  );
}

/** Every k-th tick, so that labels about 60 px wide do not overlap. */
function thinned(ticks: readonly AxisTick[], pixels: number): AxisTick[] {
  const every = Math.max(1, Math.ceil((ticks.length * 60) / Math.max(pixels, 1)));
  return ticks.filter((_, i) => i % every === 0);
}

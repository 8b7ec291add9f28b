/**
 * A metric over simulated time, one step line per scheduler: each series is a
 * run's span cut into equal buckets, drawn at each bucket's average (a gap
 * where the metric is undefined). Used for Rasooli and Down's metrics over
 * one run: min-share dissatisfaction(t), fairness(t), locality(t).
 */
import { bottomAxis, leftAxis, linearScale, niceMax, timeUnit, unitTicks, type AxisTick } from './axis.js';
import { escapeXml, num, svgRoot, text, truncate } from './svg.js';

export interface TimeSeries {
  readonly name: string;
  /** The span [start, end] cut into `values.length` equal buckets; NaN where undefined. */
  readonly start: number;
  readonly end: number;
  readonly values: ArrayLike<number>;
  readonly colour: string;
  readonly dash: string | null;
}

export interface TimeSeriesSpec {
  readonly id: string;
  readonly title: string;
  /** The vertical axis's title. */
  readonly yTitle: string;
  /** '%' pins the axis to 0–100. */
  readonly unit: '%' | '';
  readonly series: readonly TimeSeries[];
  readonly width?: number;
  readonly height?: number;
}

/** A step line through the defined buckets, broken at undefined ones. */
export function stepPath(series: TimeSeries, x: (t: number) => number, y: (v: number) => number): string {
  const n = series.values.length;
  const width = (series.end - series.start) / Math.max(1, n);
  let d = '';
  let open = false;
  for (let i = 0; i < n; i++) {
    const v = series.values[i];
    if (!Number.isFinite(v)) {
      open = false;
      continue;
    }
    const x0 = num(x(series.start + i * width));
    const x1 = num(x(series.start + (i + 1) * width));
    const yv = num(y(v));
    d += open ? `V${yv}H${x1}` : `M${x0} ${yv}H${x1}`;
    open = true;
  }
  return d;
}

export function renderTimeSeriesChart(spec: TimeSeriesSpec): string {
  const width = spec.width ?? 1160;
  const height = spec.height ?? 300;
  const plot = { left: 58, right: width - 250, top: 40, bottom: height - 50 };
  let maxTime = 0;
  let maxValue = 0;
  for (const s of spec.series) {
    maxTime = Math.max(maxTime, s.end);
    for (let i = 0; i < s.values.length; i++) if (Number.isFinite(s.values[i])) maxValue = Math.max(maxValue, s.values[i]);
  }
  const unit = timeUnit(maxTime);
  const xHigh = niceMax(maxTime / unit.divisor, 6) * unit.divisor;
  const x = linearScale([0, xHigh], [plot.left, plot.right]);
  const yHigh = spec.unit === '%' ? 100 : niceMax(maxValue, 4);
  const y = linearScale([0, yHigh], [plot.bottom, plot.top]);
  const yTicks: readonly AxisTick[] = unitTicks(0, yHigh, { divisor: 1, label: spec.unit }, 4);
  let body = leftAxis({ scale: y, ticks: yTicks, x0: plot.left, x1: plot.right, title: spec.yTitle });
  body += bottomAxis({ scale: x, ticks: unitTicks(0, xHigh, unit, 6), y: plot.bottom, gridTop: plot.top, title: `simulated time (${unit.label})` });
  const legendX = plot.right + 24;
  const rowHeight = Math.min(20, (plot.bottom - plot.top + 12) / Math.max(1, spec.series.length));
  spec.series.forEach((s, i) => {
    const dash = s.dash === null ? '' : ` stroke-dasharray="${s.dash}"`;
    const d = stepPath(s, x, y);
    if (d !== '') body += `<path class="series" d="${d}" stroke="${escapeXml(s.colour)}" stroke-width="1.75"${dash}><title>${escapeXml(s.name)}</title></path>`;
    const ly = plot.top + 8 + i * rowHeight;
    body += `<line x1="${num(legendX)}" x2="${num(legendX + 26)}" y1="${num(ly)}" y2="${num(ly)}" stroke="${escapeXml(s.colour)}" class="legend-line"${dash}/>`;
    body += text(legendX + 34, ly, truncate(s.name, 22), { dy: '0.32em', class: 'legend-label' });
  });
  const buckets = spec.series[0]?.values.length ?? 0;
  return svgRoot(
    {
      id: spec.id,
      width,
      height,
      title: spec.title,
      description: `${spec.yTitle} over simulated time, averaged over ${buckets} equal stretches of each run, one line per scheduler: ${spec.series.map((s) => s.name).join(', ')}.`,
    },
    body,
  );
}

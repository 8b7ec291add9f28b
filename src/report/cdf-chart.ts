/**
 * The empirical distribution (CDF) of job completion times, one step line per
 * scheduler: at time x, the share of jobs that completed within x. The time
 * axis turns logarithmic when the values span more than two decades.
 */
import {
  bottomAxis,
  leftAxis,
  linearScale,
  logScale,
  logTimeTicks,
  niceMax,
  timeUnit,
  unitTicks,
  type AxisTick,
  type Scale,
} from './axis.js';
import { median } from '../metrics/statistics.js';
import { formatMetric } from './format.js';
import { escapeXml, num, svgRoot, text, truncate } from './svg.js';

export interface CdfSeries {
  readonly name: string;
  readonly values: readonly number[];
  readonly colour: string;
  readonly dash: string | null;
}

export interface CdfSpec {
  readonly id: string;
  readonly title: string;
  readonly series: readonly CdfSeries[];
  readonly width?: number;
  readonly height?: number;
}

/** An empirical CDF: distinct values ascending, and the share of values ≤ each. */
export interface EmpiricalCdf {
  readonly x: Float64Array;
  readonly p: Float64Array;
}

/** The finite values, ascending. */
export function finiteSorted(values: readonly number[]): Float64Array {
  return Float64Array.from(values.filter((v) => Number.isFinite(v))).sort();
}

/** The empirical CDF of values sorted ascending (see finiteSorted); the last share is exactly 1. */
export function empiricalCdf(sorted: Float64Array): EmpiricalCdf {
  const n = sorted.length;
  const xs: number[] = [];
  const ps: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i + 1 < n && sorted[i + 1] === sorted[i]) continue;
    xs.push(sorted[i]);
    ps.push(i + 1 === n ? 1 : (i + 1) / n);
  }
  return { x: Float64Array.from(xs), p: Float64Array.from(ps) };
}

/** More than two decades between the smallest and largest positive value. */
export function wantsLogScale(min: number, max: number): boolean {
  return min > 0 && max / min > 100;
}

export interface CdfLayout {
  readonly width: number;
  readonly height: number;
  readonly plot: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number };
  readonly log: boolean;
  readonly x: Scale;
  readonly y: Scale;
  readonly xTicks: readonly AxisTick[];
  readonly xTitle: string;
}

export function cdfLayout(spec: CdfSpec): CdfLayout {
  const width = spec.width ?? 1160;
  const height = spec.height ?? 420;
  let min = Infinity;
  let max = -Infinity;
  for (const s of spec.series) {
    for (const v of s.values) {
      if (!Number.isFinite(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  if (min === Infinity) {
    min = 0;
    max = 1;
  }
  const plot = { left: 58, right: width - 250, top: 40, bottom: height - 50 };
  const log = wantsLogScale(min, max);
  let x: Scale;
  let xTicks: readonly AxisTick[];
  let xTitle: string;
  if (log) {
    x = logScale([min / 1.25, max * 1.25], [plot.left, plot.right]);
    xTicks = logTimeTicks(x.domain[0], x.domain[1], plot.right - plot.left);
    xTitle = 'job completion time, end − submit (log scale)';
  } else {
    const unit = timeUnit(max);
    const high = niceMax(Math.max(max, 0) / unit.divisor, 6) * unit.divisor;
    const low = Math.min(0, min);
    x = linearScale([low, high], [plot.left, plot.right]);
    xTicks = unitTicks(low, high, unit, 6);
    xTitle = `job completion time, end − submit (${unit.label})`;
  }
  const y = linearScale([0, 1], [plot.bottom, plot.top]);
  return { width, height, plot, log, x, y, xTicks, xTitle };
}

/**
 * The step line of a CDF as an SVG path, at half-pixel resolution: points
 * closer than that horizontally share one vertical step, so the path stays
 * small for any number of jobs. It ends at the plot's right edge at share 1.
 */
export function cdfPath(cdf: EmpiricalCdf, x: Scale, y: Scale): string {
  if (cdf.x.length === 0) return '';
  const px = (v: number) => Math.round(x(v) * 2) / 2;
  const py = (p: number) => Math.round(y(p) * 2) / 2;
  let d = `M${num(px(cdf.x[0]))} ${num(py(0))}`;
  let lastX = px(cdf.x[0]);
  let pendingY = py(0);
  for (let i = 0; i < cdf.x.length; i++) {
    const cx = px(cdf.x[i]);
    if (cx !== lastX) {
      d += `V${num(pendingY)}H${num(cx)}`;
      lastX = cx;
    }
    pendingY = py(cdf.p[i]);
  }
  d += `V${num(pendingY)}H${num(Math.round(x.range[1] * 2) / 2)}`;
  return d;
}

function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function renderCdfChart(spec: CdfSpec): string {
  const layout = cdfLayout(spec);
  const { plot, x, y } = layout;
  let body = '';
  const yTicks: AxisTick[] = [0, 0.25, 0.5, 0.75, 1].map((p) => ({ value: p, label: `${p * 100}%` }));
  body += leftAxis({ scale: y, ticks: yTicks, x0: plot.left, x1: plot.right, title: 'share of jobs completed within x' });
  body += bottomAxis({ scale: x, ticks: layout.xTicks, y: plot.bottom, gridTop: plot.top, title: layout.xTitle });
  const legendX = plot.right + 24;
  const described: string[] = [];
  const n = spec.series.length;
  const sortedSeries = spec.series.map((s) => finiteSorted(s.values));
  // Legend rows: name and a note while they fit beside the plot, names alone past that.
  const withNotes = n * 36 <= plot.bottom - plot.top + 12;
  const rowHeight = withNotes ? 36 : Math.min(20, (plot.bottom - plot.top + 12) / Math.max(1, n));
  spec.series.forEach((s, i) => {
    const sorted = sortedSeries[i];
    const d = cdfPath(empiricalCdf(sorted), x, y);
    const dash = s.dash === null ? '' : ` stroke-dasharray="${s.dash}"`;
    // Earlier lines are drawn wider, so a line hidden under a later identical one still shows at its edges.
    const width = n === 1 ? 2.25 : 1.75 + (1.75 * (n - 1 - i)) / (n - 1);
    if (d !== '') {
      body += `<path class="cdf" d="${d}" stroke="${escapeXml(s.colour)}" stroke-width="${num(width)}"${dash}><title>${escapeXml(s.name)}</title></path>`;
    }
    const ly = plot.top + 8 + i * rowHeight;
    body += `<line x1="${num(legendX)}" x2="${num(legendX + 26)}" y1="${num(ly)}" y2="${num(ly)}" stroke="${escapeXml(s.colour)}" class="legend-line"${dash}/>`;
    body += text(legendX + 34, ly, truncate(s.name, 22), { dy: '0.32em', class: 'legend-label' });
    const twin = sorted.length === 0 ? -1 : sortedSeries.findIndex((other, j) => j < i && sameValues(other, sorted));
    const summary =
      sorted.length === 0
        ? 'no completed jobs'
        : twin >= 0
          ? `${sorted.length} jobs · same times as ${truncate(spec.series[twin].name, 12)}`
          : `${sorted.length} jobs · median ${formatMetric(median(sorted), 's')}`;
    if (withNotes) body += text(legendX + 34, ly + 15, summary, { dy: '0.32em', class: 'legend-note' });
    described.push(`${s.name}: ${summary}`);
  });
  return svgRoot(
    {
      id: spec.id,
      width: layout.width,
      height: layout.height,
      title: spec.title,
      description: `Empirical cumulative distribution of job completion times, one line per scheduler${
        layout.log ? ', logarithmic time axis' : ''
      }. ${described.join('; ')}.`,
    },
    body,
  );
}

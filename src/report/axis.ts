/**
 * Scales, tick positions with round numbers, display units and axes for the
 * report's charts. Tick steps are 1, 2 or 5 × 10^k (in the axis's display
 * unit), computed as integer multiples so the labels come out exact.
 */
import { element, escapeXml, num, text } from './svg.js';

/** Maps data values to pixels. */
export interface Scale {
  (value: number): number;
  readonly domain: readonly [number, number];
  readonly range: readonly [number, number];
}

export function linearScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const f = (value: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0));
  return Object.assign(f, { domain, range });
}

/** A base-10 logarithmic scale; the domain must be positive. */
export function logScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const l0 = Math.log10(domain[0]);
  const l1 = Math.log10(domain[1]);
  const [r0, r1] = range;
  const f = (value: number) => (l1 === l0 ? (r0 + r1) / 2 : r0 + ((Math.log10(value) - l0) / (l1 - l0)) * (r1 - r0));
  return Object.assign(f, { domain, range });
}

/** A 1, 2 or 5 × 10^k step giving about `target` intervals over `span`. */
export function niceStep(span: number, target: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, target);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Decimals needed to print multiples of `step` exactly. */
function stepDecimals(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

export interface Ticks {
  readonly step: number;
  /** Tick values, ascending, inside [min, max]. */
  readonly values: readonly number[];
}

/** Round-number ticks inside [min, max], about `target` intervals apart. */
export function niceTicks(min: number, max: number, target = 5): Ticks {
  const step = niceStep(max - min, target);
  const decimals = stepDecimals(step);
  const first = Math.ceil(min / step - 1e-9);
  const last = Math.floor(max / step + 1e-9);
  const values: number[] = [];
  for (let i = first; i <= last; i++) values.push(Number((i * step).toFixed(decimals)));
  return { step, values };
}

/** `max` raised to the next multiple of the nice step (so an axis ends on a tick). */
export function niceMax(max: number, target = 5): number {
  if (!(max > 0)) return 1;
  const step = niceStep(max, target);
  return Number((Math.ceil(max / step - 1e-9) * step).toFixed(stepDecimals(step)));
}

/** A tick value printed with as many decimals as its step needs. */
export function formatTick(value: number, step: number): string {
  const fixed = value.toFixed(stepDecimals(step));
  return fixed === '-0' ? '0' : fixed.replace(/^-0(\.0+)?$/, '0');
}

/** The unit an axis shows its values in: value ÷ divisor, labelled `label`. */
export interface DisplayUnit {
  readonly divisor: number;
  readonly label: string;
}

/** Tick marks of a logarithmic time axis, one per decade-ish step: 1 s, 10 s, 1 min, 10 min, 1 h, … */
const LOG_TIME_TICKS: readonly (readonly [number, string])[] = [
  [0.001, '1 ms'],
  [0.01, '10 ms'],
  [0.1, '0.1 s'],
  [1, '1 s'],
  [10, '10 s'],
  [60, '1 min'],
  [600, '10 min'],
  [3600, '1 h'],
  [36_000, '10 h'],
  [86_400, '1 d'],
  [864_000, '10 d'],
  [8_640_000, '100 d'],
];

/** Denser marks, never closer than 0.3 decades: 1, 2, 5, 10, 30 s, 1, 2, 5, 10, 30 min, 1, 2, 5, 10 h, 1, 2, 5, 10 d. */
const DENSE_LOG_TIME_TICKS: readonly (readonly [number, string])[] = [
  [0.001, '1 ms'],
  [0.01, '10 ms'],
  [0.1, '0.1 s'],
  ...([1, 2, 5, 10, 30] as const).map((v): [number, string] => [v, `${v} s`]),
  ...([1, 2, 5, 10, 30] as const).map((v): [number, string] => [v * 60, `${v} min`]),
  ...([1, 2, 5, 10] as const).map((v): [number, string] => [v * 3600, `${v} h`]),
  ...([1, 2, 5, 10, 100] as const).map((v): [number, string] => [v * 86_400, `${v} d`]),
];

/**
 * Labelled ticks of a log time axis inside [min, max] seconds; the denser set
 * when 0.3 decades span at least `minGap` of the axis's `pixels`.
 */
export function logTimeTicks(
  min: number,
  max: number,
  pixels = 0,
  minGap = 48,
): readonly { readonly value: number; readonly label: string }[] {
  const decades = Math.log10(max / min);
  const dense = decades > 0 && (pixels / decades) * 0.3 >= minGap;
  return (dense ? DENSE_LOG_TIME_TICKS : LOG_TIME_TICKS)
    .filter(([v]) => v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9))
    .map(([value, label]) => ({ value, label }));
}

export interface AxisTick {
  readonly value: number;
  readonly label: string;
}

/** Ticks of a linear axis in a display unit: positions in data units, labels in display units. */
export function unitTicks(min: number, max: number, unit: DisplayUnit, target = 5): readonly AxisTick[] {
  const ticks = niceTicks(min / unit.divisor, max / unit.divisor, target);
  return ticks.values.map((v) => ({ value: v * unit.divisor, label: formatTick(v, ticks.step) }));
}

/** A value axis from zero (or below, for negative values) to a round number above the values, in a display unit. */
export interface ValueAxis {
  readonly unit: DisplayUnit;
  readonly low: number;
  readonly high: number;
  readonly ticks: readonly AxisTick[];
}

/**
 * The axis that shows `values` (nulls and non-finite values ignored) in
 * `unit`, the one the report shows the metric in everywhere (metric-scale.ts),
 * with about `target` intervals.
 */
export function valueAxis(values: Iterable<number | null>, unit: DisplayUnit, target: number): ValueAxis {
  let lo = 0;
  let hi = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const step = niceStep((hi - lo) / unit.divisor, target) * unit.divisor || unit.divisor;
  const low = lo < 0 ? Math.floor(lo / step - 1e-9) * step : 0;
  const high = hi > 0 ? Math.ceil(hi / step - 1e-9) * step : lo < 0 ? 0 : unit.divisor;
  return { unit, low, high, ticks: unitTicks(low, high, unit, target) };
}

export interface LeftAxisOptions {
  readonly scale: Scale;
  readonly ticks: readonly AxisTick[];
  /** Left and right ends of the plot (grid lines span them). */
  readonly x0: number;
  readonly x1: number;
  readonly title?: string;
}

/** A vertical axis: horizontal grid lines, tick labels to the left, and a title above the labels. */
export function leftAxis(options: LeftAxisOptions): string {
  const { scale, ticks, x0, x1 } = options;
  let out = '<g class="axis">';
  for (const tick of ticks) {
    const y = num(scale(tick.value));
    out += `<line class="grid" x1="${num(x0)}" x2="${num(x1)}" y1="${y}" y2="${y}"/>`;
    out += text(x0 - 6, scale(tick.value), tick.label, { dy: '0.32em', 'text-anchor': 'end' });
  }
  const [r0, r1] = scale.range;
  out += `<line class="domain" x1="${num(x0)}" x2="${num(x0)}" y1="${num(r0)}" y2="${num(r1)}"/>`;
  if (options.title) out += text(x0, Math.min(r0, r1) - 10, options.title, { class: 'axis-title', 'text-anchor': 'start' });
  return out + '</g>';
}

/** Vertical grid lines at the ticks, from `top` to `bottom` (drawn under the data). */
export function verticalGrid(scale: Scale, ticks: readonly AxisTick[], top: number, bottom: number): string {
  let d = '';
  for (const tick of ticks) d += `M${num(scale(tick.value))} ${num(top)}V${num(bottom)}`;
  return d === '' ? '' : `<path class="grid" d="${d}"/>`;
}

export interface BottomAxisOptions {
  readonly scale: Scale;
  readonly ticks: readonly AxisTick[];
  /** The baseline's y. */
  readonly y: number;
  /** Where vertical grid lines start (top of the plot); none when absent. */
  readonly gridTop?: number;
  readonly title?: string;
}

/** A horizontal axis: baseline, tick marks and labels below, an optional title under them. */
export function bottomAxis(options: BottomAxisOptions): string {
  const { scale, ticks, y } = options;
  let out = '<g class="axis">';
  for (const tick of ticks) {
    const x = num(scale(tick.value));
    if (options.gridTop !== undefined) {
      out += `<line class="grid" x1="${x}" x2="${x}" y1="${num(options.gridTop)}" y2="${num(y)}"/>`;
    }
    out += `<line class="tick" x1="${x}" x2="${x}" y1="${num(y)}" y2="${num(y + 4)}"/>`;
    out += text(scale(tick.value), y + 16, tick.label, { 'text-anchor': 'middle' });
  }
  const [r0, r1] = scale.range;
  out += `<line class="domain" x1="${num(r0)}" x2="${num(r1)}" y1="${num(y)}" y2="${num(y)}"/>`;
  if (options.title) {
    out += element('text', { x: (r0 + r1) / 2, y: y + 34, class: 'axis-title', 'text-anchor': 'middle' }, escapeXml(options.title));
  }
  return out + '</g>';
}

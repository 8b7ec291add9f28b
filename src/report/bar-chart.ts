/**
 * A small bar chart of one metric: one bar per scheduler at the mean of its
 * replications, a whisker over the 95% confidence interval, the metric's
 * name, display unit and which direction is better. Bars start at zero so
 * their heights are proportional to the values.
 */
import { betterPhrase } from './format.js';
import { leftAxis, linearScale, valueAxis, type AxisTick, type DisplayUnit, type Scale } from './axis.js';
import { element, escapeXml, num, svgRoot, text, textWidth, truncate } from './svg.js';

export interface BarDatum {
  /** The scheduler's name. */
  readonly label: string;
  /** The mean; null when the metric is undefined for this scheduler. */
  readonly value: number | null;
  /** Ends of the 95% interval; null when unknown (one replication). */
  readonly low: number | null;
  readonly high: number | null;
  readonly colour: string;
  /** The value as the summary table prints it (for tooltips and screen readers). */
  readonly valueText: string;
  /** Drawn with an emphasised label. */
  readonly best?: boolean;
}

export interface BarChartSpec {
  /** Unique within the page. */
  readonly id: string;
  readonly title: string;
  /** The unit the report shows the metric in (metric-scale.ts). */
  readonly unit: DisplayUnit;
  readonly better: 'lower' | 'higher' | 'neither';
  readonly bars: readonly BarDatum[];
  readonly width?: number;
  readonly height?: number;
}

export interface BarShape {
  readonly x: number;
  /** Top edge. */
  readonly y: number;
  readonly width: number;
  /** |value| × pixels per unit. */
  readonly height: number;
  /** The interval's ends in pixels (yLow ≥ yHigh), or null. */
  readonly whisker: { readonly x: number; readonly yLow: number; readonly yHigh: number } | null;
}

export interface BarLayout {
  readonly width: number;
  readonly height: number;
  readonly plot: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number };
  readonly unit: DisplayUnit;
  readonly scale: Scale;
  readonly ticks: readonly AxisTick[];
  /** Scheduler names as drawn (truncated), one per datum. */
  readonly labels: readonly string[];
  /** One per datum, null where the value is null. */
  readonly bars: readonly (BarShape | null)[];
  readonly bandWidth: number;
  /** Scheduler names are drawn slanted when they do not fit under their bars. */
  readonly slantedLabels: boolean;
}

const LABEL_FONT = 11;
const MAX_LABEL_CHARS = 16;

/** Where every bar and whisker goes. Pure geometry, so tests can check it without parsing SVG. */
export function barLayout(spec: BarChartSpec): BarLayout {
  const width = spec.width ?? 380;
  const height = spec.height ?? 250;
  const { unit, low: domainLow, high: domainHigh, ticks } = valueAxis(spec.bars.flatMap((bar) => [bar.value, bar.low, bar.high]), spec.unit, 4);
  const labels = spec.bars.map((b) => truncate(b.label, MAX_LABEL_CHARS));
  const tickWidth = Math.max(...ticks.map((t) => textWidth(t.label, LABEL_FONT)), 10);
  const left = Math.max(34, Math.ceil(tickWidth) + 12);
  const right = width - 10;
  const n = Math.max(1, spec.bars.length);
  const bandWidth = (right - left) / n;
  const widestLabel = Math.max(...labels.map((l) => textWidth(l, LABEL_FONT)), 0);
  const slantedLabels = widestLabel > bandWidth - 4;
  const bottomMargin = slantedLabels ? Math.ceil(widestLabel * 0.64) + 18 : 26;
  const top = 62;
  const bottom = height - bottomMargin;
  const scale = linearScale([domainLow, domainHigh], [bottom, top]);
  const barWidth = Math.min(56, bandWidth * 0.62);
  const zero = scale(0);
  const bars = spec.bars.map((bar, i): BarShape | null => {
    if (bar.value === null || !Number.isFinite(bar.value)) return null;
    const x = left + bandWidth * i + (bandWidth - barWidth) / 2;
    const yValue = scale(bar.value);
    const whisker =
      bar.low === null || bar.high === null
        ? null
        : { x: x + barWidth / 2, yLow: scale(bar.low), yHigh: scale(bar.high) };
    return { x, y: Math.min(zero, yValue), width: barWidth, height: Math.abs(zero - yValue), whisker };
  });
  return { width, height, plot: { left, right, top, bottom }, unit, scale, ticks, labels, bars, bandWidth, slantedLabels };
}

/** About three significant digits, in the display unit (the unit itself is in the chart's subtitle). */
function shortValue(value: number, unit: DisplayUnit): string {
  const v = value / unit.divisor;
  if (v === 0) return '0';
  const magnitude = Math.floor(Math.log10(Math.abs(v)));
  return v.toFixed(Math.min(3, Math.max(0, 2 - magnitude)));
}

export function renderBarChart(spec: BarChartSpec): string {
  const layout = barLayout(spec);
  const { plot, scale, unit } = layout;
  const unitText = unit.label === '' ? '' : `in ${unit.label} · `;
  let body = '';
  body += text(0, 16, truncate(spec.title, 48), { class: 'chart-title' });
  body += text(0, 34, `${unitText}${betterPhrase(spec.better)}`, { class: `chart-subtitle better-${spec.better}` });
  body += leftAxis({ scale, ticks: layout.ticks, x0: plot.left, x1: plot.right });
  const zero = scale(0);
  body += `<line class="baseline" x1="${num(plot.left)}" x2="${num(plot.right)}" y1="${num(zero)}" y2="${num(zero)}"/>`;
  const valueFits = layout.bandWidth >= 34;
  spec.bars.forEach((bar, i) => {
    const shape = layout.bars[i];
    const centre = plot.left + layout.bandWidth * (i + 0.5);
    const tooltip = element('title', {}, escapeXml(`${bar.label}: ${bar.valueText}`));
    if (shape === null) {
      body += text(centre, zero - 6, 'n/a', { class: 'muted', 'text-anchor': 'middle' });
    } else {
      body += element(
        'rect',
        { class: 'bar', x: shape.x, y: shape.y, width: shape.width, height: shape.height, fill: bar.colour },
        tooltip,
      );
      if (shape.whisker) {
        const w = shape.whisker;
        const cap = Math.min(8, shape.width * 0.3);
        body +=
          `<path class="whisker" d="M${num(w.x)} ${num(w.yLow)}V${num(w.yHigh)}` +
          `M${num(w.x - cap)} ${num(w.yLow)}h${num(2 * cap)}M${num(w.x - cap)} ${num(w.yHigh)}h${num(2 * cap)}"/>`;
      }
      if (valueFits && bar.value !== null) {
        const top = Math.min(shape.y, shape.whisker ? Math.min(shape.whisker.yHigh, shape.whisker.yLow) : shape.y);
        body += text(centre, top - 4, shortValue(bar.value, unit), { class: 'value', 'text-anchor': 'middle' });
      }
    }
    const label = layout.labels[i];
    const labelClass = bar.best ? 'tick-label best' : 'tick-label';
    body += layout.slantedLabels
      ? text(centre, plot.bottom + 12, label, {
          class: labelClass,
          'text-anchor': 'end',
          transform: `rotate(-40 ${num(centre)} ${num(plot.bottom + 12)})`,
        })
      : text(centre, plot.bottom + 16, label, { class: labelClass, 'text-anchor': 'middle' });
  });
  const described = spec.bars.map((b) => `${b.label} ${b.valueText}`).join('; ');
  return svgRoot(
    {
      id: spec.id,
      width: layout.width,
      height: layout.height,
      title: `${spec.title} by scheduler (${betterPhrase(spec.better, false)})`,
      description: `Mean over replications with 95% confidence interval: ${described}.`,
    },
    body,
  );
}

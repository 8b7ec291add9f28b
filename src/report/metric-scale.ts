/**
 * One unit per metric across a report: a metric's values are printed, charted
 * and compared in the same unit (a byte metric in the binary unit of its
 * largest value, seconds as seconds everywhere), so the table and the chart
 * of a metric never disagree. Which values tie is judged on the printed text:
 * two schedulers whose values print the same are equal to the reader, and are
 * marked alike.
 */
import type { MetricDefinition } from '../metrics/index.js';
import { byteUnit } from './format.js';

export interface MetricScale {
  /** Printed after the number ('' for counts and ratios). */
  readonly label: string;
  /** Values are divided by this before printing. */
  readonly divisor: number;
  readonly decimals: number;
}

/** The scale for `metric` given every value it will print (nulls ignored). */
export function metricScale(metric: Pick<MetricDefinition, 'unit'>, values: readonly (number | null)[]): MetricScale {
  const largest = Math.max(0, ...values.filter((v): v is number => v !== null && Number.isFinite(v)).map(Math.abs));
  switch (metric.unit) {
    case 's':
      return { label: 's', divisor: 1, decimals: 1 };
    case '%':
      return { label: '%', divisor: 1, decimals: 1 };
    case 'bytes':
    case 'byte·hops': {
      const unit = byteUnit(largest);
      const label = metric.unit === 'bytes' ? unit.label : `${unit.label}·hops`;
      return { label, divisor: unit.divisor, decimals: unit.divisor === 1 ? 0 : 2 };
    }
    default:
      return { label: '', divisor: 1, decimals: values.every((v) => v === null || Number.isInteger(v)) ? 0 : 3 };
  }
}

/** The most decimals a difference is printed with. */
const MAX_DIFFERENCE_DECIMALS = 6;

/**
 * `scale` (its unit kept: one unit per metric) with decimals enough for each
 * of `values`, differences and their half-widths, to show two significant
 * digits: 3 GiB·hops in a table of TiB·hops is 0.0029 TiB·hops, not 0.00.
 */
export function differenceScale(scale: MetricScale, values: readonly (number | null)[]): MetricScale {
  let decimals = scale.decimals;
  for (const value of values) {
    if (value === null || !Number.isFinite(value) || value === 0) continue;
    const digits = 1 - Math.floor(Math.log10(Math.abs(value / scale.divisor)));
    decimals = Math.max(decimals, Math.min(MAX_DIFFERENCE_DECIMALS, digits));
  }
  return { ...scale, decimals };
}

/** `value` in `scale`, with its unit; '—' when undefined. */
export function formatScaled(value: number | null, scale: MetricScale): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const number = (value / scale.divisor).toFixed(scale.decimals);
  // -0.0 prints as 0.0: a difference that rounds to nothing has no sign.
  const text = /^-0(\.0+)?$/.test(number) ? number.slice(1) : number;
  return scale.label === '' ? text : `${text} ${scale.label}`;
}

/**
 * Indices of the best values as printed (several on a tie); none when the
 * metric ranks nothing (`better: 'neither'`), when fewer than two values are
 * defined, or when every defined value prints the same.
 */
export function bestPrinted(values: readonly (number | null)[], metric: Pick<MetricDefinition, 'better'>, scale: MetricScale): number[] {
  if (metric.better === 'neither') return [];
  const printed = values.map((v) => (v === null || !Number.isFinite(v) ? null : Number((v / scale.divisor).toFixed(scale.decimals))));
  const defined = printed.filter((v): v is number => v !== null);
  if (defined.length < 2) return [];
  const best = metric.better === 'lower' ? Math.min(...defined) : Math.max(...defined);
  if (defined.every((v) => v === best)) return [];
  return printed.flatMap((v, i) => (v === best ? [i] : []));
}

/** A difference with its sign: +12.0 s, −3.1 %, 0.0 s. */
export function signed(value: number, scale: MetricScale): string {
  const text = formatScaled(value, scale);
  return text.startsWith('-') ? `−${text.slice(1)}` : /^0(\.0*)?( |$)/.test(text) ? text : `+${text}`;
}

/** A mean difference and, with more than one pair, ± its 95% half-width: +12.0 s ± 3.1 s. */
export function differenceText(difference: { readonly mean: number; readonly halfWidth: number | null }, scale: MetricScale): string {
  const text = signed(difference.mean, scale);
  return difference.halfWidth === null ? text : `${text} ± ${formatScaled(difference.halfWidth, scale)}`;
}

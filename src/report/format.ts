/** Metric values as people read them: seconds, percentages, binary byte units. */

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value.toFixed(0) : value.toFixed(2)} ${BYTE_UNITS[unit]}`;
}

/** A metric value with its unit; '—' when undefined. */
export function formatMetric(value: number | null, unit: string): string {
  if (value === null || Number.isNaN(value)) return '—';
  switch (unit) {
    case 's':
      return `${value.toFixed(1)} s`;
    case '%':
      return `${value.toFixed(1)} %`;
    case 'bytes':
      return formatBytes(value);
    case 'byte·hops':
      return `${formatBytes(value)}·hops`;
    default:
      return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }
}

/** A mean with its 95% half-width, in the metric's unit. */
export function formatInterval(mean: number, halfWidth: number | null, unit: string): string {
  if (halfWidth === null) return formatMetric(mean, unit);
  return `${formatMetric(mean, unit)} ± ${formatMetric(halfWidth, unit)}`;
}

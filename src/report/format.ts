/** Metric values as people read them: seconds, percentages, binary byte units. */

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** The binary unit that shows |bytes| below 1024 (PiB at most), with its size in bytes. */
export function byteUnit(bytes: number): { readonly divisor: number; readonly label: string } {
  let power = 0;
  while (power < BYTE_UNITS.length - 1 && Math.abs(bytes) >= 1024 ** (power + 1)) power++;
  return { divisor: 1024 ** power, label: BYTE_UNITS[power] };
}

function formatBytes(bytes: number): string {
  const unit = byteUnit(bytes);
  const value = bytes / unit.divisor;
  return `${unit.divisor === 1 ? value.toFixed(0) : value.toFixed(2)} ${unit.label}`;
}

/** Memory as YARN's users read it, in GB of 1024 MB to two decimals (`22 GB`, `9.44 GB`), below 1 GB in whole MB. */
export function formatMemory(bytes: number): string {
  return bytes >= 2 ** 30 ? `${Number((bytes / 2 ** 30).toFixed(2))} GB` : `${Math.round(bytes / 2 ** 20)} MB`;
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

/** "lower is better ↓", "higher is better ↑" (the arrow left out on request), or "not ranked" for a metric that ranks nothing. */
export function betterPhrase(better: 'lower' | 'higher' | 'neither', arrow = true): string {
  if (better === 'neither') return 'not ranked';
  return `${better} is better${arrow ? (better === 'lower' ? ' ↓' : ' ↑') : ''}`;
}

/** CSV text (RFC 4180) with numbers printed the same way on every run. */

/** Seconds and bytes to at most 6 decimals, never in exponent form; integers as they are. */
function formatNumber(value: number | null): string {
  if (value === null || Number.isNaN(value)) return '';
  if (Number.isInteger(value)) return String(value);
  const fixed = value.toFixed(6);
  return fixed.replace(/\.?0+$/, '');
}

function csvField(value: string | number | null): string {
  if (typeof value === 'number' || value === null) return formatNumber(value);
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(fields: readonly (string | number | null)[]): string {
  return fields.map(csvField).join(',') + '\n';
}

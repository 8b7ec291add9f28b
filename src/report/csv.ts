/** CSV text (RFC 4180) with numbers printed the same way on every run. */

const ZERO = 48;
const DOT = 46;

/** Seconds and bytes to at most 6 decimals, never in exponent form; integers as they are. */
export function csvNumber(value: number | null): string {
  if (value === null || Number.isNaN(value)) return '';
  if (Number.isInteger(value)) return String(value);
  // Trailing zeros, then a trailing point, dropped (a loop: a regular expression per number cost
  // seconds on a tasks.csv of 16 million rows).
  const fixed = value.toFixed(6);
  let end = fixed.length;
  while (fixed.charCodeAt(end - 1) === ZERO) end--;
  if (fixed.charCodeAt(end - 1) === DOT) end--;
  return end === fixed.length ? fixed : fixed.slice(0, end);
}

export function csvField(value: string | number | null): string {
  if (typeof value === 'number' || value === null) return csvNumber(value);
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(fields: readonly (string | number | null)[]): string {
  return fields.map(csvField).join(',') + '\n';
}

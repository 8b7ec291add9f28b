/**
 * Plain-text tables for the terminal: a header, a rule, rows. The first
 * column is left-aligned; the others right-aligned when every cell in them
 * is a number (with its unit) or a dash, left-aligned when they hold text.
 */

export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  // A fold, not Math.max(...rows): spreading 300,000 rows overflows the stack.
  const widths = header.map((h, c) => rows.reduce((width, row) => Math.max(width, row[c].length), h.length));
  const right = header.map((_, c) => c > 0 && rows.every((row) => /^[-+−]?\d|^[—-]$|^$/.test(row[c])));
  const line = (cells: readonly string[]) =>
    cells.map((cell, c) => (right[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n') + '\n';
}

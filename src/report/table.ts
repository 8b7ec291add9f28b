/**
 * Plain-text tables for the terminal: a header, a rule, rows. The first
 * column is left-aligned; the others right-aligned when every cell in them
 * is a number (with its unit) or a dash, left-aligned when they hold text.
 *
 * A table wider than the terminal (`COLUMNS`, or the terminal's own width;
 * no limit when the output is not a terminal) first wraps its widest text
 * columns at spaces, down to MIN_WRAP characters, then, if still too wide,
 * prints its columns in groups one under the other, each with the first
 * column again.
 */

/** A text column is not wrapped narrower than this. */
const MIN_WRAP = 16;
const GAP = 2;

/** The width tables are fitted to: `COLUMNS`, else the terminal's, else none. */
export function terminalWidth(): number {
  const columns = Number(process.env.COLUMNS);
  if (Number.isInteger(columns) && columns > 0) return columns;
  return process.stdout.isTTY ? process.stdout.columns : Infinity;
}

export function renderTable(header: readonly string[], rows: readonly (readonly string[])[], width = terminalWidth()): string {
  // A fold, not Math.max(...rows): spreading 300,000 rows overflows the stack.
  const widths = header.map((h, c) => rows.reduce((w, row) => Math.max(w, row[c].length), h.length));
  const right = header.map((_, c) => c > 0 && rows.every((row) => /^[-+−]?\d|^[—-]$|^$/.test(row[c])));
  wrapTextColumns(widths, right, width);
  return columnGroups(widths, width)
    .map((group) => {
      const columns = [0, ...group];
      const line = (cells: readonly string[]) => columns.map((c) => (right[c] ? cells[c].padStart(widths[c]) : cells[c].padEnd(widths[c]))).join(' '.repeat(GAP)).trimEnd();
      const lines = (cells: readonly string[]) => wrappedRow(cells, columns, widths).map(line);
      return [...lines(header), columns.map((c) => '-'.repeat(widths[c])).join(' '.repeat(GAP)), ...rows.flatMap(lines)].join('\n') + '\n';
    })
    .join('\n');
}

function tableWidth(widths: readonly number[], columns: readonly number[]): number {
  return columns.reduce((sum, c) => sum + widths[c], 0) + GAP * (columns.length - 1);
}

/** Narrows the widest text columns (not the first) evenly until the table fits, none below MIN_WRAP. */
function wrapTextColumns(widths: number[], right: readonly boolean[], width: number): void {
  const all = widths.map((_, c) => c);
  for (;;) {
    const excess = tableWidth(widths, all) - width;
    const narrowable = all.filter((c) => c > 0 && !right[c] && widths[c] > MIN_WRAP);
    if (excess <= 0 || narrowable.length === 0) return;
    const top = Math.max(...narrowable.map((c) => widths[c]));
    const widest = narrowable.filter((c) => widths[c] === top);
    const next = Math.max(MIN_WRAP, ...narrowable.filter((c) => widths[c] < top).map((c) => widths[c]));
    const cut = Math.min(top - next, Math.ceil(excess / widest.length));
    for (const c of widest) widths[c] -= cut;
  }
}

/** The columns after the first, in groups that each fit beside the first (at least one column a group). */
function columnGroups(widths: readonly number[], width: number): number[][] {
  const groups: number[][] = [];
  for (let c = 1; c < widths.length; c++) {
    const last = groups.at(-1);
    if (last !== undefined && tableWidth(widths, [0, ...last, c]) <= width) last.push(c);
    else groups.push([c]);
  }
  return groups.length === 0 ? [[]] : groups;
}

/** A row's cells as lines, each cell wrapped to its column's width. */
function wrappedRow(cells: readonly string[], columns: readonly number[], widths: readonly number[]): (readonly string[])[] {
  if (columns.every((c) => cells[c].length <= widths[c])) return [cells];
  const wrapped = cells.map((cell, c) => (columns.includes(c) ? wrapCell(cell, widths[c]) : [cell]));
  const height = Math.max(...columns.map((c) => wrapped[c].length));
  return Array.from({ length: height }, (_, i) => wrapped.map((lines) => lines[i] ?? ''));
}

/** A cell's text in lines of at most `width` characters, broken at spaces (a longer word is cut). */
function wrapCell(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (joined.length <= width) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  lines.push(line);
  return lines;
}

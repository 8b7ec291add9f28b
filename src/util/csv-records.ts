/**
 * Records of CSV text (RFC 4180): fields split at commas, a quoted field
 * holding commas, line ends and doubled quotes, lines ending in LF or CRLF.
 * Reads back what `src/report/csv.ts` writes.
 */

export interface CsvRecord {
  readonly fields: readonly string[];
  /** 1-based line the record starts on. */
  readonly line: number;
}

/** Thrown for a quoted field that never closes, or text after a closing quote; `line` is where it starts. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly problem: string,
  ) {
    super(`line ${line}, column ${column}: ${problem}`);
    this.name = 'CsvSyntaxError';
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** The records of `text` in order; an empty line is no record. */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let line = 1;
  let lineStart = 0;
  let i = 0;
  while (i < text.length) {
    const recordLine = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text.charCodeAt(i) === QUOTE) {
        const column = i - lineStart + 1;
        i++;
        for (;;) {
          if (i >= text.length) throw new CsvSyntaxError(recordLine, column, 'a quoted field that does not close');
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            if (text.charCodeAt(i + 1) !== QUOTE) break;
            field += '"';
            i += 2;
            continue;
          }
          if (c === LF) {
            line++;
            lineStart = i + 1;
          }
          field += text[i];
          i++;
        }
        i++;
        const next = text.charCodeAt(i);
        if (i < text.length && next !== COMMA && next !== LF && next !== CR) {
          throw new CsvSyntaxError(line, i - lineStart + 1, 'text after a closing quote');
        }
      } else {
        const start = i;
        while (i < text.length && text.charCodeAt(i) !== COMMA && text.charCodeAt(i) !== LF && text.charCodeAt(i) !== CR) i++;
        field = text.slice(start, i);
      }
      fields.push(field);
      if (text.charCodeAt(i) !== COMMA) break;
      i++;
    }
    if (text.charCodeAt(i) === CR) i++;
    if (text.charCodeAt(i) === LF) i++;
    line++;
    lineStart = i;
    if (fields.length > 1 || fields[0] !== '') yield { fields, line: recordLine };
  }
}

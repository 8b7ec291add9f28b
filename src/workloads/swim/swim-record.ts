/**
 * One line of a SWIM workload file (the Facebook 2009/2010 traces of the
 * SWIM project): six tab-separated columns, no header. This file reads one
 * line into a record, or says which column is wrong and why; the mapping to
 * a job is in swim-job.ts, the reading of the whole file in import-swim.ts.
 *
 * What a line must be:
 * - six columns separated by tabs (as SWIM's own tools split them), or
 *   seven: SWIM's FB-2010 file "with input paths" adds an anonymised input
 *   path, read as text and not used; a trailing carriage return (a file
 *   written with CRLF line ends) is dropped first;
 * - column 1, the job id, is non-empty text;
 * - columns 2 and 3, submit time and gap, seconds: digits with an optional
 *   decimal fraction (`49`, `49.5`); no sign, no exponent;
 * - columns 4 to 6, bytes: whole numbers of digits only, at most 2^53 − 1
 *   (the largest integer a double holds exactly; 8 PiB, far above any job
 *   of these traces).
 * A line of nothing but spaces and tabs is blank: not a record, not an error.
 */
import { hasUnsafeCharacter, WITHOUT_UNSAFE_CHARACTERS } from '../../input/text-characters.js';

/** The six columns every line has, in file order. */
export const SWIM_COLUMNS = [
  'job id',
  'submit time',
  'gap',
  'map input bytes',
  'shuffle bytes',
  'reduce output bytes',
] as const;

/** The seventh column some files have (SWIM's FB-2010 file with input paths). */
const SWIM_INPUT_PATH_COLUMN = 'input path';

/** One job as the trace states it (sizes in bytes, times in seconds), before any rule is applied. */
export interface SwimRecord {
  readonly id: string;
  /** Seconds from the start of the workload. */
  readonly submit: number;
  /** Seconds since the previous job's submission (read and checked, not used: column 2 is the time). */
  readonly gap: number;
  readonly inputBytes: number;
  readonly shuffleBytes: number;
  readonly outputBytes: number;
  /** Column 7 when the file has it (an anonymised input path), else undefined. */
  readonly inputPath?: string;
}

/** What is wrong with a line: the 1-based column, where it starts, what was expected, what was found. */
export interface SwimLineProblem {
  /** The trace's column, 1 to 7 (8 for the first extra one). */
  readonly column: number;
  /** 1-based character position of that column's field in the line (one past the end when it is missing). */
  readonly at: number;
  readonly expected: string;
  readonly found: string;
}

export type SwimLine =
  | { readonly kind: 'blank' }
  | { readonly kind: 'record'; readonly record: SwimRecord }
  | { readonly kind: 'invalid'; readonly problem: SwimLineProblem };

/** `column 4 (map input bytes)`: how problems name a column. */
export function columnName(column: number): string {
  const name = column === 7 ? SWIM_INPUT_PATH_COLUMN : SWIM_COLUMNS[column - 1];
  return name === undefined ? `column ${column}` : `column ${column} (${name})`;
}

const SECONDS = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;
const COLUMN_LIST = `${SWIM_COLUMNS.length} tab-separated columns (${SWIM_COLUMNS.join(', ')}), or 7 with an ${SWIM_INPUT_PATH_COLUMN}`;

/** Read one line (without its line end). The first problem, left to right, makes the line invalid. */
export function parseSwimLine(line: string): SwimLine {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (text.trim() === '') return { kind: 'blank' };
  const fields = text.split('\t');
  const starts: number[] = [];
  for (let i = 0, at = 1; i < fields.length; at += fields[i].length + 1, i++) starts.push(at);
  const invalid = (column: number, expected: string, found: string): SwimLine => ({
    kind: 'invalid',
    problem: { column, at: starts[column - 1] ?? text.length + 1, expected, found },
  });
  const n = fields.length;
  if (n < SWIM_COLUMNS.length || n > SWIM_COLUMNS.length + 1) {
    // Too few: point at the first missing column. Too many: at the first extra one.
    return invalid(n < SWIM_COLUMNS.length ? n + 1 : SWIM_COLUMNS.length + 2, COLUMN_LIST, `${n} column${n === 1 ? '' : 's'}`);
  }
  const [id, submitText, gapText, inputText, shuffleText, outputText, inputPath] = fields;
  if (id === '') return invalid(1, 'a job id (non-empty text)', 'an empty field');
  if (hasUnsafeCharacter(id)) return invalid(1, `a job id ${WITHOUT_UNSAFE_CHARACTERS}`, describeField(id));
  const submit = seconds(submitText);
  if (typeof submit !== 'number') return invalid(2, submit.expected, submit.found);
  const gap = seconds(gapText);
  if (typeof gap !== 'number') return invalid(3, gap.expected, gap.found);
  const sizes: number[] = [];
  for (const [i, field] of [inputText, shuffleText, outputText].entries()) {
    const size = bytes(field);
    if (typeof size !== 'number') return invalid(4 + i, size.expected, size.found);
    sizes.push(size);
  }
  if (inputPath === '') return invalid(7, `an ${SWIM_INPUT_PATH_COLUMN} (non-empty text), or no seventh column`, 'an empty field');
  if (inputPath !== undefined && hasUnsafeCharacter(inputPath)) return invalid(7, `an ${SWIM_INPUT_PATH_COLUMN} ${WITHOUT_UNSAFE_CHARACTERS}`, describeField(inputPath));
  const [inputBytes, shuffleBytes, outputBytes] = sizes;
  const record: SwimRecord = { id, submit, gap, inputBytes, shuffleBytes, outputBytes };
  return { kind: 'record', record: inputPath === undefined ? record : { ...record, inputPath } };
}

interface FieldProblem {
  readonly expected: string;
  readonly found: string;
}

function seconds(field: string): number | FieldProblem {
  const expected = 'a number of seconds ≥ 0 (digits, optionally a decimal fraction)';
  if (!SECONDS.test(field)) return { expected, found: describeField(field) };
  return Number(field);
}

function bytes(field: string): number | FieldProblem {
  if (!WHOLE.test(field)) return { expected: 'a whole number of bytes ≥ 0 (digits only)', found: describeField(field) };
  const value = Number(field);
  if (!Number.isSafeInteger(value)) {
    return { expected: `a whole number of bytes ≤ ${Number.MAX_SAFE_INTEGER}`, found: describeField(field) };
  }
  return value;
}

function describeField(field: string): string {
  if (field === '') return 'an empty field';
  if (/^\s*-\s*\d/.test(field)) return `'${field}' (negative)`;
  return `'${field}'`;
}

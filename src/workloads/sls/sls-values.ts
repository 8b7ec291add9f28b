/**
 * Reading the values of an SLS file the way SLS reads them, and naming where
 * a value sits. SLS parses every number from the value's text
 * (`Long.parseLong(value.toString())`), so a time or a count may be a JSON
 * number or a string of digits; anything else is a problem.
 *
 * A problem's path names the record (`job 2 (job_2)`, `rack 1 (rack1)`: the
 * record's position in the file, from 1, and its id when it has a usable one)
 * and then the JSON path inside it, keys written as they are in the file
 * (SLS keys contain dots): `job 2 (job_2).job.tasks[0].container.end.ms`.
 */
import type { InputProblem } from '../../util/input-error.js';
import { describeValue } from '../../input/scenario-file.js';

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A time in milliseconds: a finite JSON number, or a string of an integer (as SLS's Long.parseLong takes). */
export function milliseconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^[+-]?\d{1,18}$/.test(value)) return Number(value);
  return undefined;
}

/** A whole number: an integer JSON number, or a string of one. */
export function wholeNumber(value: unknown): number | undefined {
  const n = milliseconds(value);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

/** What "a time" means in problems. */
export const TIME_EXPECTED = 'a time in ms (a number, or a string of digits)';

/** `job 2 (job_2)`: the record's position in the file (from 1) and its id when known. */
export function recordLabel(kind: string, index: number, id: string | undefined): string {
  return id === undefined ? `${kind} ${index + 1}` : `${kind} ${index + 1} (${id})`;
}

/** `job 2 (job_2).job.tasks[0].container.end.ms`: keys joined by dots, indices in brackets. */
export function jsonPath(record: string, ...segments: readonly (string | number)[]): string {
  return segments.reduce<string>((path, s) => (typeof s === 'number' ? `${path}[${s}]` : `${path}.${s}`), record);
}

/** A problem at `path`, describing the value found. */
export function problemAt(path: string, expected: string, value: unknown): InputProblem {
  return { path, expected, found: describeValue(value) };
}

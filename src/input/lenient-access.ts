/**
 * Reading a scenario file as written, before the schema has accepted it.
 * Each helper returns a value only when it has the expected type, so the
 * checks that span fields run on a file with mistakes and still report
 * every other problem.
 */
import { parseDuration, parseSize } from '../util/units.js';

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list's entries, an entry that is not an object read as `{}`; anything else, no entries. */
export function objects(value: unknown): Obj[] {
  return Array.isArray(value) ? value.map((v) => (isObj(v) ? v : {})) : [];
}

export function str(o: Obj, key: string): string | undefined {
  const v = o[key];
  return typeof v === 'string' ? v : undefined;
}

export function has(o: Obj, key: string): boolean {
  return o[key] !== undefined;
}

/** A whole number ≥ 0. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Bytes, from a number or a size such as '64 MB'. */
export function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && value >= 0) return Math.round(value);
  if (typeof value === 'string') return parseSize(value) ?? undefined;
  return undefined;
}

/** Seconds, from a number or a duration such as '5 min'. */
export function secondsOf(value: unknown): number | undefined {
  if (typeof value === 'number' && value >= 0) return value;
  if (typeof value === 'string') return parseDuration(value) ?? undefined;
  return undefined;
}

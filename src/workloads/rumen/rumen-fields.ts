/**
 * Checked access to the fields of one Rumen record (a JSON object of unknown
 * shape). Each reader returns the value, or `undefined` when the trace says
 * "unknown" (Rumen writes -1 for an unknown number and null for an unknown
 * object or string; a field left out means the same), and records a problem,
 * with its JSON path, for a value of the wrong kind: a string where a time
 * goes, a task that is not an object, a negative size other than -1.
 */
import { describeValue } from '../../input/scenario-file.js';
import type { InputProblem } from '../../util/input-error.js';
import { hasUnsafeCharacter, WITHOUT_UNSAFE_CHARACTERS } from '../../input/text-characters.js';

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects the problems of one record; paths are relative to `root` (e.g. `job 2 (job_…)`). */
export class FieldReader {
  readonly problems: InputProblem[] = [];

  constructor(private root: string) {}

  /** Renames the record's root in later problems (once its id is known). */
  setRoot(root: string): void {
    this.root = root;
  }

  path(relative: string): string {
    return relative === '' ? this.root : relative.startsWith('[') ? this.root + relative : `${this.root}.${relative}`;
  }

  problem(relative: string, expected: string, value: unknown): void {
    this.problems.push({ path: this.path(relative), expected, found: describeValue(value) });
  }

  /** A string; null, missing or '' is unknown. Ids and names go into the scenario: control characters are a problem. */
  string(object: JsonObject, key: string, at: string): string | undefined {
    const value = object[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'string' && !hasUnsafeCharacter(value)) return value;
    this.problem(join(at, key), `a string ${WITHOUT_UNSAFE_CHARACTERS} (or null when unknown)`, value);
    return undefined;
  }

  /**
   * A time (milliseconds since the epoch) or a byte count: a number ≥ 0;
   * -1, null or missing is unknown.
   */
  count(object: JsonObject, key: string, at: string): number | undefined {
    const value = object[key];
    if (value === undefined || value === null || value === -1) return undefined;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
    this.problem(join(at, key), 'a number ≥ 0 (or -1 when unknown)', value);
    return undefined;
  }

  /** A list; null or missing is an empty list. */
  list(object: JsonObject, key: string, at: string): readonly unknown[] {
    const value = object[key];
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    this.problem(join(at, key), 'a list (or null)', value);
    return [];
  }

  /** The items of a list that are objects; every other item is a problem. */
  objects(object: JsonObject, key: string, at: string, what: string): { readonly value: JsonObject; readonly at: string }[] {
    const out: { value: JsonObject; at: string }[] = [];
    this.list(object, key, at).forEach((item, i) => {
      const itemAt = `${join(at, key)}[${i}]`;
      if (isObject(item)) out.push({ value: item, at: itemAt });
      else this.problem(itemAt, what, item);
    });
    return out;
  }
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

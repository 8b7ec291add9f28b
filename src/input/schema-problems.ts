/**
 * A value checked against a zod schema, with every problem in words a user
 * can act on: the field's path, what was expected and what was found. Shared
 * by every file format mrsched reads (scenario files, makespan planning
 * inputs); each format's schema supplies the field names and messages.
 */
import type { z } from 'zod';

/** A problem located by a path of keys and indices (lines are added later, from the file). */
export interface PathProblem {
  readonly path: readonly (string | number)[];
  readonly expected: string;
  readonly found: string;
  /** Point at the key rather than the value (for unknown fields). */
  readonly atKey?: boolean;
}

type Issue = z.core.$ZodIssue;

/** A value checked against a schema: its parsed form, or every problem found. */
export type SchemaResult<T> = { ok: true; value: T } | { ok: false; problems: PathProblem[] };

/**
 * Check a parsed YAML/JSON value against a zod schema. Problems name the
 * field by path, say what was expected in words (a union reports the one
 * alternative the value came close to) and what was found; an unknown field
 * suggests the known one it is closest to.
 */
export function checkWithSchema<S extends z.ZodType>(schema: S, raw: unknown): SchemaResult<z.output<S>> {
  const result = schema.safeParse(raw, { error: expectedText });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: result.error.issues.flatMap((issue) => issueProblems(schema, issue, [], raw)) };
}

/** The value at `path` inside `root`, or undefined. */
function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

function issueProblems(schema: z.core.$ZodType, issue: Issue, prefix: readonly PropertyKey[], root: unknown): PathProblem[] {
  const path = [...prefix, ...issue.path].map(pathSegment);
  const input = valueAt(root, path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: [...path, key],
        expected: unknownFieldExpectation(schema, path, key),
        found: `unknown field '${key}'`,
        atKey: true,
      }));
    case 'invalid_union': {
      // Report the one alternative the value came close to, when there is one.
      const close = issue.errors.filter((branch) => !branch.every(isTypeMismatch));
      if (close.length === 1) return close[0].flatMap((inner) => issueProblems(schema, inner, path, root));
      if ('discriminator' in issue && issue.discriminator !== undefined && 'options' in issue) {
        return [{ path, expected: `one of ${(issue.options as unknown[]).join(', ')}`, found: describeValue(input) }];
      }
      return [{ path, expected: issue.message, found: describeValue(input) }];
    }
    default:
      return [{ path, expected: issue.message, found: describeValue(input) }];
  }
}

/** The value is not of the kind this alternative takes at all (a number where a mapping goes). */
function isTypeMismatch(issue: Issue): boolean {
  if (issue.path.length > 0) return false;
  if (issue.code === 'invalid_type') return true;
  return issue.code === 'invalid_union' && issue.errors.length > 0 && issue.errors.every((b) => b.every(isTypeMismatch));
}

function pathSegment(segment: PropertyKey): string | number {
  return typeof segment === 'number' ? segment : String(segment);
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'an integer',
  string: 'a string',
  boolean: 'true or false',
  object: 'a mapping (an object)',
  array: 'a list',
  record: 'a mapping (an object)',
};

/** What a check expected, in words (zod's per-parse error hook; schema-level messages take precedence). */
function expectedText(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_NAMES[issue.expected] ?? `a value of type ${issue.expected}`;
    case 'too_small':
      return bound(issue.origin, issue.minimum, issue.inclusive ?? true, 'small');
    case 'too_big':
      return bound(issue.origin, issue.maximum, issue.inclusive ?? true, 'big');
    case 'invalid_value':
      return issue.values.length === 1 ? String(issue.values[0]) : `one of ${issue.values.join(', ')}`;
    case 'invalid_format':
      return `a string in the format ${issue.format}`;
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return 'only known fields';
    case 'invalid_union':
      return 'one of the allowed forms';
    default:
      return 'a valid value';
  }
}

function bound(origin: string, limit: number | bigint, inclusive: boolean, side: 'small' | 'big'): string {
  const n = Number(limit);
  if (origin === 'array' || origin === 'set') {
    return side === 'small' ? `at least ${n} item${n === 1 ? '' : 's'}` : `at most ${n} item${n === 1 ? '' : 's'}`;
  }
  if (origin === 'string') return side === 'small' ? `at least ${n} character${n === 1 ? '' : 's'}` : `at most ${n} characters`;
  const op = side === 'small' ? (inclusive ? '≥' : '>') : inclusive ? '≤' : '<';
  return `a number ${op} ${n}`;
}

/** A value as the user wrote it, briefly. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0 ? 'an empty mapping' : `a mapping with ${keys.join(', ')}`;
  }
  return typeof value;
}

function unknownFieldExpectation(schema: z.core.$ZodType, path: readonly (string | number)[], key: string): string {
  const known = knownFields(schema, path);
  if (known.length === 0) return 'only known fields';
  const close = known.filter((k) => editDistance(k.toLowerCase(), key.toLowerCase()) <= (k.length >= 5 ? 2 : 1));
  if (close.length > 0) return `a known field (did you mean ${close.map((k) => `'${k}'`).join(' or ')}?)`;
  return `one of the fields ${known.join(', ')}`;
}

/** The field names an object at `path` may have, found by walking the schema. */
function knownFields(schema: z.core.$ZodType, path: readonly (string | number)[]): string[] {
  const objects = schemasAt(schema, path);
  const keys = new Set<string>();
  for (const object of objects) for (const key of Object.keys(objectShape(object) ?? {})) keys.add(key);
  return [...keys];
}

function unwrap(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return unwrap(def.innerType as z.core.$ZodType);
    case 'pipe':
      return unwrap(def.in as z.core.$ZodType);
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap(unwrap);
    default:
      return [schema];
  }
}

function objectShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  const def = schema._zod.def as unknown as { type: string; shape?: Record<string, z.core.$ZodType> };
  return def.type === 'object' ? def.shape : undefined;
}

function schemasAt(schema: z.core.$ZodType, path: readonly (string | number)[]): z.core.$ZodType[] {
  let current = unwrap(schema);
  for (const segment of path) {
    const next: z.core.$ZodType[] = [];
    for (const s of current) {
      const def = s._zod.def as unknown as { type: string; element?: z.core.$ZodType; valueType?: z.core.$ZodType };
      if (def.type === 'array' && typeof segment === 'number' && def.element) next.push(...unwrap(def.element));
      else if (def.type === 'record' && def.valueType) next.push(...unwrap(def.valueType));
      else {
        const field = objectShape(s)?.[String(segment)];
        if (field) next.push(...unwrap(field));
      }
    }
    current = next;
  }
  return current;
}

/** Edits (insert, delete, substitute, swap two neighbours) from a to b. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

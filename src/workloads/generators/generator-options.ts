/**
 * A generator's options checked against its schema: every bad option is
 * reported at once, by name, with what was expected and what was given.
 * Numbers may come as text (from a command line).
 */
import { z } from 'zod';
import { InputError } from '../../model/input-error.js';

/** A whole number in [min, max], given as a number or as text. */
export function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: `a whole number from ${min} to ${max}` })
    .int({ error: `a whole number from ${min} to ${max}` })
    .min(min, { error: `a whole number from ${min} to ${max}` })
    .max(max, { error: `a whole number from ${min} to ${max}` });
}

/** A number in (0, max] (or [0, max] when zero is allowed), given as a number or as text. */
export function positiveNumber(max: number, { zero = false } = {}) {
  const expected = `a number ${zero ? '≥ 0' : '> 0'} and ≤ ${max}`;
  const n = z.coerce.number({ error: expected }).max(max, { error: expected });
  return zero ? n.min(0, { error: expected }) : n.positive({ error: expected });
}

/** `options` checked by `schema`; an InputError naming each bad option (as `name`) otherwise. */
export function parseGeneratorOptions<S extends z.ZodType>(schema: S, options: unknown, source: string): z.output<S> {
  const result = schema.safeParse(options ?? {});
  if (result.success) return result.data;
  const given = (options ?? {}) as Record<string, unknown>;
  throw new InputError(
    source,
    result.error.issues.map((issue) => {
      const name = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') {
        return { path: issue.keys.join(', '), expected: 'a known option', found: `unknown option ${issue.keys.map((k) => `'${k}'`).join(', ')}` };
      }
      const value = given[name];
      return { path: name, expected: issue.message, found: value === undefined ? 'nothing' : `'${String(value)}'` };
    }),
  );
}

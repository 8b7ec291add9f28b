/**
 * A generator's options checked against its schema: every bad option is
 * reported at once, by name, with what was expected and what was given.
 * Numbers may come as text (from a command line).
 */
import { z } from 'zod';
import { InputError } from '../../util/input-error.js';
import { FACTOR_RANGE } from '../../model/model-range.js';

/** A whole number in [min, max], given as a number or as text. */
export function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: `a whole number from ${min} to ${max}` })
    .int({ error: `a whole number from ${min} to ${max}` })
    .min(min, { error: `a whole number from ${min} to ${max}` })
    .max(max, { error: `a whole number from ${min} to ${max}` });
}

/**
 * A number in [1e-6, max] (or [0, max] when zero is allowed), given as a
 * number or as text. Not any number above 0: a load or a speed ratio of
 * 1e-320 turns the generated rates and interarrivals infinite, which the
 * generated scenario would then be blamed for instead of the option.
 */
export function positiveNumber(max: number, { zero = false } = {}) {
  const min = zero ? 0 : FACTOR_RANGE.min;
  const expected = `a number from ${min} to ${max}`;
  return z.coerce.number({ error: expected }).min(min, { error: expected }).max(max, { error: expected });
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

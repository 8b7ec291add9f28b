/**
 * The schemas of quantities in scenario files: sizes, bandwidths and
 * durations with units, converted to base units and held to the model's
 * range, and the distributions of them that job shapes draw from.
 */
import { z } from 'zod';
import {
  BANDWIDTH_PATTERN,
  DURATION_PATTERN,
  SIZE_PATTERN,
  parseBandwidth,
  parseDuration,
  parseSize,
} from '../util/units.js';
import { BYTES_RANGE, FACTOR_RANGE, RATE_RANGE, TIME_RANGE, type QuantityRange } from '../model/model-range.js';

/**
 * A quantity with a unit, in base units; at most `max` once converted (a
 * string such as '1e400 s' converts to infinity), as the model can represent
 * no more (model-range.ts).
 */
function quantity(
  pattern: string,
  parse: (text: string) => number | null,
  what: string,
  example: string,
  base: string,
  round: boolean,
  range: QuantityRange,
) {
  const inRange = `${what} ${range.text}`;
  return z
    .union(
      [
        z.number().nonnegative({ error: `${what}: a number of ${base} ≥ 0, or a string like '${example}'` }),
        z.string().regex(new RegExp(pattern), { error: `${what} like '${example}'` }),
      ],
      { error: `${what}: a number of ${base}, or a string like '${example}'` },
    )
    .transform((value) => {
      const parsed = typeof value === 'number' ? value : (parse(value) ?? Number.NaN);
      return round ? Math.round(parsed) : parsed;
    })
    .refine((n) => n <= range.max, { error: inRange });
}

/** Bytes: a number, or a string like "64 MB" (binary units). */
export const sizeSchema = quantity(SIZE_PATTERN, parseSize, 'a size', '64 MB', 'bytes', true, BYTES_RANGE).meta({
  id: 'Size',
  description: 'Bytes: a number, or a string with a binary unit such as "64 MB" (64·2^20 bytes).',
});
export const positiveSize = sizeSchema.pipe(z.number().positive({ error: 'a size > 0' }));

/** Bytes per second: a number, or a string like "1 Gbps" or "100 MB/s". */
export const bandwidthSchema = quantity(BANDWIDTH_PATTERN, parseBandwidth, 'a bandwidth', '1 Gbps', 'bytes/s', false, RATE_RANGE).meta({
  id: 'Bandwidth',
  description: 'Bytes per second: a number, or a string such as "1 Gbps" (decimal bits) or "100 MB/s" (binary bytes).',
});
export const positiveBandwidth = bandwidthSchema.pipe(z.number().min(RATE_RANGE.min, { error: `a bandwidth ${RATE_RANGE.text}` }));

/** Seconds: a number, or a string like "5 min", "30s", "250ms". */
export const durationSchema = quantity(DURATION_PATTERN, parseDuration, 'a duration', '5 min', 'seconds', false, TIME_RANGE).meta({
  id: 'Duration',
  description: 'Seconds: a number, or a string such as "5 min", "2h", "30s", "250ms".',
});
export const positiveDuration = durationSchema.pipe(z.number().positive({ error: 'a duration > 0' }));

/**
 * A relative factor (speed, weight, priority): within a factor of a million
 * of 1, where ratios and sums of them stay finite (model-range.ts).
 */
export function factor(what: string) {
  const inRange = `${what} ${FACTOR_RANGE.text}`;
  return z.number({ error: inRange }).min(FACTOR_RANGE.min, { error: inRange }).max(FACTOR_RANGE.max, { error: inRange });
}

// ------------------------------------------------------------- distributions

/**
 * A random quantity: a constant, or a distribution object. `value` checks
 * one value of the quantity (≥ 0) and `positive` one that must be > 0.
 */
function distributionOf<V extends z.ZodType<number>, P extends z.ZodType<number>>(value: V, positive: P, what: string) {
  return z.union([value, distributionForms(value, positive)], {
    error: `${what}: a constant, or a distribution like { dist: exponential, mean: 30 }`,
  });
}

/** The distribution objects over values checked by `value` (≥ 0) and `positive` (> 0). */
function distributionForms<V extends z.ZodType<number>, P extends z.ZodType<number>>(value: V, positive: P) {
  return z.discriminatedUnion(
    'dist',
    [
      z
        .strictObject({ dist: z.literal('uniform'), min: value, max: value })
        .refine((d) => (d as { min: number }).min <= (d as { max: number }).max, { error: 'max ≥ min', path: ['max'] }),
      z.strictObject({ dist: z.literal('exponential'), mean: positive }),
      z.strictObject({ dist: z.literal('normal'), mean: positive, sd: value }),
      z
        .strictObject({
          dist: z.literal('lognormal'),
          mu: z.number().optional(),
          median: positive.optional(),
          sigma: z.number().nonnegative(),
        })
        .refine((d) => (d.mu === undefined) !== (d.median === undefined), {
          error: 'exactly one of mu and median',
        }),
      z
        .strictObject({
          dist: z.literal('choice'),
          values: z.array(value).min(1),
          weights: z.array(z.number().nonnegative()).optional(),
        })
        .refine((d) => d.weights === undefined || d.weights.length === d.values.length, {
          error: 'one weight per value',
          path: ['weights'],
        })
        .refine((d) => d.weights === undefined || d.weights.some((w) => w > 0), {
          error: 'at least one positive weight',
          path: ['weights'],
        }),
    ],
    { error: 'one of the distributions uniform, exponential, normal, lognormal, choice' },
  );
}

/** Seconds, constant or random. */
export const durationDistribution = distributionOf(durationSchema, positiveDuration, 'a duration').meta({
  id: 'DurationDistribution',
  description: 'Seconds, constant or drawn from a distribution.',
});
/** Bytes, constant or random. */
export const sizeDistribution = distributionOf(sizeSchema, positiveSize, 'a size').meta({
  id: 'SizeDistribution',
  description: 'Bytes, constant or drawn from a distribution.',
});
/** A random count (draws are rounded to whole numbers). */
export const countDistribution = distributionForms(z.number().nonnegative(), z.number().positive()).meta({
  id: 'CountDistribution',
  description: 'A count drawn from a distribution and rounded to a whole number.',
});

/** A job weight (> 0), constant or random. */
export const weightDistribution = distributionOf(factor('a weight'), factor('a weight'), 'a weight > 0').meta({
  id: 'WeightDistribution',
  description: 'A positive number, constant or drawn from a distribution.',
});

/** Any random quantity after parsing: base units throughout. */
export type Distribution = z.output<typeof durationDistribution>;

/**
 * Drawing the random quantities of a scenario file: a constant, or a
 * distribution (uniform, exponential, normal, lognormal, choice).
 */
import { inRange, type QuantityRange } from '../model/model-range.js';
import type { Random } from '../util/random.js';
import type { Distribution } from './quantity-schemas.js';
import { SizeLimitError } from './size-limits.js';

/** Draw one value. Normal draws ≤ 0 are drawn again (a normal truncated to positive values). */
export function sample(d: Distribution, rng: Random): number {
  if (typeof d === 'number') return d;
  switch (d.dist) {
    case 'uniform':
      return d.min + (d.max - d.min) * rng.next();
    case 'exponential':
      return rng.exponential(d.mean);
    case 'normal': {
      for (let i = 0; i < 64; i++) {
        const x = rng.normal(d.mean, d.sd);
        if (x > 0) return x;
      }
      return d.mean;
    }
    case 'lognormal':
      return Math.exp(rng.normal(d.mu ?? Math.log(d.median ?? 1), d.sigma));
    case 'choice':
      return d.weights === undefined ? rng.pick(d.values) : d.values[weightedIndex(d.weights, rng)];
  }
}

/** An index drawn in proportion to `weights`, from one uniform draw; indices of weight ≤ 0 are skipped. */
export function weightedIndex(weights: readonly number[], rng: Random): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let u = rng.next() * total;
  let last = 0;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] <= 0) continue;
    last = i;
    if (u < weights[i]) return i;
    u -= weights[i];
  }
  return last;
}

/**
 * One value drawn for the shape field `field`: a distribution's tail (an
 * exponential's, a lognormal's) can reach past what the model represents,
 * which the schema cannot see in the parameters; such a draw is a
 * SizeLimitError at the field.
 */
export function sampleWithin(d: Distribution, rng: Random, field: string, range: QuantityRange): number {
  const value = sample(d, rng);
  if (inRange(value, range)) return value;
  throw new SizeLimitError({ path: [field], expected: `draws ${range.text}`, found: `a draw of ${value}` });
}

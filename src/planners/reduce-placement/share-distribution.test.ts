import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { discreteShare, uniformShare } from './share-distribution.js';

const clamp = (y: number, lo: number, hi: number) => Math.min(Math.max(y, lo), hi);

/** lo ≤ hi, hi sometimes +∞. */
const bounds = fc
  .tuple(fc.double({ min: 0, max: 20, noNaN: true }), fc.double({ min: 0, max: 20, noNaN: true }), fc.boolean())
  .map(([a, b, open]) => [Math.min(a, b), open ? Infinity : Math.max(a, b)] as const);

describe('share distributions: E[clamp(Y, lo, hi)]', () => {
  it('discrete: equals Σ p·clamp(y, lo, hi), whatever the order of the values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 20, noNaN: true }), fc.integer({ min: 1, max: 9 })), { minLength: 1, maxLength: 8 }),
        bounds,
        (points, [lo, hi]) => {
          const total = points.reduce((s, [, w]) => s + w, 0);
          const share = discreteShare(
            points.map(([y]) => y),
            points.map(([, w]) => w / total),
          );
          const expected = points.reduce((s, [y, w]) => s + (w / total) * clamp(y, lo, hi), 0);
          expect(share.clampedMean(lo, hi)).toBeCloseTo(expected, 9);
          expect(share.clampedMean(0, Infinity)).toBeCloseTo(share.mean, 12);
        },
      ),
    );
  });

  it('uniform: equals the integral, by a midpoint rule of 20,000 steps', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), bounds, (a, b, [lo, hi]) => {
        const low = Math.min(a, b);
        const high = Math.max(a, b);
        const steps = 20_000;
        let sum = 0;
        for (let k = 0; k < steps; k++) sum += clamp(low + ((k + 0.5) * (high - low)) / steps, lo, hi);
        expect(uniformShare(low, high).clampedMean(lo, hi)).toBeCloseTo(sum / steps, 5);
      }),
    );
  });

  it('divides: Y/2 of U[1, 100] is U[0.5, 50], of {1, 5} is {0.5, 2.5}', () => {
    expect(uniformShare(1, 100).divided(2).mean).toBe(25.25);
    expect(discreteShare([1, 5], [0.5, 0.5]).divided(2).clampedMean(1, Infinity)).toBe(1.75);
  });
});

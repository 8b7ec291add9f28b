import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpolatedQuantile, quantileOf } from './interpolated-quantile.js';

describe('interpolated quantiles', () => {
  it('interpolate between ranks', () => {
    expect(interpolatedQuantile([0, 10, 20, 30, 40], 0.25)).toBe(10);
    expect(interpolatedQuantile([0, 10], 0.25)).toBe(2.5);
    expect(interpolatedQuantile([7], 0.25)).toBe(7);
  });

  it('are found by selection as by a sort, ties, infinities and repeats included', () => {
    const value = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true }), fc.constant(Infinity), fc.constant(0)).map((v) => (v === 0 ? 0 : v)); // no −0: which of two zeros comes first is not ordered
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (values, share) => {
        const sorted = [...values].sort((a, b) => a - b);
        expect(quantileOf([...values], share)).toBe(interpolatedQuantile(sorted, share));
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpolatedQuantile, quantileOf, quantileOfTwo } from './interpolated-quantile.js';

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

  it('of two sorted lists together are those of the lists merged, whatever their lengths and overlap', () => {
    const value = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })).map((v) => (v === 0 ? 0 : v));
    const spare = fc.array(fc.double({ noNaN: true }), { maxLength: 3 }); // entries past the counts, not read
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40, size: 'max' }), fc.array(value, { maxLength: 40, size: 'max' }), spare, spare, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, pastA, pastB, share) => {
        const sortedA = [...a].sort((x, y) => x - y);
        const sortedB = [...b].sort((x, y) => x - y);
        const merged = [...a, ...b].sort((x, y) => x - y);
        const expected = merged.length === 0 ? NaN : interpolatedQuantile(merged, share);
        expect(quantileOfTwo([...sortedA, ...pastA], a.length, [...sortedB, ...pastB], b.length, share)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderBy } from './sort-order.js';

function byComparator(keys: Float64Array): number[] {
  return Array.from(keys.keys()).sort((a, b) => keys[a] - keys[b] || a - b);
}

describe('orderBy', () => {
  it('orders indices by key, ties by index', () => {
    // keys 3, 1, 2, 1 → indices 1 (1), 3 (1), 2 (2), 0 (3)
    expect([...orderBy(Float64Array.from([3, 1, 2, 1]), 4)]).toEqual([1, 3, 2, 0]);
  });

  it('handles negative numbers, zeros and infinities', () => {
    const keys = Float64Array.from([3, -1, 0, 2.5, -7.25, 1e300, -1e-300, Infinity, -Infinity]);
    expect([...orderBy(keys, keys.length)].map((i) => keys[i])).toEqual([
      -Infinity, -7.25, -1, -1e-300, 0, 2.5, 3, 1e300, Infinity,
    ]);
  });

  it('sorts only the first n keys of a longer array', () => {
    expect([...orderBy(Float64Array.from([2, 1, 0]), 2)]).toEqual([1, 0]);
  });

  it('agrees with a stable comparator sort on random keys', () => {
    const key = fc.oneof(fc.integer({ min: -50, max: 50 }), fc.double({ noNaN: true, noDefaultInfinity: false }));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 200 }), (values) => {
        const keys = Float64Array.from(values, (v) => (Object.is(v, -0) ? 0 : v));
        expect([...orderBy(keys, keys.length)]).toEqual(byComparator(keys));
      }),
    );
  });
});

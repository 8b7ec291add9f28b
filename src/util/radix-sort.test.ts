import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderBy, sortByKey } from './radix-sort.js';

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

describe('sortByKey', () => {
  it('orders like a stable comparison sort, ascending and descending, on small and large inputs with many ties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 20 }), fc.double({ min: 0, max: 1e6, noNaN: true })), { minLength: 0, maxLength: 20000 }),
        (keys) => {
          const indices = keys.map((_, i) => i).filter((i) => i % 3 !== 1);
          const ascending = [...indices].sort((i, j) => keys[i] - keys[j] || i - j);
          const descending = [...indices].sort((i, j) => keys[j] - keys[i] || i - j);
          expect(sortByKey(keys, indices)).toEqual(ascending);
          expect(sortByKey(keys, indices, true)).toEqual(descending);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('treats −0 as 0 and orders tiny, huge and equal keys', () => {
    const keys = [5, -0, 0, 1e-300, Number.MAX_VALUE, 5, 0.5];
    const many = Array.from({ length: 20000 }, (_, i) => keys[i % keys.length]);
    const indices = many.map((_, i) => i);
    expect(sortByKey(many, indices)).toEqual([...indices].sort((i, j) => many[i] - many[j] || i - j));
  });
});

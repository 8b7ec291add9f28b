import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sortByKey } from './sort-by-key.js';

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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedIds } from './sorted-ids.js';

describe('ids sorted by key', () => {
  it('hold what was inserted and not removed, by key then id, through growth', () => {
    const step = fc.record({ insert: fc.boolean(), key: fc.integer({ min: -3, max: 3 }), id: fc.integer({ min: 0, max: 40 }), pick: fc.nat() });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120, size: 'max' }), fc.integer({ min: 0, max: 4 }), (steps, capacity) => {
        const sorted = new SortedIds(capacity);
        const model: [number, number][] = [];
        for (const { insert, key, id, pick } of steps) {
          if (insert || model.length === 0) {
            if (model.some(([k, i]) => k === key && i === id)) continue; // an id is in at one key at most
            sorted.insert(key, id);
            model.push([key, id]);
          } else {
            const [[k, i]] = model.splice(pick % model.length, 1);
            sorted.remove(k, i);
          }
          model.sort(([k1, i1], [k2, i2]) => k1 - k2 || i1 - i2);
          expect(sorted.count).toBe(model.length);
          expect([...sorted.keys.subarray(0, sorted.count)]).toEqual(model.map(([k]) => k));
          expect([...sorted.ids.subarray(0, sorted.count)]).toEqual(model.map(([, i]) => i));
        }
      }),
    );
  });

  it('refuse to remove an entry they do not hold', () => {
    const sorted = new SortedIds();
    sorted.insert(1.5, 7);
    expect(() => sorted.remove(1.5, 8)).toThrow('no entry 8 at key 1.5 to remove');
    expect(() => sorted.remove(2, 7)).toThrow('no entry 7 at key 2 to remove');
    expect(sorted.count).toBe(1);
  });
});

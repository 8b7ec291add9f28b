import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSet } from './id-set.js';

describe('a set of ids in no order', () => {
  it('holds what was added and not deleted, each once, whatever the order of the changes', () => {
    const step = fc.record({ add: fc.boolean(), id: fc.integer({ min: 0, max: 19 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200, size: 'max' }), (steps) => {
        const set = new IdSet(20);
        const model = new Set<number>();
        for (const { add, id } of steps) {
          if (add) {
            set.add(id);
            model.add(id);
          } else {
            set.delete(id);
            model.delete(id);
          }
          expect([...set.items].sort((a, b) => a - b)).toEqual([...model].sort((a, b) => a - b));
          expect(set.size).toBe(model.size);
          for (let k = 0; k < 20; k++) expect(set.has(k)).toBe(model.has(k));
        }
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FreeSlotRanks } from './free-slot-ranks.js';

describe('free slot ranks', () => {
  it('finds the k-th free position as a sorted list of the free ones would, through takes and releases', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.array(fc.nat(), { maxLength: 200 }), (size, moves) => {
        const ranks = new FreeSlotRanks(size);
        const free = new Set(Array.from({ length: size }, (_, i) => i));
        for (const move of moves) {
          const list = [...free].sort((a, b) => a - b);
          if (list.length > 0 && move % 3 !== 0) {
            const position = ranks.select(move % list.length);
            expect(position).toBe(list[move % list.length]);
            ranks.take(position);
            free.delete(position);
          } else {
            const taken = Array.from({ length: size }, (_, i) => i).filter((i) => !free.has(i));
            if (taken.length === 0) continue;
            const position = taken[move % taken.length];
            ranks.release(position);
            free.add(position);
          }
          expect(ranks.count).toBe(free.size);
        }
      }),
    );
  });

  it('refuses a rank beyond the free slots, and taking or releasing twice', () => {
    const ranks = new FreeSlotRanks(3);
    ranks.take(1);
    expect(() => ranks.take(1)).toThrow(RangeError);
    expect(() => ranks.release(0)).toThrow(RangeError);
    expect(() => ranks.select(2)).toThrow(RangeError);
    expect(ranks.select(1)).toBe(2);
  });
});

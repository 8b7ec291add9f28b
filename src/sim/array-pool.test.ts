import { describe, expect, it } from 'vitest';
import { ArrayPool } from './array-pool.js';

describe('ArrayPool', () => {
  it('hands out zeroed arrays of the length asked for, reusing one of that type and length given back', () => {
    const pool = new ArrayPool();
    const first = pool.floats(4);
    first.set([1, 2, 3, 4]);
    pool.give(first);
    expect(pool.floats(3)).not.toBe(first);
    const again = pool.floats(4);
    expect(again).toBe(first);
    expect([...again]).toEqual([0, 0, 0, 0]);
    expect(pool.floats(4)).not.toBe(first);
  });

  it('keeps Int32Arrays and Float64Arrays apart', () => {
    const pool = new ArrayPool();
    const ints = pool.ints(2);
    ints[1] = 7;
    pool.give(ints);
    expect(pool.floats(2)).toBeInstanceOf(Float64Array);
    const again = pool.ints(2);
    expect(again).toBe(ints);
    expect([...again]).toEqual([0, 0]);
  });
});

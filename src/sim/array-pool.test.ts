import { describe, expect, it } from 'vitest';
import { ArrayPool } from './array-pool.js';

describe('ArrayPool', () => {
  it('hands out zeroed arrays of its length, reusing those given back', () => {
    let made = 0;
    const pool = new ArrayPool(4, (length) => {
      made++;
      return new Float64Array(length);
    });
    const first = pool.take();
    first.set([1, 2, 3, 4]);
    pool.give(first);
    const again = pool.take();
    expect(again).toBe(first);
    expect([...again]).toEqual([0, 0, 0, 0]);
    const other = pool.take();
    expect(other).not.toBe(first);
    expect(other.length).toBe(4);
    expect(made).toBe(2);
  });

  it('refuses an array of another length', () => {
    const pool = new ArrayPool(4, (length) => new Int32Array(length));
    expect(() => pool.give(new Int32Array(3))).toThrow(/an array of 3 given back to a pool of 4/);
  });
});

import { describe, expect, it } from 'vitest';
import { IntList } from './int-list.js';

describe('IntList', () => {
  it('pushes past its room, pops, and keeps its storage when emptied', () => {
    const list = new IntList(2);
    for (let i = 0; i < 5; i++) list.push(10 * i);
    expect([...list]).toEqual([0, 10, 20, 30, 40]);
    expect(list.pop()).toBe(40);
    const storage = list.items;
    list.clear();
    expect(list.length).toBe(0);
    list.push(7);
    expect(list.items).toBe(storage);
    expect([...list]).toEqual([7]);
  });

  it('sorts its entries only, stably', () => {
    const list = new IntList(8);
    for (const value of [5, 1, 4, 2, 9]) list.push(value);
    list.pop();
    // By value's parity: the odd ones first, each group in its order.
    list.sort((a, b) => (b % 2) - (a % 2));
    expect([...list]).toEqual([5, 1, 4, 2]);
    expect(list.items[4]).toBe(9);
  });
});

import { describe, expect, it } from 'vitest';
import { fairShareKey, fairShareOrder, moveLater, sortByFairShare, type Ordered } from './ordering.js';

interface Item extends Ordered {
  readonly id: string;
}

function item(id: string, fields: Partial<Omit<Item, 'id' | 'key'>>): Item {
  const f = { running: 0, minShare: 0, demand: 100, fairShare: 1, weight: 1, startTime: 0, tieBreak: 0, ...fields };
  return { id, ...f, key: fairShareKey(f.running, f.minShare, f.demand, f.fairShare) };
}

const ids = (list: Item[]) => list.map((x) => x.id);

describe('fair-share order (Hadoop FairShareComparator)', () => {
  it('puts needy schedulables (running < min(minShare, demand)) before all others', () => {
    // needy runs 9 of a min share of 10; calm runs 0 of a fair share of 5.
    const needy = item('needy', { running: 9, minShare: 10, fairShare: 10 });
    const calm = item('calm', { running: 0, fairShare: 5 });
    expect(fairShareOrder(needy, calm)).toBeLessThan(0);
  });

  it('orders the needy by running / min share: the furthest below first', () => {
    // Hadoop's example: A runs 8 of a min share of 10 (80 %), B 50 of 100 (50 %): B first.
    const a = item('a', { running: 8, minShare: 10, fairShare: 10 });
    const b = item('b', { running: 50, minShare: 100, demand: 200, fairShare: 100 });
    const list = [a, b];
    sortByFairShare(list);
    expect(ids(list)).toEqual(['b', 'a']);
  });

  it('caps the min share by the demand: a schedulable running all it wants is not needy', () => {
    // Min share 10 but demand 3, running 3: not needy, key 3 / fairShare 3 = 1.
    expect(fairShareKey(3, 10, 3, 3)).toBe(1);
    expect(fairShareKey(2, 10, 3, 3)).toBeCloseTo(2 / 3 - 1);
  });

  it('orders the others by running / fair share: the furthest below its fair share first', () => {
    // x runs 3 of a fair share of 4 (0.75), y runs 5 of 10 (0.5), z 1 of 1 (1): y, x, z.
    const list = [
      item('x', { running: 3, fairShare: 4 }),
      item('y', { running: 5, fairShare: 10 }),
      item('z', { running: 1 }),
    ];
    sortByFairShare(list);
    expect(ids(list)).toEqual(['y', 'x', 'z']);
  });

  it('puts a schedulable without fair share last', () => {
    const list = [item('none', { running: 0, fairShare: 0 }), item('full', { running: 10, fairShare: 10 })];
    sortByFairShare(list);
    expect(ids(list)).toEqual(['full', 'none']);
  });

  it('breaks ties by larger weight, then earlier start, then rank', () => {
    const list = [
      item('late', { startTime: 5, tieBreak: 0 }),
      item('second', { startTime: 0, tieBreak: 2 }),
      item('heavy', { weight: 2, startTime: 9, tieBreak: 9 }),
      item('first', { startTime: 0, tieBreak: 1 }),
      item('none-a', { fairShare: 0, tieBreak: 4 }),
      item('none-b', { fairShare: 0, tieBreak: 3 }),
    ];
    sortByFairShare(list);
    expect(ids(list)).toEqual(['heavy', 'first', 'second', 'late', 'none-b', 'none-a']);
  });

  it('moves an item whose key grew to its place further down', () => {
    const list = [
      item('a', { running: 0 }),
      item('b', { running: 1, fairShare: 4 }),
      item('c', { running: 1, fairShare: 2 }),
    ];
    list[0] = item('a', { running: 1, fairShare: 3 }); // a launched: 1/3 sits between b (1/4) and c (1/2)
    moveLater(list, 0);
    expect(ids(list)).toEqual(['b', 'a', 'c']);
  });
});

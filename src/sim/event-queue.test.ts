import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventQueue } from './event-queue.js';

function drain(queue: EventQueue): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  while (queue.size > 0) {
    out.push([queue.peekTime(), queue.peekType(), queue.peekArg()]);
    queue.pop();
  }
  return out;
}

describe('EventQueue', () => {
  it('orders events by time, then type, then insertion order', () => {
    const queue = new EventQueue();
    queue.push(5, 1, 10);
    queue.push(5, 0, 20);
    queue.push(1, 9, 30);
    queue.push(5, 1, 40);
    queue.push(5, 4, 50);
    expect(drain(queue)).toEqual([
      [1, 9, 30],
      [5, 0, 20],
      [5, 1, 10],
      [5, 1, 40],
      [5, 4, 50],
    ]);
  });

  it('comes out sorted like a stable sort of (time, type) for any input, across growth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 3 })), { maxLength: 3000 }),
        (events) => {
          const queue = new EventQueue();
          events.forEach(([time, type], i) => queue.push(time, type, i));
          const expected = events
            .map(([time, type], i) => [time, type, i] as const)
            .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
            .map(([time, type, i]) => [time, type, i]);
          expect(drain(queue)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});

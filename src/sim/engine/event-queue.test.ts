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

  it('gives the same order with a lane for one type, whether its events come in time order or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 3 }), fc.boolean()), { maxLength: 2000 }),
        (steps) => {
          // Drained as it fills, like the engine: a pop now and then, and pushes at or after the time popped last.
          const plain = new EventQueue();
          const laned = new EventQueue(3);
          const out: Array<[number, number, number][]> = [[], []];
          let now = 0;
          steps.forEach(([delay, type, pop], i) => {
            for (const queue of [plain, laned]) queue.push(now + delay, type, i);
            if (!pop) return;
            [plain, laned].forEach((queue, q) => {
              out[q].push([queue.peekTime(), queue.peekType(), queue.peekArg()]);
              queue.pop();
            });
            now = out[0][out[0].length - 1][0];
          });
          out[0].push(...drain(plain));
          out[1].push(...drain(laned));
          expect(out[1]).toEqual(out[0]);
          expect(laned.size).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps a lane in order when it grows after wrapping round its room', () => {
    const queue = new EventQueue(1);
    for (let i = 0; i < 1000; i++) queue.push(i, 1, i);
    for (let i = 0; i < 600; i++) queue.pop();
    for (let i = 1000; i < 3000; i++) queue.push(i, 1, i);
    expect(drain(queue).map(([, , arg]) => arg)).toEqual(Array.from({ length: 2400 }, (_, i) => 600 + i));
  });
});


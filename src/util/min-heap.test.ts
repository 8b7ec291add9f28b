import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MinHeap } from './min-heap.js';

type Entry = [key: number, tie: number, value: number];

function drain(heap: MinHeap): Entry[] {
  const out: Entry[] = [];
  while (heap.size > 0) {
    out.push([heap.peekKey(), heap.peekTie(), heap.peekValue()]);
    heap.pop();
  }
  return out;
}

const byKeyThenTie = (a: Entry, b: Entry): number => a[0] - b[0] || a[1] - b[1];

/**
 * The plain heap of keys alone, written as the shuffle's, the network's and
 * the DMRS deadlines' heaps were before they shared MinHeap: what a constant
 * tie must reproduce, entry for entry, to keep their runs unchanged.
 */
class KeyOnlyHeap {
  readonly entries: { key: number; value: number }[] = [];

  push(key: number, value: number): void {
    const heap = this.entries;
    const entry = { key, value };
    let i = heap.push(entry) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].key <= key) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = entry;
  }

  pop(): void {
    const heap = this.entries;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const child = left + 1 < heap.length && heap[left + 1].key < heap[left].key ? left + 1 : left;
      if (heap[child].key >= last.key) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
  }
}

describe('MinHeap', () => {
  it('orders entries by key, then tie, each with its value', () => {
    const heap = new MinHeap(4);
    heap.push(5, 1, 10);
    heap.push(5, 0, 20);
    heap.push(1, 9, 30);
    heap.push(-2.5, 3, -40);
    heap.push(5, 0.5, 50);
    expect(heap.size).toBe(5);
    expect(drain(heap)).toEqual([
      [-2.5, 3, -40],
      [1, 9, 30],
      [5, 0, 20],
      [5, 0.5, 50],
      [5, 1, 10],
    ]);
  });

  it('grows past its first capacity, from none', () => {
    const heap = new MinHeap(0);
    for (let i = 99; i >= 0; i--) heap.push(i, 0, i);
    expect(drain(heap).map(([, , value]) => value)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('replaces the first entry by one that sinks to its place', () => {
    const heap = new MinHeap(3);
    heap.push(0, 0, 0);
    heap.push(0, 1, 1);
    heap.push(0, 2, 2);
    // Slot 0 is busy until 7, slot 1 until 3: the heap of free times of list scheduling.
    heap.replaceTop(7, 0, 0);
    heap.replaceTop(3, 1, 1);
    expect(drain(heap)).toEqual([
      [0, 2, 2],
      [3, 1, 1],
      [7, 0, 0],
    ]);
  });

  it('is empty after clear, and usable again', () => {
    const heap = new MinHeap(2);
    heap.push(3, 0, 1);
    heap.push(1, 0, 2);
    heap.clear();
    expect(heap.size).toBe(0);
    heap.push(2, 0, 3);
    expect(drain(heap)).toEqual([[2, 0, 3]]);
  });

  it('comes out sorted by (key, tie) for any pushes, pops and replacements, like a sorted list kept alongside', () => {
    // An operation: push (key, tie), or pop, or replace the first entry.
    const operation = fc.oneof(
      fc.tuple(fc.constant('push' as const), fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 3 })),
      fc.tuple(fc.constant('pop' as const), fc.constant(0), fc.constant(0)),
      fc.tuple(fc.constant('replace' as const), fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 3 })),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 1000 }), (operations) => {
        const heap = new MinHeap(1);
        const sorted: Entry[] = [];
        operations.forEach(([what, key, tie], value) => {
          if (what !== 'push' && sorted.length === 0) return;
          if (what !== 'push') {
            // The first entry's key and tie are the least; which of equal ones is first is the heap's choice.
            expect([heap.peekKey(), heap.peekTie()]).toEqual(sorted[0].slice(0, 2));
            const first = sorted.findIndex((e) => e[2] === heap.peekValue());
            expect(byKeyThenTie(sorted[first], sorted[0])).toBe(0);
            sorted.splice(first, 1);
            if (what === 'pop') heap.pop();
            else heap.replaceTop(key, tie, value);
          } else {
            heap.push(key, tie, value);
          }
          if (what !== 'pop') {
            const at = sorted.findIndex((e) => byKeyThenTie(e, [key, tie, value]) > 0);
            sorted.splice(at < 0 ? sorted.length : at, 0, [key, tie, value]);
          }
          expect(heap.size).toBe(sorted.length);
        });
        const rest = drain(heap);
        expect(rest.map(([key, tie]) => [key, tie])).toEqual(sorted.map(([key, tie]) => [key, tie]));
        expect(rest.map(([, , value]) => value).sort((a, b) => a - b)).toEqual(sorted.map(([, , value]) => value).sort((a, b) => a - b));
      }),
      { numRuns: 100 },
    );
  });

  it('with a constant tie, pops equal keys in exactly the order of a plain heap of keys', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }), { maxLength: 1500 }), (operations) => {
        const heap = new MinHeap(1);
        const plain = new KeyOnlyHeap();
        const popped: number[] = [];
        const poppedPlain: number[] = [];
        operations.forEach((key, value) => {
          if (key !== null) {
            heap.push(key, 0, value);
            plain.push(key, value);
          } else if (heap.size > 0) {
            popped.push(heap.peekValue());
            heap.pop();
            poppedPlain.push(plain.entries[0].value);
            plain.pop();
          }
        });
        while (heap.size > 0) {
          popped.push(heap.peekValue());
          heap.pop();
          poppedPlain.push(plain.entries[0].value);
          plain.pop();
        }
        expect(popped).toEqual(poppedPlain);
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * A list of integers in a typed array that doubles when full. Emptying it
 * keeps the storage: a JavaScript array emptied gives its storage back, and
 * the max-min filling empties its lists at every change of the flows, so
 * each change allocated them again. Hot loops read `items[0 .. length)`
 * directly (a push may replace `items`).
 */
import { resized } from '../resized.js';

export class IntList {
  items: Int32Array;
  length = 0;

  constructor(capacity = 64) {
    this.items = new Int32Array(Math.max(1, capacity));
  }

  push(value: number): void {
    if (this.length === this.items.length) this.items = resized(this.items, new Int32Array(2 * this.length));
    this.items[this.length++] = value;
  }

  /** Removes and returns the last entry; the list must not be empty. */
  pop(): number {
    return this.items[--this.length];
  }

  clear(): void {
    this.length = 0;
  }

  /** Sorts the entries in place by `compare` (stable). */
  sort(compare: (a: number, b: number) => number): void {
    this.items.subarray(0, this.length).sort(compare);
  }

  *[Symbol.iterator](): IterableIterator<number> {
    for (let i = 0; i < this.length; i++) yield this.items[i];
  }
}

/**
 * The engine's event queue: a binary min-heap ordered by (time, type,
 * sequence). An event's type is also its priority at equal times (lower
 * first); the sequence number is the insertion order, so events at the same
 * time and of the same type come out in the order they were scheduled, the
 * same way on every run. Stored in parallel typed arrays: no object per event.
 */
import { resized } from './resized.js';

/** Sequence numbers fit below 2^40, types below 2^8, so their packed key stays an exact double. */
const SEQUENCE_SPAN = 2 ** 40;

export class EventQueue {
  private times = new Float64Array(1024);
  private keys = new Float64Array(1024);
  private types = new Uint8Array(1024);
  private args = new Int32Array(1024);
  private length = 0;
  private sequence = 0;

  get size(): number {
    return this.length;
  }

  /** Schedule an event of `type` (0–255, lower first at equal times) with an integer argument at `time`. */
  push(time: number, type: number, arg: number): void {
    if (this.length === this.times.length) this.grow();
    const key = type * SEQUENCE_SPAN + this.sequence++;
    let i = this.length++;
    // Sift up: move parents down until the new event's slot is found.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = this.times[parent];
      if (pt < time || (pt === time && this.keys[parent] < key)) break;
      this.move(parent, i);
      i = parent;
    }
    this.times[i] = time;
    this.keys[i] = key;
    this.types[i] = type;
    this.args[i] = arg;
  }

  /** Time of the next event; the queue must not be empty. */
  peekTime(): number {
    return this.times[0];
  }

  /** Type and argument of the next event. */
  peekType(): number {
    return this.types[0];
  }

  peekArg(): number {
    return this.args[0];
  }

  /** Drop the next event. */
  pop(): void {
    const last = --this.length;
    if (last === 0) return;
    const time = this.times[last];
    const key = this.keys[last];
    const type = this.types[last];
    const arg = this.args[last];
    let i = 0;
    // Sift down the former last element from the root.
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      const right = child + 1;
      if (
        right < last &&
        (this.times[right] < this.times[child] ||
          (this.times[right] === this.times[child] && this.keys[right] < this.keys[child]))
      ) {
        child = right;
      }
      const ct = this.times[child];
      if (time < ct || (time === ct && key < this.keys[child])) break;
      this.move(child, i);
      i = child;
    }
    this.times[i] = time;
    this.keys[i] = key;
    this.types[i] = type;
    this.args[i] = arg;
  }

  private move(from: number, to: number): void {
    this.times[to] = this.times[from];
    this.keys[to] = this.keys[from];
    this.types[to] = this.types[from];
    this.args[to] = this.args[from];
  }

  private grow(): void {
    const size = this.times.length * 2;
    this.times = resized(this.times, new Float64Array(size));
    this.keys = resized(this.keys, new Float64Array(size));
    this.types = resized(this.types, new Uint8Array(size));
    this.args = resized(this.args, new Int32Array(size));
  }
}

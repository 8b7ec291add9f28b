/**
 * Transfers under way, as fluids over a `FairShare`: each has bytes left as
 * of a time, at its rate. When a transfer starts or stops, the rates of the
 * transfers it reaches change; their progress is brought up to date and
 * their end times move. The caller (the runtime, or the SimGrid cross-check)
 * schedules an end event at `endTime(slot)` for every slot listed in `moved`
 * and ignores an end event that is no longer the slot's end time.
 */
import { FairShare } from './max-min-sharing.js';
import { IntList } from './int-list.js';
import { resized } from '../resized.js';

export class Transfers {
  readonly share: FairShare;
  private left: Float64Array = new Float64Array(0);
  private since: Float64Array = new Float64Array(0);
  private rates: Float64Array = new Float64Array(0);
  private bytes: Float64Array = new Float64Array(0);
  private ends: Float64Array = new Float64Array(0);
  /** Slots whose end time moved at the last start or stop (a started one included). */
  readonly moved = new IntList();

  constructor(capacities: ArrayLike<number>) {
    this.share = new FairShare(capacities);
  }

  /** Starts moving `bytes` over `resources` (weights as FairShare takes them), at most `bound` bytes/s; returns its slot. */
  start(now: number, bytes: number, resources: ArrayLike<number>, weights: ArrayLike<number> | null, bound: number, length = resources.length): number {
    const slot = this.share.open(resources, weights, bound, length);
    if (slot >= this.left.length) this.grow(slot);
    this.left[slot] = bytes;
    this.bytes[slot] = bytes;
    this.since[slot] = now;
    this.rates[slot] = 0;
    this.follow(now, -1);
    return slot;
  }

  /** Stops a transfer (ended, or cut short); returns the bytes it moved. */
  stop(now: number, slot: number): number {
    const moved = this.transferred(now, slot);
    this.share.close(slot);
    this.ends[slot] = NaN;
    this.follow(now, slot);
    return moved;
  }

  /** Bytes moved by `now`. */
  transferred(now: number, slot: number): number {
    if (now >= this.ends[slot]) return this.bytes[slot];
    return Math.min(this.bytes[slot], this.bytes[slot] - this.left[slot] + this.rates[slot] * (now - this.since[slot]));
  }

  endTime(slot: number): number {
    return this.ends[slot];
  }

  /** After the share changed: each transfer whose rate moved keeps what it moved at the old rate, and gets a new end. */
  private follow(now: number, closed: number): void {
    this.moved.clear();
    const changed = this.share.changed;
    for (let c = 0; c < changed.length; c++) {
      const slot = changed.items[c];
      if (slot === closed) continue;
      const rate = this.share.rate(slot);
      this.left[slot] = Math.max(0, this.left[slot] - this.rates[slot] * (now - this.since[slot]));
      this.since[slot] = now;
      this.rates[slot] = rate;
      this.ends[slot] = this.left[slot] === 0 ? now : rate > 0 ? now + this.left[slot] / rate : Infinity;
      this.moved.push(slot);
    }
  }

  private grow(slot: number): void {
    const size = Math.max(64, 2 * slot + 2);
    this.left = resized(this.left, new Float64Array(size));
    this.since = resized(this.since, new Float64Array(size));
    this.rates = resized(this.rates, new Float64Array(size));
    this.bytes = resized(this.bytes, new Float64Array(size));
    this.ends = resized(this.ends, new Float64Array(size));
  }
}

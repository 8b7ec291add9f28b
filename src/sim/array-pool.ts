/**
 * Typed arrays of one length, handed out zeroed and taken back for reuse.
 * Every job's pending-map index and shuffle keep arrays as long as the
 * cluster has nodes. Typed arrays that large live outside the JavaScript
 * heap and take microseconds each to allocate and to collect: at a set per
 * job that was a tenth of a day's simulation under FIFO. Reused, they cost
 * a fill, and their number is bounded by the jobs running at once.
 */
export class ArrayPool<T extends Int32Array | Float64Array> {
  private readonly free: T[] = [];

  constructor(
    readonly length: number,
    private readonly make: (length: number) => T,
  ) {}

  /** An array of `length` zeros, the caller's until it gives it back. */
  take(): T {
    const array = this.free.pop();
    if (array === undefined) return this.make(this.length);
    array.fill(0);
    return array;
  }

  /** The caller keeps no reference to `array` after this. */
  give(array: T): void {
    if (array.length !== this.length) throw new Error(`internal: an array of ${array.length} given back to a pool of ${this.length}`);
    this.free.push(array);
  }
}

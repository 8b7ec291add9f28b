/**
 * Typed arrays handed out zeroed and taken back for reuse, by type and
 * length. Every job's pending-map index and shuffle keep arrays as long as
 * the cluster has nodes, racks or switches. Typed arrays of more than a few
 * entries live outside the JavaScript heap and take microseconds each to
 * allocate and to collect: at a set per job, a node-long one alone was a
 * tenth of a day's simulation under FIFO. Reused, they cost a fill, and
 * their number is bounded by the jobs running at once.
 *
 * Meant for the few lengths a run's cluster fixes: each length asked for
 * keeps its own list of free arrays.
 */
export class ArrayPool {
  private readonly freeInts = new Map<number, Int32Array[]>();
  private readonly freeFloats = new Map<number, Float64Array[]>();

  /** An Int32Array of `length` zeros, the caller's until it gives it back. */
  ints(length: number): Int32Array {
    const array = this.freeInts.get(length)?.pop();
    if (array === undefined) return new Int32Array(length);
    array.fill(0);
    return array;
  }

  /** A Float64Array of `length` zeros, the caller's until it gives it back. */
  floats(length: number): Float64Array {
    const array = this.freeFloats.get(length)?.pop();
    if (array === undefined) return new Float64Array(length);
    array.fill(0);
    return array;
  }

  /** The caller keeps no reference to `array` after this. */
  give(array: Int32Array | Float64Array): void {
    const lists: Map<number, (Int32Array | Float64Array)[]> = array instanceof Int32Array ? this.freeInts : this.freeFloats;
    let free = lists.get(array.length);
    if (free === undefined) {
      free = [];
      lists.set(array.length, free);
    }
    free.push(array);
  }
}

/**
 * A binary min-heap of (key, tie, value) entries in parallel typed arrays (no
 * object per entry), ordered by key, then tie: the one heap of the engine's
 * event queue, the shuffle's waiting reduces, the network's fill levels, the
 * DMRS scheduler's deadlines and the planners' queues. The value is an
 * integer the caller gives meaning to: an event's argument, or an index into
 * the caller's own objects.
 *
 * Entries equal in both key and tie come out in an order set by the heap's
 * shape, the same on every run. The sift rules are those of the hand-written
 * heaps this one replaced, so a caller that leaves ties to the shape (a
 * constant tie) sees exactly the order it saw before: a child moves up only
 * if it is strictly before the entry sinking past it, and the right child is
 * taken only if strictly before the left. Keys and ties are never NaN.
 */
export class MinHeap {
  private keys: Float64Array;
  private ties: Float64Array;
  private values: Int32Array;
  private length = 0;

  /** Room for `capacity` entries before the arrays grow (they double when full). */
  constructor(capacity: number) {
    const room = Math.max(1, capacity);
    this.keys = new Float64Array(room);
    this.ties = new Float64Array(room);
    this.values = new Int32Array(room);
  }

  get size(): number {
    return this.length;
  }

  /** Key, tie and value of the first entry; the heap must not be empty. */
  peekKey(): number {
    return this.keys[0];
  }

  peekTie(): number {
    return this.ties[0];
  }

  peekValue(): number {
    return this.values[0];
  }

  push(key: number, tie: number, value: number): void {
    if (this.length === this.keys.length) this.grow();
    const { keys, ties, values } = this;
    let i = this.length++;
    // Sift up: move parents down until the new entry's place is found.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (notAfter(keys[parent], ties[parent], key, tie)) break;
      move(keys, ties, values, parent, i);
      i = parent;
    }
    put(keys, ties, values, i, key, tie, value);
  }

  /** Drops the first entry; the heap must not be empty. */
  pop(): void {
    const last = --this.length;
    if (last > 0) this.siftDown(last, this.keys[last], this.ties[last], this.values[last]);
  }

  /** Replaces the first entry by a new one (a pop and a push, in one sift); the heap must not be empty. */
  replaceTop(key: number, tie: number, value: number): void {
    this.siftDown(this.length, key, tie, value);
  }

  clear(): void {
    this.length = 0;
  }

  /** Puts an entry at the root of the first `n` and sinks it to its place. */
  private siftDown(n: number, key: number, tie: number, value: number): void {
    const { keys, ties, values } = this;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (right < n && before(keys[right], ties[right], keys[child], ties[child])) child = right;
      if (notAfter(key, tie, keys[child], ties[child])) break;
      move(keys, ties, values, child, i);
      i = child;
    }
    put(keys, ties, values, i, key, tie, value);
  }

  private grow(): void {
    const size = 2 * this.keys.length;
    const keys = new Float64Array(size);
    const ties = new Float64Array(size);
    const values = new Int32Array(size);
    keys.set(this.keys);
    ties.set(this.ties);
    values.set(this.values);
    this.keys = keys;
    this.ties = ties;
    this.values = values;
  }
}

/** (key1, tie1) strictly before (key2, tie2). */
function before(key1: number, tie1: number, key2: number, tie2: number): boolean {
  return key1 < key2 || (key1 === key2 && tie1 < tie2);
}

/** (key1, tie1) before or equal to (key2, tie2). */
function notAfter(key1: number, tie1: number, key2: number, tie2: number): boolean {
  return key1 < key2 || (key1 === key2 && tie1 <= tie2);
}

// Entry moves take the arrays as arguments: as methods reading them from `this` (loaded again at
// every step), they made the engine's bare event queue 8–16% slower than the hand-written one.
function move(keys: Float64Array, ties: Float64Array, values: Int32Array, from: number, to: number): void {
  keys[to] = keys[from];
  ties[to] = ties[from];
  values[to] = values[from];
}

function put(keys: Float64Array, ties: Float64Array, values: Int32Array, i: number, key: number, tie: number, value: number): void {
  keys[i] = key;
  ties[i] = tie;
  values[i] = value;
}

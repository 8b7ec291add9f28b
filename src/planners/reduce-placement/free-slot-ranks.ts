/**
 * The free slots of a fixed list sorted by cost, so that "the k-th cheapest
 * free slot" is found, taken and given back in O(log r): a Fenwick tree of
 * free counts over the sorted positions, searched by binary lifting.
 */
export class FreeSlotRanks {
  private readonly tree: Int32Array;
  private readonly free: Uint8Array;
  private freeCount: number;
  private readonly topBit: number;

  /** `size` slots, all free, at sorted positions 0 … size−1. */
  constructor(readonly size: number) {
    this.tree = new Int32Array(size + 1);
    this.free = new Uint8Array(size).fill(1);
    // Every slot free: node i covers (i − lowbit(i), i], so it counts lowbit(i).
    for (let i = 1; i <= size; i++) this.tree[i] = i & -i;
    this.freeCount = size;
    this.topBit = size === 0 ? 0 : 2 ** Math.floor(Math.log2(size));
  }

  get count(): number {
    return this.freeCount;
  }

  /** The sorted position of the free slot of rank k (0-based: 0 is the cheapest free). */
  select(k: number): number {
    if (!(k >= 0 && k < this.freeCount)) throw new RangeError(`rank ${k} of ${this.freeCount} free slots`);
    let position = 0;
    let left = k + 1;
    for (let step = this.topBit; step > 0; step >>= 1) {
      const next = position + step;
      if (next <= this.size && this.tree[next] < left) {
        position = next;
        left -= this.tree[next];
      }
    }
    return position;
  }

  take(position: number): void {
    if (this.free[position] !== 1) throw new RangeError(`slot at position ${position} is not free`);
    this.free[position] = 0;
    this.add(position, -1);
  }

  release(position: number): void {
    if (this.free[position] !== 0) throw new RangeError(`slot at position ${position} is already free`);
    this.free[position] = 1;
    this.add(position, 1);
  }

  private add(position: number, delta: number): void {
    this.freeCount += delta;
    for (let i = position + 1; i <= this.size; i += i & -i) this.tree[i] += delta;
  }
}

/**
 * Ids kept sorted by a key each, then by id: inserted and removed by a
 * binary search and a move of the entries after it, read by rank. For a few
 * thousand entries that change less often than they are read (a job's
 * running tasks, read at every offer).
 */
export class SortedIds {
  /** The keys in order, then the ids' for equal keys; `count` of them hold. */
  keys: Float64Array;
  ids: Int32Array;
  count = 0;

  constructor(capacity = 16) {
    this.keys = new Float64Array(capacity);
    this.ids = new Int32Array(capacity);
  }

  insert(key: number, id: number): void {
    if (this.count === this.keys.length) this.grow();
    const at = this.rankOf(key, id);
    const { keys, ids } = this;
    keys.copyWithin(at + 1, at, this.count);
    ids.copyWithin(at + 1, at, this.count);
    keys[at] = key;
    ids[at] = id;
    this.count++;
  }

  /** Removes the entry `key`, `id`, which must be there. */
  remove(key: number, id: number): void {
    const at = this.rankOf(key, id);
    const { keys, ids } = this;
    if (at === this.count || keys[at] !== key || ids[at] !== id) throw new Error(`no entry ${id} at key ${key} to remove`);
    keys.copyWithin(at, at + 1, this.count);
    ids.copyWithin(at, at + 1, this.count);
    this.count--;
  }

  /** How many entries come before `key`, `id`. */
  private rankOf(key: number, id: number): number {
    const { keys, ids } = this;
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid] < key || (keys[mid] === key && ids[mid] < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(): void {
    const capacity = Math.max(16, 2 * this.keys.length);
    const keys = new Float64Array(capacity);
    const ids = new Int32Array(capacity);
    keys.set(this.keys);
    ids.set(this.ids);
    this.keys = keys;
    this.ids = ids;
  }
}

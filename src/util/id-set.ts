/**
 * Ids below a bound, listed in no order: added, deleted and looked up in
 * constant time (the last listed takes a deleted one's place), walked as
 * `items`. A job's running tasks, for a rule that looks at those only.
 */
export class IdSet {
  readonly items: number[] = [];
  /** Each id's place in `items` plus one (0: not in it). */
  private readonly place: Int32Array;

  constructor(bound: number) {
    this.place = new Int32Array(bound);
  }

  get size(): number {
    return this.items.length;
  }

  has(id: number): boolean {
    return this.place[id] > 0;
  }

  add(id: number): void {
    if (this.place[id] === 0) this.place[id] = this.items.push(id);
  }

  delete(id: number): void {
    const at = this.place[id] - 1;
    if (at < 0) return;
    this.place[id] = 0;
    const last = this.items.pop()!;
    if (last === id) return;
    this.items[at] = last;
    this.place[last] = at + 1;
  }
}

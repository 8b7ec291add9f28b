/**
 * The tasks of a kind a job may back up (`hadoop1-speculation.ts`), in typed
 * columns kept sorted by expected end, the latest at the back, where most
 * join (tasks started later end later) and where the search starts. Each entry keeps
 * the end and the serial it was ranked at; the rule leaves entries that no
 * longer hold where they are until they reach the back or most are stale.
 */
export class BackupCandidates {
  attempts = new Int32Array(16);
  ends = new Float64Array(16);
  serials = new Int32Array(16);
  count = 0;

  /** Inserts an entry in its place: by end, then (ties) the higher task first, so that from the back the lower task comes first. */
  insert(attempt: number, end: number, serial: number, taskOf: Int32Array): void {
    if (this.count === this.attempts.length) this.grow();
    const { attempts, ends, serials } = this;
    const task = taskOf[attempt];
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const e = ends[mid];
      if (e < end || (e === end && taskOf[attempts[mid]] > task)) lo = mid + 1;
      else hi = mid;
    }
    attempts.copyWithin(lo + 1, lo, this.count);
    ends.copyWithin(lo + 1, lo, this.count);
    serials.copyWithin(lo + 1, lo, this.count);
    attempts[lo] = attempt;
    ends[lo] = end;
    serials[lo] = serial;
    this.count++;
  }

  /** Adds entries in no order, then sorts the whole (for many at once). */
  insertAll(attempts: readonly number[], ends: readonly number[], serials: readonly number[], taskOf: Int32Array): void {
    const n = this.count + attempts.length;
    const order = Array.from({ length: n }, (_, k) => k);
    const attemptAt = (k: number): number => (k < this.count ? this.attempts[k] : attempts[k - this.count]);
    const endAt = (k: number): number => (k < this.count ? this.ends[k] : ends[k - this.count]);
    const serialAt = (k: number): number => (k < this.count ? this.serials[k] : serials[k - this.count]);
    order.sort((a, b) => endAt(a) - endAt(b) || taskOf[attemptAt(b)] - taskOf[attemptAt(a)] || a - b);
    this.refill(order.length, (k) => attemptAt(order[k]), (k) => endAt(order[k]), (k) => serialAt(order[k]));
  }

  /** Keeps only the entries `holds` accepts, in order. */
  filter(holds: (k: number) => boolean): void {
    const keep: number[] = [];
    for (let k = 0; k < this.count; k++) if (holds(k)) keep.push(k);
    const { attempts, ends, serials } = this;
    this.refill(keep.length, (k) => attempts[keep[k]], (k) => ends[keep[k]], (k) => serials[keep[k]]);
  }

  private refill(n: number, attempt: (k: number) => number, end: (k: number) => number, serial: (k: number) => number): void {
    const size = Math.max(16, n * 2);
    const attempts = new Int32Array(size);
    const ends = new Float64Array(size);
    const serials = new Int32Array(size);
    for (let k = 0; k < n; k++) {
      attempts[k] = attempt(k);
      ends[k] = end(k);
      serials[k] = serial(k);
    }
    this.attempts = attempts;
    this.ends = ends;
    this.serials = serials;
    this.count = n;
  }

  private grow(): void {
    const size = this.attempts.length * 2;
    const attempts = new Int32Array(size);
    attempts.set(this.attempts);
    const ends = new Float64Array(size);
    ends.set(this.ends);
    const serials = new Int32Array(size);
    serials.set(this.serials);
    this.attempts = attempts;
    this.ends = ends;
    this.serials = serials;
  }
}

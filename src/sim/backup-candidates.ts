/**
 * The tasks of a kind a job may back up (`hadoop1-speculation.ts`), in typed
 * columns kept sorted by expected end, the latest at the back, where most
 * join (tasks started later end later) and where the search starts. Each entry keeps
 * the end and the serial it was ranked at; the rule leaves entries that no
 * longer hold where they are until they reach the back or most are stale.
 */
export class BackupCandidates {
  attempts = new Int32Array(0);
  ends = new Float64Array(0);
  serials = new Int32Array(0);
  count = 0;

  /** `expected`: how many entries there may be at once (the job's tasks of the kind), room for which is made at the first. */
  constructor(private readonly expected = 16) {}

  /** Inserts an entry in its place: by end, then (ties) the higher task first, so that from the back the lower task comes first. */
  insert(attempt: number, end: number, serial: number, taskOf: Int32Array): void {
    this.makeRoom(this.count + 1);
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
    // Most join at the back: nothing to move.
    if (lo < this.count) {
      attempts.copyWithin(lo + 1, lo, this.count);
      ends.copyWithin(lo + 1, lo, this.count);
      serials.copyWithin(lo + 1, lo, this.count);
    }
    attempts[lo] = attempt;
    ends[lo] = end;
    serials[lo] = serial;
    this.count++;
  }

  /**
   * Adds many entries at once: they are sorted, then merged with those in
   * place from the back. Entries of equal end and task keep the order they
   * came in, those in place first.
   */
  insertAll(attempts: readonly number[], ends: readonly number[], serials: readonly number[], taskOf: Int32Array): void {
    const order = Array.from({ length: attempts.length }, (_, k) => k);
    order.sort((a, b) => ends[a] - ends[b] || taskOf[attempts[b]] - taskOf[attempts[a]] || a - b);
    this.makeRoom(this.count + order.length);
    // Merged from the back: the greater of the last in place and the last new goes to the free end.
    const { attempts: placed, ends: placedEnds, serials: placedSerials } = this;
    let i = this.count - 1;
    let j = order.length - 1;
    for (let k = this.count + order.length - 1; j >= 0; k--) {
      const n = order[j];
      // The one in place comes after the new one: a later end, or the same and a lower task (equal ones: the new one last).
      const placedLater = i >= 0 && (placedEnds[i] > ends[n] || (placedEnds[i] === ends[n] && taskOf[placed[i]] < taskOf[attempts[n]]));
      if (placedLater) {
        placed[k] = placed[i];
        placedEnds[k] = placedEnds[i];
        placedSerials[k] = placedSerials[i--];
      } else {
        placed[k] = attempts[n];
        placedEnds[k] = ends[n];
        placedSerials[k] = serials[n];
        j--;
      }
    }
    this.count += order.length;
  }

  /** Keeps only the entries `holds` accepts, in order. */
  filter(holds: (k: number) => boolean): void {
    const { attempts, ends, serials } = this;
    let kept = 0;
    for (let k = 0; k < this.count; k++) {
      if (!holds(k)) continue;
      attempts[kept] = attempts[k];
      ends[kept] = ends[k];
      serials[kept++] = serials[k];
    }
    this.count = kept;
  }

  /** Room for `size` entries: the expected number at first, twice as many as needed past it. */
  private makeRoom(size: number): void {
    if (size <= this.attempts.length) return;
    const room = this.attempts.length === 0 ? Math.max(16, this.expected, size) : Math.max(2 * this.attempts.length, size);
    const attempts = new Int32Array(room);
    attempts.set(this.attempts.subarray(0, this.count));
    const ends = new Float64Array(room);
    ends.set(this.ends.subarray(0, this.count));
    const serials = new Int32Array(room);
    serials.set(this.serials.subarray(0, this.count));
    this.attempts = attempts;
    this.ends = ends;
    this.serials = serials;
  }
}

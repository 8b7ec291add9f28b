/**
 * Nodes waiting, with a free slot of one kind, for work of that kind to
 * appear. An idle node sends no heartbeat, so its phase (the time of its last
 * heartbeat modulo the interval) stays fixed while it waits; the node that
 * ticks first after time t is the first whose phase is at or after t's phase,
 * wrapping around.
 *
 * The nodes sit in phase buckets (about eight nodes a bucket), each sorted by
 * (phase, node): adding and removing shift a few entries, and finding the
 * next to tick skips empty buckets. Nodes leave when they get a heartbeat or
 * die; a node that comes back idle at the same phase is a no-op.
 *
 * Phases come from floating-point remainders, so a tick that falls exactly on
 * t can come out a hair before t's phase; phases within a billionth of the
 * interval of t's are taken as ticking at t.
 */
export class IdleNodes {
  private readonly buckets: number[][];
  private readonly phase: Float64Array;
  private readonly lastBeat: Float64Array;
  private readonly member: Uint8Array;
  private count = 0;

  constructor(
    nodeCount: number,
    private readonly interval: number,
  ) {
    this.buckets = Array.from({ length: Math.max(1, Math.ceil(nodeCount / 8)) }, () => []);
    this.phase = new Float64Array(nodeCount);
    this.lastBeat = new Float64Array(nodeCount);
    this.member = new Uint8Array(nodeCount);
  }

  get size(): number {
    return this.count;
  }

  /** A node becomes idle; `lastHeartbeat` fixes its phase. */
  add(node: number, lastHeartbeat: number): void {
    if (this.member[node] === 1) {
      // Still here: periodic heartbeats since then keep its phase (a whole
      // number of intervals later); checked by division, cheaper than `%`.
      const periods = (lastHeartbeat - this.lastBeat[node]) / this.interval;
      this.lastBeat[node] = lastHeartbeat;
      if (Math.abs(periods - Math.round(periods)) <= 1e-9) return;
      this.remove(node); // an out-of-band heartbeat or a recovery moved its phase
    }
    const phase = modulo(lastHeartbeat, this.interval);
    this.lastBeat[node] = lastHeartbeat;
    this.phase[node] = phase;
    this.member[node] = 1;
    this.count++;
    const bucket = this.buckets[this.bucketOf(phase)];
    bucket.push(node);
    let at = bucket.length - 1;
    for (; at > 0 && this.before(node, bucket[at - 1]); at--) bucket[at] = bucket[at - 1];
    bucket[at] = node;
  }

  remove(node: number): void {
    if (this.member[node] === 0) return;
    this.member[node] = 0;
    this.count--;
    const bucket = this.buckets[this.bucketOf(this.phase[node])];
    const at = bucket.indexOf(node);
    for (let i = at; i < bucket.length - 1; i++) bucket[i] = bucket[i + 1];
    bucket.pop();
  }

  /**
   * The node still `waiting` that ticks first at or after `now`, removed from
   * the set; -1 if there is none. Nodes found not waiting are removed.
   */
  takeEarliest(now: number, waiting: (node: number) => boolean): number {
    if (this.count === 0) return -1;
    const tolerance = this.interval * 1e-9;
    const from = modulo(now, this.interval) - tolerance;
    const first = this.bucketOf(Math.max(0, from));
    // A node that heartbeat at `now` itself ticks next one interval later: last of all.
    let justBeat = -1;
    // Visit the buckets from `first` round to `first` again: its entries at
    // or after `from` first, those before `from` at the very end.
    for (let step = 0; step <= this.buckets.length; step++) {
      const bucket = this.buckets[(first + step) % this.buckets.length];
      for (let i = 0; i < bucket.length; i++) {
        const node = bucket[i];
        const after = this.phase[node] >= from;
        if ((step === 0 && !after) || (step === this.buckets.length && after)) continue;
        if (!waiting(node)) {
          this.remove(node);
          i--;
          continue;
        }
        if (this.lastBeat[node] >= now - tolerance) {
          if (justBeat < 0) justBeat = node;
          continue;
        }
        this.remove(node);
        return node;
      }
    }
    if (justBeat >= 0) this.remove(justBeat);
    return justBeat;
  }

  private bucketOf(phase: number): number {
    return Math.min(this.buckets.length - 1, Math.floor((phase / this.interval) * this.buckets.length));
  }

  private before(a: number, b: number): boolean {
    return this.phase[a] < this.phase[b] || (this.phase[a] === this.phase[b] && a < b);
  }
}

function modulo(time: number, interval: number): number {
  const r = time % interval;
  return r < 0 ? r + interval : r;
}

/**
 * Nodes waiting, with a free slot of one kind, for work of that kind to
 * appear. An idle node sends no heartbeat, so its phase (the time of its last
 * heartbeat modulo the interval) stays fixed while it waits; the set keeps the
 * nodes sorted by phase, and the node that ticks first after time t is the
 * first whose phase is at or after t's phase, wrapping around.
 *
 * Deletion is lazy: a node that gets a heartbeat, fills up or dies keeps its
 * entry, and `takeEarliest` passes over entries that are not waiting; a node
 * that comes back idle at the same phase (periodic heartbeats keep it) costs
 * nothing. This keeps the busy path — nodes heartbeating again and again —
 * free of array shifting.
 *
 * Phases come from floating-point remainders, so a tick that falls exactly on
 * t can come out a hair before t's phase; phases within a billionth of the
 * interval of t's are taken as ticking at t.
 */
export class IdleNodes {
  /** Node indices sorted by (phase, index). */
  private readonly order: number[] = [];
  private readonly phase: Float64Array;
  private readonly lastBeat: Float64Array;
  private readonly member: Uint8Array;

  constructor(
    nodeCount: number,
    private readonly interval: number,
  ) {
    this.phase = new Float64Array(nodeCount);
    this.lastBeat = new Float64Array(nodeCount);
    this.member = new Uint8Array(nodeCount);
  }

  get size(): number {
    return this.order.length;
  }

  /** A node becomes idle; `lastHeartbeat` fixes its phase. */
  add(node: number, lastHeartbeat: number): void {
    if (this.member[node] === 1) {
      // Still queued: periodic heartbeats since then keep its phase (a whole
      // number of intervals later); checked by division, cheaper than `%`.
      const periods = (lastHeartbeat - this.lastBeat[node]) / this.interval;
      this.lastBeat[node] = lastHeartbeat;
      if (Math.abs(periods - Math.round(periods)) <= 1e-9) return;
      this.remove(node); // an out-of-band heartbeat or a recovery moved its phase
    }
    const phase = modulo(lastHeartbeat, this.interval);
    this.lastBeat[node] = lastHeartbeat;
    this.member[node] = 1;
    this.phase[node] = phase;
    insertAt(this.order, this.lowerBound(phase, node), node);
  }

  remove(node: number): void {
    if (this.member[node] === 0) return;
    this.member[node] = 0;
    removeAt(this.order, this.lowerBound(this.phase[node], node));
  }

  /**
   * The node still `waiting` that ticks first at or after `now`, removed from
   * the set; -1 if there is none. Entries that are not waiting stay.
   */
  takeEarliest(now: number, waiting: (node: number) => boolean): number {
    const tolerance = this.interval * 1e-9;
    let at = this.lowerBound(modulo(now, this.interval) - tolerance, -1);
    // A node that heartbeat at `now` itself ticks next one interval later: it goes last.
    let justBeat = -1;
    for (let seen = this.order.length; seen > 0; seen--) {
      if (at >= this.order.length) at = 0;
      const node = this.order[at];
      if (!waiting(node)) {
        at++;
        continue;
      }
      if (this.lastBeat[node] >= now - tolerance) {
        if (justBeat < 0) justBeat = node;
        at++;
        continue;
      }
      removeAt(this.order, at);
      this.member[node] = 0;
      return node;
    }
    if (justBeat >= 0) this.remove(justBeat);
    return justBeat;
  }

  /** First position whose (phase, node) is not before (phase, node). */
  private lowerBound(phase: number, node: number): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = this.order[mid];
      const p = this.phase[other];
      if (p < phase || (p === phase && other < node)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

// In-place shifts: Array.prototype.splice would allocate the array of removed elements at every call.
function insertAt(list: number[], at: number, value: number): void {
  list.push(value);
  for (let i = list.length - 1; i > at; i--) list[i] = list[i - 1];
  list[at] = value;
}

function removeAt(list: number[], at: number): void {
  for (let i = at; i < list.length - 1; i++) list[i] = list[i + 1];
  list.pop();
}

function modulo(time: number, interval: number): number {
  const r = time % interval;
  return r < 0 ? r + interval : r;
}

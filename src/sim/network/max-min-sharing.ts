/**
 * Flow-level bandwidth sharing by max-min fairness, the model SimGrid
 * validated for TCP flows (Velho et al., "On the Validity of Flow-level TCP
 * Network Models for Grid and Cloud Simulations", ACM TOMACS 2013): flows
 * cross resources (disks, links, one direction of a link each), a flow f
 * consumes weight(f, r) × rate(f) of each resource r on its route, and the
 * rates are the max-min fair allocation: no flow's rate can grow without
 * shrinking one that is no larger, within every capacity and each flow's own
 * bound. Computed by progressive filling: every unfrozen flow's rate rises
 * together until a resource is full (its flows freeze) or a flow reaches its
 * bound.
 *
 * Incrementally: opening or closing a flow recomputes only the region it can
 * reach, the flows and resources connected to it through full resources.
 * A resource with room left passes no change on: its flows are held back
 * elsewhere. Neither does a flow slower than the level at which the change
 * enters the filling (see `recompute`). If the new rates fill a resource at
 * the region's edge, the region takes it in and is computed again.
 *
 * Differences from SimGrid's network model: no latency and no TCP window
 * bound (SimGrid's `network/TCP-gamma`), no cross-traffic of acknowledgements;
 * the cross-check in scripts/simgrid-check.py runs SimGrid that way
 * (docs/model.md, "Network").
 */

import { MinHeap } from '../../util/min-heap.js';
import { IntList } from './int-list.js';
import { resized } from '../resized.js';

/** Most resources on one flow's route. */
export const MAX_ROUTE = 16;
/** A resource counts as full within this relative margin. */
const FULL = 1e-9;
/** A slope this small has no flow left rising. */
const EMPTY = 1e-12;
/** `touchMark` of a resource already seen in the filling under way. */
const TOUCHED = -1;
/** Relative margin under a change's floor (see `recompute`) within which flows join the region all the same: rounding of their rates. */
const FLOOR_MARGIN = 1e-6;

export class FairShare {
  private readonly capacity: Float64Array;
  private readonly load: Float64Array;
  /** The weights of the flows on each resource, summed: bounds a new flow's rate from below. */
  private readonly weightOn: Float64Array;
  /**
   * The flows on each resource: its first `userCount` entries, each slot ×
   * MAX_ROUTE + position on the slot's route. A list never shrinks: emptied,
   * a JavaScript array gives its storage back, and a disk whose one read
   * ends and the next starts would allocate it again each time.
   */
  private readonly users: number[][];
  private readonly userCount: Int32Array;
  // Per flow slot: route (resources and weights), its place in each resource's list, rate and bound.
  private routeResource: Int32Array = new Int32Array(0);
  private routeWeight: Float64Array = new Float64Array(0);
  private routeAt: Int32Array = new Int32Array(0);
  private routeLength: Uint8Array = new Uint8Array(0);
  private rates: Float64Array = new Float64Array(0);
  private bounds: Float64Array = new Float64Array(0);
  private readonly freeSlots: number[] = [];
  private slots = 0;
  /** The region being computed: marks by epoch, its flows and resources, and each resource's share for the filling. */
  private epoch = 0;
  private readonly resourceMark: Int32Array;
  private slotMark: Int32Array = new Int32Array(0);
  /** Each region flow's index in `regionFlows`, by slot. */
  private slotIndex: Int32Array = new Int32Array(0);
  private readonly regionFlows = new IntList();
  private readonly free: Float64Array;
  private readonly slope: Float64Array;
  private readonly touchMark: Int32Array;
  private newRates = new Float64Array(64);
  /** Resources by fill level (key), lowest first, the resource its value; an entry may lag its level (see lowestLevel). Ties are left to the heap's shape. */
  private readonly heap = new MinHeap(64);
  // Scratch of a recomputation, kept between them: the resources to visit, those touched, the bounded flows.
  private readonly queue = new IntList();
  private readonly touched = new IntList();
  private readonly bounded = new IntList();
  private frozen = new Uint8Array(64);
  private unfrozen = 0;
  /** Flow slots whose rate the last change moved. */
  readonly changed = new IntList();

  constructor(capacities: ArrayLike<number>) {
    const n = capacities.length;
    this.capacity = Float64Array.from(capacities);
    this.load = new Float64Array(n);
    this.weightOn = new Float64Array(n);
    this.users = Array.from({ length: n }, () => []);
    this.userCount = new Int32Array(n);
    this.resourceMark = new Int32Array(n);
    this.free = new Float64Array(n);
    this.slope = new Float64Array(n);
    this.touchMark = new Int32Array(n);
  }

  /** Changes a resource's capacity; the rates of the flows it can reach follow. */
  setCapacity(resource: number, capacity: number): void {
    const before = this.capacity[resource];
    this.capacity[resource] = capacity;
    this.beginChange();
    // Room left before and after: nothing to redo (its flows are held back elsewhere).
    if (this.load[resource] < before * (1 - FULL) && this.load[resource] < capacity * (1 - FULL)) return;
    // The resource fills at a level of at least its capacity over its flows' weight, before and after.
    const weight = this.weightOn[resource];
    this.recompute([resource], weight > 0 ? Math.min(before, capacity) / weight : 0, -1);
  }

  rate(slot: number): number {
    return this.rates[slot];
  }

  /** Flows the last recomputation covered (0 when a change needed none): what a change costs. */
  get regionSize(): number {
    return this.regionFlows.length;
  }

  /**
   * Opens a flow over the first `length` of `resources` (consuming
   * `weights[i]` of resource i per byte/s, 1 when no weights are given), at
   * most `bound` bytes/s. Returns
   * its slot; `changed` lists the slots whose rate moved, this one included.
   */
  open(resources: ArrayLike<number>, weights: ArrayLike<number> | null, bound: number, length = resources.length): number {
    if (length > MAX_ROUTE) throw new Error(`internal: a route of ${length} resources (at most ${MAX_ROUTE})`);
    const slot = this.freeSlots.pop() ?? this.newSlot();
    const base = slot * MAX_ROUTE;
    this.routeLength[slot] = length;
    this.rates[slot] = 0;
    this.bounds[slot] = bound;
    for (let k = 0; k < length; k++) {
      const r = resources[k];
      this.routeResource[base + k] = r;
      this.routeWeight[base + k] = weights === null ? 1 : weights[k];
      const at = this.userCount[r]++;
      const list = this.users[r];
      if (at === list.length) list.push(base + k);
      else list[at] = base + k;
      this.routeAt[base + k] = at;
      this.weightOn[r] += this.routeWeight[base + k];
    }
    this.beginChange();
    if (this.openAlone(slot)) this.changed.push(slot);
    else {
      this.recompute(this.routeResource.subarray(base, base + length), this.leastRate(slot), slot);
      // The region lists the new flow among those that moved unless it stayed at 0.
      if (this.rates[slot] === 0) this.changed.push(slot);
    }
    return slot;
  }

  /**
   * The common case, without a region: the new flow takes what its route has
   * left, and nothing else moves, when every resource this fills carries no
   * faster flow (each of those is held back elsewhere, and the new flow is
   * the fastest on the resource that holds it). Returns false otherwise.
   */
  private openAlone(slot: number): boolean {
    const base = slot * MAX_ROUTE;
    const length = this.routeLength[slot];
    let rate = this.bounds[slot];
    for (let k = 0; k < length; k++) {
      const r = this.routeResource[base + k];
      const w = this.routeWeight[base + k];
      if (w > 0) rate = Math.min(rate, (this.capacity[r] - this.load[r]) / w);
    }
    if (!(rate > 0)) return false;
    for (let k = 0; k < length; k++) {
      const r = this.routeResource[base + k];
      if (this.load[r] + this.routeWeight[base + k] * rate < this.capacity[r] * (1 - FULL)) continue;
      const list = this.users[r];
      for (let i = 0, n = this.userCount[r]; i < n; i++) {
        const other = (list[i] / MAX_ROUTE) | 0;
        if (other !== slot && this.rates[other] > rate * (1 + FULL)) return false;
      }
    }
    this.rates[slot] = rate;
    for (let k = 0; k < length; k++) this.load[this.routeResource[base + k]] += this.routeWeight[base + k] * rate;
    return true;
  }

  /**
   * A lower bound on a new flow's max-min rate: it stops rising when a
   * resource on its route fills, and a full resource's flows, none faster
   * than it, share the capacity, so its rate is at least the capacity over
   * their weight on that resource.
   */
  private leastRate(slot: number): number {
    const base = slot * MAX_ROUTE;
    let rate = this.bounds[slot];
    for (let k = 0; k < this.routeLength[slot]; k++) {
      const r = this.routeResource[base + k];
      rate = Math.min(rate, this.capacity[r] / this.weightOn[r]);
    }
    return rate;
  }

  /** Closes a flow; `changed` lists the slots whose rate moved. */
  close(slot: number): void {
    const base = slot * MAX_ROUTE;
    const length = this.routeLength[slot];
    const rate = this.rates[slot];
    // Another flow can only grow where this one leaves a full resource it shared.
    let shared = false;
    for (let k = 0; k < length && !shared; k++) {
      const r = this.routeResource[base + k];
      shared = this.userCount[r] > 1 && this.isFull(r);
    }
    for (let k = 0; k < length; k++) {
      const r = this.routeResource[base + k];
      this.load[r] -= this.routeWeight[base + k] * rate;
      this.weightOn[r] -= this.routeWeight[base + k];
      // Swap-remove from the resource's list, fixing the moved entry's position.
      const list = this.users[r];
      const at = this.routeAt[base + k];
      const last = list[--this.userCount[r]];
      if (last !== base + k) {
        list[at] = last;
        this.routeAt[last] = at;
      }
      // An empty resource starts its sum afresh, so that rounding does not build up.
      if (this.userCount[r] === 0) this.weightOn[r] = 0;
    }
    this.routeLength[slot] = 0;
    this.rates[slot] = 0;
    this.freeSlots.push(slot);
    this.beginChange();
    // The route stays in place until the slot is opened again.
    if (shared) this.recompute(this.routeResource.subarray(base, base + length), rate, -1);
  }

  /** A change starts: nothing moved and no region computed yet. */
  private beginChange(): void {
    this.changed.clear();
    this.regionFlows.clear();
  }

  private newSlot(): number {
    const slot = this.slots++;
    if (slot === this.rates.length) {
      const size = Math.max(64, 2 * slot);
      this.routeResource = resized(this.routeResource, new Int32Array(size * MAX_ROUTE));
      this.routeWeight = resized(this.routeWeight, new Float64Array(size * MAX_ROUTE));
      this.routeAt = resized(this.routeAt, new Int32Array(size * MAX_ROUTE));
      this.routeLength = resized(this.routeLength, new Uint8Array(size));
      this.rates = resized(this.rates, new Float64Array(size));
      this.bounds = resized(this.bounds, new Float64Array(size));
      this.slotMark = resized(this.slotMark, new Int32Array(size));
      this.slotIndex = resized(this.slotIndex, new Int32Array(size));
    }
    return slot;
  }

  private isFull(r: number): boolean {
    return this.load[r] >= this.capacity[r] * (1 - FULL);
  }

  /**
   * Max-min rates again for the region reachable from `seeds`, grown while
   * its new rates fill a resource at its edge (`opened`: a new flow, in the
   * region from the start).
   *
   * `floor` is a level below which the change leaves the progressive
   * filling as it was: the rate of the flow that closes, a lower bound on
   * the rate of the one that opens, a lower bound on the levels at which a
   * resource whose capacity changes fills before and after. Only the
   * resources the change touches fill differently, none of them below the
   * floor, so every step below it is the same and a flow slower than the
   * floor keeps its rate: it stays out of the region, and passes nothing on.
   * The flows held back below a busy rack link or output pool are thereby
   * not computed again at each change of those that share it.
   */
  private recompute(seeds: ArrayLike<number>, floor: number, opened: number): void {
    const epoch = ++this.epoch;
    const least = floor * (1 - FLOOR_MARGIN);
    this.regionFlows.clear();
    if (opened >= 0) {
      this.slotMark[opened] = epoch;
      this.regionFlows.push(opened);
    }
    for (let i = 0; i < seeds.length; i++) this.take(seeds[i]);
    for (;;) {
      // Every flow on a region resource joins; their full resources join too.
      while (this.queue.length > 0) {
        const r = this.queue.pop();
        const list = this.users[r];
        for (let i = 0, n = this.userCount[r]; i < n; i++) {
          const slot = (list[i] / MAX_ROUTE) | 0;
          if (this.slotMark[slot] === epoch || this.rates[slot] < least) continue;
          this.slotMark[slot] = epoch;
          this.regionFlows.push(slot);
          const base = slot * MAX_ROUTE;
          for (let k = 0; k < this.routeLength[slot]; k++) {
            const other = this.routeResource[base + k];
            if (this.isFull(other)) this.take(other);
          }
        }
      }
      this.fill();
      // A resource at the edge (touched by the filling, not in the region) that the new rates fill brings its other flows in.
      let grown = false;
      const touched = this.touched;
      for (let t = 0; t < touched.length; t++) {
        const r = touched.items[t];
        if (this.resourceMark[r] === epoch || this.free[r] > this.capacity[r] * FULL) continue;
        this.take(r);
        grown = true;
      }
      if (!grown) break;
    }
    this.commit();
  }

  /** A resource joins the region (once) and the queue of those whose flows are still to join. */
  private take(r: number): void {
    if (this.resourceMark[r] === this.epoch) return;
    this.resourceMark[r] = this.epoch;
    this.queue.push(r);
  }

  /**
   * Progressive filling over the region's flows: `free` is each resource's
   * capacity left by the flows outside the region and the frozen ones,
   * `slope` the weight of its unfrozen flows; a resource fills at level
   * free / slope. New rates go to `newRates`, in region order. An unbounded
   * flow over no finite resource would rise for ever: routes always hold a
   * disk or a link, and the caller gives no such flow.
   *
   * Each step freezes a group: the flows whose bounds come before the next
   * resource fills, or every flow still rising on that resource. Freezing
   * flows at or below every resource's level only raises those levels, so a
   * group needs no re-check between its flows, and the heap keeps one entry
   * per resource, at a level it had: an entry found below its resource's
   * level now goes back at that level when it reaches the top (most never
   * do: a region's flows cross many resources that never fill).
   */
  private fill(): void {
    const { free, slope, touchMark, heap, slotIndex, touched, bounded, bounds } = this;
    const flows = this.regionFlows.items;
    const count = this.regionFlows.length;
    touched.clear();
    bounded.clear();
    // Flows with a bound, lowest first: the runtime's bounds take few values, often already in order.
    let ordered = true;
    for (let i = 0; i < count; i++) {
      const slot = flows[i];
      slotIndex[slot] = i;
      if (bounds[slot] < Infinity) {
        if (bounded.length > 0 && bounds[slot] < bounds[flows[bounded.items[bounded.length - 1]]]) ordered = false;
        bounded.push(i);
      }
      const base = slot * MAX_ROUTE;
      for (let k = 0; k < this.routeLength[slot]; k++) {
        const r = this.routeResource[base + k];
        if (touchMark[r] !== TOUCHED) {
          touchMark[r] = TOUCHED;
          touched.push(r);
          free[r] = this.capacity[r] - this.load[r];
          slope[r] = 0;
        }
        // The region's flows give back what they held, and add their weight to the slope.
        const w = this.routeWeight[base + k];
        free[r] += w * this.rates[slot];
        slope[r] += w;
      }
    }
    heap.clear();
    for (let t = 0; t < touched.length; t++) {
      const r = touched.items[t];
      touchMark[r] = 0;
      if (slope[r] > 0) heap.push(free[r] / slope[r], 0, r);
    }
    if (!ordered) bounded.sort(this.byBound);
    const byBound = bounded.items;
    const boundedCount = bounded.length;
    if (this.frozen.length < count) {
      this.frozen = new Uint8Array(2 * count);
      this.newRates = new Float64Array(2 * count);
    }
    const frozen = this.frozen;
    frozen.fill(0, 0, count);
    this.unfrozen = count;
    let nextBound = 0;
    let level = 0;
    while (this.unfrozen > 0) {
      while (nextBound < boundedCount && frozen[byBound[nextBound]] === 1) nextBound++;
      const full = this.lowestLevel();
      if (nextBound < boundedCount && bounds[flows[byBound[nextBound]]] <= full) {
        // Every flow whose bound comes before the next resource fills stops there.
        do {
          const i = byBound[nextBound++];
          level = Math.max(level, bounds[flows[i]]);
          if (frozen[i] === 0) this.freeze(i, level);
        } while (nextBound < boundedCount && bounds[flows[byBound[nextBound]]] <= full);
      } else {
        // The next resource to fill freezes every flow on it that is still rising.
        const r = heap.peekValue();
        heap.pop();
        level = Math.max(level, full);
        const list = this.users[r];
        for (let u = 0, n = this.userCount[r]; u < n; u++) {
          const slot = (list[u] / MAX_ROUTE) | 0;
          // A slot's index may be left from an earlier region: past this one's end, or another flow's.
          const i = slotIndex[slot];
          if (i < count && flows[i] === slot && frozen[i] === 0) this.freeze(i, level);
        }
      }
    }
  }

  /** The level at which the next resource fills (its entry on top of the heap), Infinity if none has flows rising. */
  private lowestLevel(): number {
    const { free, slope, heap } = this;
    while (heap.size > 0) {
      const r = heap.peekValue();
      if (slope[r] <= EMPTY) {
        heap.pop();
        continue;
      }
      const level = free[r] / slope[r];
      // Written so that a NaN level (a contract broken upstream) ends the search rather than cycling.
      if (!(level > heap.peekKey())) return level;
      heap.pop();
      heap.push(level, 0, r);
    }
    return Infinity;
  }

  /** Region flow i stops rising at `rate`: its resources keep what it takes, and their fill levels move. */
  private freeze(i: number, rate: number): void {
    const { free, slope } = this;
    this.frozen[i] = 1;
    this.unfrozen--;
    this.newRates[i] = rate;
    const slot = this.regionFlows.items[i];
    const base = slot * MAX_ROUTE;
    for (let k = 0; k < this.routeLength[slot]; k++) {
      const r = this.routeResource[base + k];
      const w = this.routeWeight[base + k];
      free[r] -= w * rate;
      slope[r] -= w;
    }
  }

  private readonly byBound = (a: number, b: number): number => this.bounds[this.regionFlows.items[a]] - this.bounds[this.regionFlows.items[b]];

  /** The region's new rates become the rates; loads follow; `changed` gets the slots that moved. */
  private commit(): void {
    const { newRates } = this;
    const flows = this.regionFlows.items;
    for (let i = 0; i < this.regionFlows.length; i++) {
      const slot = flows[i];
      const before = this.rates[slot];
      const after = newRates[i];
      if (after === before) continue;
      const base = slot * MAX_ROUTE;
      for (let k = 0; k < this.routeLength[slot]; k++) {
        this.load[this.routeResource[base + k]] += this.routeWeight[base + k] * (after - before);
      }
      this.rates[slot] = after;
      this.changed.push(slot);
    }
  }
}

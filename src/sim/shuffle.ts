/**
 * The shuffle of one job, as a fluid. Finished map outputs are listed in the
 * order they appeared, on one axis of cumulative bytes (`axis[k]` is where
 * output k starts). Each running reduce copies its share of the outputs in
 * that order, as a fluid at a constant rate, and is at `position` on the axis.
 *
 * Its copying goes in batches: a batch takes everything listed when it starts
 * and ends when that is copied (one transfer-end event); then, if enough has
 * been listed meanwhile, the next batch starts at once. A reduce that has
 * caught up waits, off the event queue, until a second's worth of copying
 * (at its rate) has been listed, or until the job's last map has finished;
 * the job keeps the waiting reduces in a heap by the axis point at which each
 * wakes. So the shuffle costs events in proportion to batches — about the
 * bytes each reduce copies over its rate, in seconds — not to maps × reduces
 * (which reached 19 billion fetches on a 16-million-map day).
 *
 * When a node fails, each running reduce keeps what it had copied by then
 * (an output it was in the middle of is copied again); outputs it had not
 * copied are skipped, and their re-runs, listed later, copied instead. A
 * re-run of an output it had copied is skipped in turn. Skips are kept per
 * reduce as output indices (failures are rare); `need(P)`, the bytes up to
 * axis point P that a reduce copies, is P minus its skips.
 */
import type { Job } from '../model/workload.js';
import type { NetworkModel } from './network.js';
import { resized } from './resized.js';

/**
 * A reduce that has caught up copies again once this many seconds of
 * copying have been listed for it (Hadoop's reduces look for finished maps
 * every second).
 */
export const FETCH_BATCH_SECONDS = 1;

const ACTIVE = 0;
const WAITING = 1;
const DONE = 2;

export class ReduceFetch {
  /**
   * Bytes of output copied (the reduce's share is this times `share`), skips
   * left out, as of `at`; while a batch runs it moves on at `axisRate` until
   * `target`.
   */
  position = 0;
  at: number;
  state = WAITING;
  /** Where the running batch ends (in copied bytes), and when. */
  target = 0;
  batchEnd = NaN;
  /** The axis point at which a waiting reduce starts a batch (its heap key). */
  wakeAt = Infinity;
  /** Outputs (indices into the job's list) this reduce does not copy; null until a failure gives it one. */
  skips: number[] | null = null;
  skippedBytes = 0;
  /** Maps whose lost output this reduce had copied: their re-runs are skipped. */
  kept: Set<number> | null = null;

  constructor(
    readonly attempt: number,
    readonly task: number,
    readonly node: number,
    readonly share: number,
    /** Bytes of its share per second. */
    readonly rate: number,
    now: number,
  ) {
    this.at = now;
  }

  /** Axis bytes per second: the job's output moves past at rate / share. */
  get axisRate(): number {
    return this.share > 0 ? this.rate / this.share : Infinity;
  }

  get done(): boolean {
    return this.state === DONE;
  }
}

/** For a reduce woken by new output: its shuffle cannot end before the job's last map has. */
const noShuffleEnd = (): void => {
  throw new Error('internal: a shuffle ended before every map had output');
};

/** What the shuffle asks of the runtime: an event when a batch ends. */
export interface ShuffleClock {
  now(): number;
  batchEnds(fetch: ReduceFetch, time: number): void;
}

export class JobShuffle {
  // The outputs in the order they appeared: map, node, time, whether a node
  // failure lost it, and where it starts on the axis (axis[count] is the
  // total listed). Sized for one output per map; they grow only when lost
  // outputs are made again.
  private count = 0;
  private outputMap: Int32Array;
  private outputNode: Int32Array;
  private outputLost: Uint8Array;
  private axis: Float64Array;
  /** Outputs lost so far: a reduce launched later skips them (their re-runs come later in the list). */
  private readonly lostOutputs: number[] = [];
  /** The running reduce of each task, or null. */
  readonly fetches: (ReduceFetch | null)[];
  /** Reduces waiting for output, by the axis point at which each wakes (stale entries skipped when popped). */
  private readonly waiting: ReduceFetch[] = [];
  /** Bytes ever listed per node and per leaf switch (lost ones included): each reduce's traffic at its end. */
  private readonly nodeBytes: Float64Array;
  private readonly leafBytes: Float64Array;
  /** Bytes of live output per node: built when a policy first asks, then kept up to date. */
  private perNode: Float64Array | null = null;
  /** Every map has output (a node failure can take this back). */
  mapsDone: boolean;

  constructor(
    private readonly job: Job,
    private readonly network: NetworkModel,
    nodeCount: number,
  ) {
    this.fetches = new Array<ReduceFetch | null>(job.reduces.length).fill(null);
    const maps = job.maps.length;
    this.mapsDone = maps === 0;
    this.outputMap = new Int32Array(maps);
    this.outputNode = new Int32Array(maps);
    this.outputLost = new Uint8Array(maps);
    this.axis = new Float64Array(maps + 1);
    this.nodeBytes = new Float64Array(nodeCount);
    this.leafBytes = new Float64Array(network.leafCount);
  }

  /** Total bytes listed. */
  private get listed(): number {
    return this.axis[this.count];
  }

  /** Record a finished map's output on `node`; wake the reduces that now have a batch's worth to copy. */
  addOutput(map: number, node: number, clock: ShuffleClock): void {
    if (this.count + 1 === this.axis.length) this.grow();
    const k = this.count++;
    const bytes = this.job.maps.outputBytes[map];
    this.outputMap[k] = map;
    this.outputNode[k] = node;
    this.outputLost[k] = 0;
    this.axis[k + 1] = this.axis[k] + bytes;
    this.nodeBytes[node] += bytes;
    this.leafBytes[this.network.leafOf(node)] += bytes;
    if (this.perNode !== null) this.perNode[node] += bytes;
    if (this.lostOutputs.length > 0) this.skipKeptRerun(k, map);
    const listed = this.listed;
    while (this.waiting.length > 0 && this.waiting[0].wakeAt <= listed) {
      const fetch = this.popWaiting();
      // Stale entries: reduces that ended, or were re-keyed by a skip.
      if (fetch.state === WAITING && this.fetches[fetch.task] === fetch) this.proceed(fetch, clock, noShuffleEnd);
    }
  }

  /** Every map has output: each waiting reduce copies what is left, or is done. */
  allMapsDone(clock: ShuffleClock, shuffled: (fetch: ReduceFetch) => void): void {
    this.mapsDone = true;
    this.waiting.length = 0;
    for (const fetch of this.fetches) {
      if (fetch !== null && fetch.state === WAITING) this.proceed(fetch, clock, shuffled);
    }
  }

  /** A reduce attempt starts copying. */
  startFetch(task: number, attempt: number, node: number, rate: number, clock: ShuffleClock, shuffled: (fetch: ReduceFetch) => void): ReduceFetch {
    const fetch = new ReduceFetch(attempt, task, node, this.job.reduces[task].shuffleShare, rate, clock.now());
    this.fetches[task] = fetch;
    if (this.lostOutputs.length > 0) {
      fetch.skips = [...this.lostOutputs];
      fetch.skippedBytes = this.lostOutputs.reduce((sum, k) => sum + this.outputSize(k), 0);
    }
    this.proceed(fetch, clock, shuffled);
    return fetch;
  }

  /** A batch's end event: the reduce has copied up to its target; on to the next batch, a wait, or the end. */
  batchEnded(fetch: ReduceFetch, clock: ShuffleClock, shuffled: (fetch: ReduceFetch) => void): void {
    fetch.position = fetch.target;
    fetch.at = clock.now();
    fetch.state = WAITING;
    this.proceed(fetch, clock, shuffled);
  }

  /** After a node failure: a running reduce goes on from what it kept. */
  resume(fetch: ReduceFetch, clock: ShuffleClock, shuffled: (fetch: ReduceFetch) => void): void {
    if (fetch.state === WAITING) this.proceed(fetch, clock, shuffled);
  }

  /**
   * Bytes a reduce has copied by now, counting each output once its copy is
   * whole (as a reducer does): so a failure never takes back what was shown.
   */
  fetchedBytes(fetch: ReduceFetch, now: number): number {
    const onAxis = this.axisPosition(fetch, this.positionAt(fetch, now));
    // The last output boundary at or before the position: axis[lo] ≤ onAxis < axis[lo + 1].
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.axis[mid] <= onAxis) lo = mid;
      else hi = mid - 1;
    }
    let whole = this.axis[lo];
    for (const k of fetch.skips ?? []) if (k < lo) whole -= this.outputSize(k);
    return whole * fetch.share;
  }

  /** Bytes of output not lost, per node. */
  bytesPerNode(): Float64Array {
    if (this.perNode === null) {
      this.perNode = new Float64Array(this.nodeBytes.length);
      for (let k = 0; k < this.count; k++) {
        if (this.outputLost[k] === 0) this.perNode[this.outputNode[k]] += this.outputSize(k);
      }
    }
    return this.perNode;
  }

  /** Whether an output not yet lost lives on `node`. */
  hasOutputOn(node: number): boolean {
    for (let k = 0; k < this.count; k++) if (this.outputNode[k] === node && this.outputLost[k] === 0) return true;
    return false;
  }

  /**
   * Node `node` failed: every output on it is lost. Each running reduce
   * keeps what it had copied by now and skips the lost outputs it had not
   * (their re-runs are listed later). Returns, for each lost output's map,
   * whether some running reduce still needs it.
   */
  loseOutputsOn(node: number, now: number): Map<number, boolean> {
    const lost: number[] = [];
    for (let k = 0; k < this.count; k++) {
      if (this.outputNode[k] === node && this.outputLost[k] === 0) {
        this.outputLost[k] = 1;
        lost.push(k);
        this.lostOutputs.push(k);
      }
    }
    if (this.perNode !== null) this.perNode[node] = 0;
    const needed = new Map<number, boolean>(lost.map((k) => [this.outputMap[k], false]));
    for (const fetch of this.fetches) {
      if (fetch === null || fetch.state === DONE) continue;
      this.rewind(fetch, now, lost, needed);
    }
    // Every running reduce is re-keyed by `resume`.
    this.waiting.length = 0;
    this.mapsDone = false;
    return needed;
  }

  /** Each reduce's traffic at its end: bytes copied, those from other nodes, and Σ bytes × hops. */
  traffic(fetch: ReduceFetch): { bytesIn: number; networkBytes: number; byteHops: number } {
    const d = fetch.node;
    const ownLeaf = this.network.leafOf(d);
    const copied = this.listed - fetch.skippedBytes;
    let remote = this.listed - this.nodeBytes[d];
    let byteHops = 0;
    for (let leaf = 0; leaf < this.leafBytes.length; leaf++) {
      if (this.leafBytes[leaf] > 0) byteHops += this.leafBytes[leaf] * this.network.leafHops(leaf, ownLeaf);
    }
    byteHops -= this.nodeBytes[d] * this.network.leafHops(ownLeaf, ownLeaf);
    for (const k of fetch.skips ?? []) {
      const from = this.outputNode[k];
      if (from === d) continue;
      remote -= this.outputSize(k);
      byteHops -= this.outputSize(k) * this.network.hops(from, d);
    }
    return { bytesIn: copied * fetch.share, networkBytes: remote * fetch.share, byteHops: byteHops * fetch.share };
  }

  /** Forget the outputs (the job has ended). */
  clear(): void {
    this.count = 0;
    this.perNode = null;
    this.waiting.length = 0;
    this.outputMap = new Int32Array(0);
    this.outputNode = new Int32Array(0);
    this.outputLost = new Uint8Array(0);
    this.axis = new Float64Array(1);
  }

  /** Next step of a reduce that is not in a batch: a batch, a wait in the heap, or the end of its shuffle. */
  private proceed(fetch: ReduceFetch, clock: ShuffleClock, shuffled: (fetch: ReduceFetch) => void): void {
    const backlog = this.backlog(fetch);
    if (backlog > 0 && (this.mapsDone || backlog >= fetch.axisRate * FETCH_BATCH_SECONDS)) {
      this.startBatch(fetch, clock);
    } else if (this.mapsDone) {
      fetch.state = DONE;
      shuffled(fetch);
    } else {
      fetch.wakeAt = fetch.position + fetch.skippedBytes + fetch.axisRate * FETCH_BATCH_SECONDS;
      this.pushWaiting(fetch);
    }
  }

  private startBatch(fetch: ReduceFetch, clock: ShuffleClock): void {
    const backlog = this.backlog(fetch);
    fetch.state = ACTIVE;
    fetch.at = clock.now();
    fetch.target = fetch.position + backlog;
    fetch.batchEnd = clock.now() + (backlog * fetch.share) / fetch.rate;
    clock.batchEnds(fetch, fetch.batchEnd);
  }

  /** Bytes listed that the reduce copies and has not yet copied (when not in a batch). */
  private backlog(fetch: ReduceFetch): number {
    return this.listed - fetch.skippedBytes - fetch.position;
  }

  /** Where a reduce is now, in copied bytes. */
  private positionAt(fetch: ReduceFetch, now: number): number {
    if (fetch.state !== ACTIVE) return fetch.position;
    return now >= fetch.batchEnd ? fetch.target : fetch.position + (now - fetch.at) * fetch.axisRate;
  }

  /** A reduce's position in copied bytes mapped onto the axis (skips it has passed added back). */
  private axisPosition(fetch: ReduceFetch, copied: number): number {
    let position = copied;
    for (const k of [...(fetch.skips ?? [])].sort((a, b) => a - b)) {
      if (this.axis[k] <= position) position += this.outputSize(k);
    }
    return position;
  }

  /**
   * Bring a reduce to `now` and work out what it had copied when outputs
   * `lost` went: those behind it are kept, those ahead skipped; an output it
   * was in the middle of is skipped and what it had of it dropped.
   */
  private rewind(fetch: ReduceFetch, now: number, lost: readonly number[], needed: Map<number, boolean>): void {
    let copied = this.positionAt(fetch, now);
    const onAxis = this.axisPosition(fetch, copied);
    const skips = (fetch.skips ??= []);
    for (const k of lost) {
      if (skips.includes(k)) continue; // a re-run it did not need anyway
      const map = this.outputMap[k];
      if (this.axis[k + 1] <= onAxis) {
        (fetch.kept ??= new Set()).add(map);
        continue;
      }
      if (this.axis[k] < onAxis) copied -= onAxis - this.axis[k];
      skips.push(k);
      fetch.skippedBytes += this.outputSize(k);
      needed.set(map, true);
    }
    fetch.position = copied;
    fetch.at = now;
    // A batch under way stops here (its end event goes stale); `resume` starts the next or a wait.
    fetch.state = WAITING;
    fetch.batchEnd = NaN;
  }

  /** A re-run's output: reduces that had copied the lost one skip it. */
  private skipKeptRerun(k: number, map: number): void {
    for (const fetch of this.fetches) {
      if (fetch === null || fetch.state === DONE || fetch.kept?.has(map) !== true) continue;
      (fetch.skips ??= []).push(k);
      fetch.skippedBytes += this.outputSize(k);
    }
  }

  private outputSize(k: number): number {
    return this.axis[k + 1] - this.axis[k];
  }

  private grow(): void {
    const size = Math.max(4, 2 * this.outputMap.length);
    this.outputMap = resized(this.outputMap, new Int32Array(size));
    this.outputNode = resized(this.outputNode, new Int32Array(size));
    this.outputLost = resized(this.outputLost, new Uint8Array(size));
    this.axis = resized(this.axis, new Float64Array(size + 1));
  }

  private pushWaiting(fetch: ReduceFetch): void {
    const heap = this.waiting;
    let i = heap.length;
    heap.push(fetch);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].wakeAt <= fetch.wakeAt) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = fetch;
  }

  private popWaiting(): ReduceFetch {
    const heap = this.waiting;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const child = left + 1 < heap.length && heap[left + 1].wakeAt < heap[left].wakeAt ? left + 1 : left;
        if (heap[child].wakeAt >= last.wakeAt) break;
        heap[i] = heap[child];
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }
}

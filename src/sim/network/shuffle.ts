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
import { MinHeap } from '../../util/min-heap.js';
import type { Job } from '../../model/workload.js';
import type { ArrayPool } from '../array-pool.js';
import type { NetworkModel } from './network.js';
import { resized } from '../resized.js';

/**
 * A reduce that has caught up copies again once this many seconds of
 * copying have been listed for it (Hadoop's reduces look for finished maps
 * every second).
 */
export const FETCH_BATCH_SECONDS = 1;

/** The switches above a node, written by the network: scratch for one call at a time. */
const above = new Int32Array(64);

/** A cleared shuffle's per-node bytes: none. */
const NO_BYTES = new Float64Array(0);

const ACTIVE = 0;
const WAITING = 1;
const DONE = 2;

/** A reduce's traffic: bytes copied, those from other nodes, and Σ bytes × hops. */
export interface ReduceTraffic {
  readonly bytesIn: number;
  readonly networkBytes: number;
  readonly byteHops: number;
}

export class ReduceFetch {
  /**
   * Bytes of output copied (the reduce's share is this times `share`), skips
   * left out, as of `at`; while a batch runs it moves on at `axisRate` until
   * `target`.
   */
  position = 0;
  at: number;
  state = WAITING;
  /** Where the running batch ends (in copied bytes), and the bytes of its share it moves. */
  target = 0;
  batchBytes = 0;
  /** When the running batch ends, as the clock last set it (for a clock without contention). */
  batchEnd = NaN;
  /** The axis point at which a waiting reduce starts a batch (its heap key). */
  wakeAt = Infinity;
  /** Outputs (indices into the job's list) this reduce does not copy; null until a failure gives it one. */
  skips: number[] | null = null;
  skippedBytes = 0;
  /** Maps whose lost output this reduce had copied: their re-runs are skipped. */
  kept: Set<number> | null = null;
  /** What it copied, fixed when its shuffle is over (outputs listed later, re-runs of lost ones, are not its). */
  traffic: ReduceTraffic | null = null;

  constructor(
    /** Its place among the job's reduce fetches (`JobShuffle.started`): what the waiting heap holds. */
    readonly serial: number,
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

/**
 * What the shuffle asks of the runtime: the time, batches moved over the
 * network (the runtime calls `batchEnded` when one is done), and the news
 * that a reduce has copied everything.
 */
export interface ShuffleClock {
  now(): number;
  /** A batch of `bytes` of the reduce's share starts now. */
  startBatch(fetch: ReduceFetch, bytes: number): void;
  /** Bytes of the running batch moved by now. */
  copied(fetch: ReduceFetch): number;
  /** The running batch stops short (a node failure); what it moved stays moved. */
  stopBatch(fetch: ReduceFetch): void;
  /** The reduce has copied everything: it may compute. */
  shuffled(fetch: ReduceFetch): void;
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
  /** Every reduce fetch started, by serial number. */
  private readonly started: ReduceFetch[] = [];
  /**
   * Reduces waiting for output (serial numbers), by the axis point at which
   * each wakes; ties are left to the heap's shape. Stale entries are skipped
   * when popped.
   */
  private readonly waiting: MinHeap;
  /** Bytes ever listed per node and per leaf switch (lost ones included): each reduce's traffic at its end. */
  private nodeBytes: Float64Array;
  private leafBytes: Float64Array;
  /** Bytes of live output per node and under each switch, and their total. */
  private liveBytes: Float64Array;
  private switchBytes: Float64Array;
  private liveTotal = 0;
  /** Outputs listed and not lost: one per map that has output now. */
  private liveOutputs = 0;
  /** The longest any node's disk takes to read its live output: how fast the job's output can be served. */
  private slowestDisk = 0;
  /** The job's pool of output disks as a network resource (with contention), or -1. */
  pool = -1;
  /** Every map has output (a node failure can take this back). */
  mapsDone: boolean;

  constructor(
    private readonly job: Job,
    private readonly network: NetworkModel,
    nodeCount: number,
    /** Where the per-node and per-switch arrays come from, and go back to at `clear`. */
    private readonly arrays: ArrayPool,
    private readonly clock: ShuffleClock,
  ) {
    this.fetches = new Array<ReduceFetch | null>(job.reduces.length).fill(null);
    this.waiting = new MinHeap(job.reduces.length);
    const maps = job.maps.length;
    this.mapsDone = maps === 0;
    this.outputMap = new Int32Array(maps);
    this.outputNode = new Int32Array(maps);
    this.outputLost = new Uint8Array(maps);
    this.axis = new Float64Array(maps + 1);
    this.nodeBytes = arrays.floats(nodeCount);
    this.leafBytes = arrays.floats(network.leafCount);
    this.liveBytes = arrays.floats(nodeCount);
    this.switchBytes = arrays.floats(network.switchCount);
  }

  /** Total bytes listed. */
  private get listed(): number {
    return this.axis[this.count];
  }

  /** Record a finished map's output on `node`; wake the reduces that now have a batch's worth to copy. */
  addOutput(map: number, node: number): void {
    if (this.count + 1 === this.axis.length) this.grow();
    const k = this.count++;
    const bytes = this.job.maps.outputBytes[map];
    this.outputMap[k] = map;
    this.outputNode[k] = node;
    this.outputLost[k] = 0;
    this.axis[k + 1] = this.axis[k] + bytes;
    this.nodeBytes[node] += bytes;
    this.leafBytes[this.network.leafOf(node)] += bytes;
    this.liveBytes[node] += bytes;
    this.liveTotal += bytes;
    this.liveOutputs++;
    for (let i = 0, n = this.network.switchesAbove(node, above); i < n; i++) this.switchBytes[above[i]] += bytes;
    this.slowestDisk = Math.max(this.slowestDisk, this.liveBytes[node] / this.network.diskRate(node));
    if (this.lostOutputs.length > 0) this.skipKeptRerun(k, map);
    const listed = this.listed;
    while (this.waiting.size > 0 && this.waiting.peekKey() <= listed) {
      const fetch = this.started[this.waiting.peekValue()];
      this.waiting.pop();
      // Stale entries: reduces that ended, or were re-keyed by a skip.
      if (fetch.state === WAITING && this.fetches[fetch.task] === fetch) this.proceed(fetch);
    }
  }

  /**
   * Every map has output now. Not the same as every map having succeeded: a
   * node failure loses outputs at once, while the JobTracker counts their
   * maps as done until it notices the failure.
   */
  get hasEveryOutput(): boolean {
    return this.liveOutputs === this.job.maps.length;
  }

  /** Every map has output: each waiting reduce copies what is left, or is done. */
  allMapsDone(): void {
    this.mapsDone = true;
    this.waiting.clear();
    for (const fetch of this.fetches) {
      if (fetch !== null && fetch.state === WAITING) this.proceed(fetch);
    }
  }

  /** A reduce attempt starts copying. */
  startFetch(task: number, attempt: number, node: number, rate: number): ReduceFetch {
    const fetch = new ReduceFetch(this.started.length, attempt, task, node, this.job.reduces[task].shuffleShare, rate, this.clock.now());
    this.started.push(fetch);
    this.fetches[task] = fetch;
    if (this.lostOutputs.length > 0) {
      fetch.skips = [...this.lostOutputs];
      fetch.skippedBytes = this.lostOutputs.reduce((sum, k) => sum + this.outputSize(k), 0);
    }
    this.proceed(fetch);
    return fetch;
  }

  /** A batch's end event: the reduce has copied up to its target; on to the next batch, a wait, or the end. */
  batchEnded(fetch: ReduceFetch): void {
    fetch.position = fetch.target;
    fetch.at = this.clock.now();
    fetch.state = WAITING;
    this.proceed(fetch);
  }

  /** After a node failure: a running reduce goes on from what it kept. */
  resume(fetch: ReduceFetch): void {
    if (fetch.state === WAITING) this.proceed(fetch);
  }

  /**
   * Bytes a reduce has copied by now, counting each output once its copy is
   * whole (as a reducer does): so a failure never takes back what was shown.
   */
  fetchedBytes(fetch: ReduceFetch): number {
    const lo = this.wholeOutputsBehind(fetch);
    let whole = this.axis[lo];
    for (const k of fetch.skips ?? []) if (k < lo) whole -= this.outputSize(k);
    return whole * fetch.share;
  }

  /** Map outputs a reduce has copied whole by now (those it skipped not counted). */
  copiedOutputs(fetch: ReduceFetch): number {
    const lo = this.wholeOutputsBehind(fetch);
    let skipped = 0;
    for (const k of fetch.skips ?? []) if (k < lo) skipped++;
    return lo - skipped;
  }

  /**
   * Whether a reduce still needs an output lost on `node`: it skipped it
   * (had not copied it whole when the node failed, or started after) and
   * its map has not written it again since.
   */
  needsLostOutputOn(fetch: ReduceFetch, node: number): boolean {
    if (fetch.state === DONE || fetch.skips === null) return false;
    for (const k of fetch.skips) {
      if (this.outputNode[k] === node && this.outputLost[k] === 1 && !this.listedSince(k, this.outputMap[k])) return true;
    }
    return false;
  }

  /** The maps whose output lost on `node` some running reduce still needs. */
  lostMapsNeeded(node: number): Set<number> {
    const maps = new Set<number>();
    for (const fetch of this.fetches) {
      if (fetch === null || fetch.state === DONE || fetch.skips === null) continue;
      for (const k of fetch.skips) {
        if (this.outputNode[k] === node && this.outputLost[k] === 1 && !this.listedSince(k, this.outputMap[k])) maps.add(this.outputMap[k]);
      }
    }
    return maps;
  }

  /** Running reduces still copying (Hadoop's shuffling reduces). */
  shufflingReduces(): number {
    let shuffling = 0;
    for (const fetch of this.fetches) if (fetch !== null && fetch.state !== DONE) shuffling++;
    return shuffling;
  }

  /** Outputs (indices) wholly behind the reduce's position on the axis: axis[lo] ≤ position < axis[lo + 1]. */
  private wholeOutputsBehind(fetch: ReduceFetch): number {
    const onAxis = this.axisPosition(fetch, this.positionAt(fetch));
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.axis[mid] <= onAxis) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Whether `map` has an output listed after output `k`: its re-run wrote it again. */
  private listedSince(k: number, map: number): boolean {
    for (let later = k + 1; later < this.count; later++) if (this.outputMap[later] === map) return true;
    return false;
  }

  /** Bytes of output not lost, per node. */
  bytesPerNode(): Float64Array {
    return this.liveBytes;
  }

  /** Whether an output not yet lost lives on `node` (of any size: an empty output is still a map's to re-run). */
  hasOutputOn(node: number): boolean {
    for (let k = 0; k < this.count; k++) if (this.outputNode[k] === node && this.outputLost[k] === 0) return true;
    return false;
  }

  /**
   * How fast the job's live output can be read, bytes/s: every node holding
   * some reads its part at its disk rate, the most loaded one last.
   */
  sourceRate(): number {
    return this.slowestDisk > 0 ? this.liveTotal / this.slowestDisk : Infinity;
  }

  /**
   * A batch's route for the max-min network, written into `resources`
   * and `weights`; returns its length. The job's pool of output disks
   * carries all of it; the link into the reducer's node the part from other
   * nodes; the downlink of each switch above it the part from outside that
   * switch (the shares of the job's output so far).
   */
  batchRoute(fetch: ReduceFetch, resources: Int32Array, weights: Float64Array): number {
    const total = this.listed;
    let length = 0;
    const add = (resource: number, weight: number): void => {
      if (weight <= 0) return;
      resources[length] = resource;
      weights[length++] = weight;
    };
    add(this.pool, 1);
    add(this.network.linkInto(fetch.node), 1 - this.nodeBytes[fetch.node] / total);
    for (let i = 0, n = this.network.switchesAbove(fetch.node, above); i < n; i++) {
      add(this.network.switchDownlink(above[i]), 1 - this.switchBytes[above[i]] / total);
    }
    return length;
  }

  /**
   * Node `node` failed: every output on it is lost. Each running reduce
   * keeps what it had copied by now and skips the lost outputs it had not
   * (their re-runs are listed later); it waits for the job's maps to be all
   * done again.
   */
  loseOutputsOn(node: number): void {
    const lost: number[] = [];
    for (let k = 0; k < this.count; k++) {
      if (this.outputNode[k] === node && this.outputLost[k] === 0) {
        this.outputLost[k] = 1;
        lost.push(k);
        this.lostOutputs.push(k);
      }
    }
    this.liveOutputs -= lost.length;
    for (const k of lost) {
      const bytes = this.outputSize(k);
      this.liveTotal -= bytes;
      for (let i = 0, n = this.network.switchesAbove(node, above); i < n; i++) this.switchBytes[above[i]] -= bytes;
    }
    this.liveBytes[node] = 0;
    this.slowestDisk = 0;
    for (let n = 0; n < this.liveBytes.length; n++) {
      if (this.liveBytes[n] > 0) this.slowestDisk = Math.max(this.slowestDisk, this.liveBytes[n] / this.network.diskRate(n));
    }
    for (const fetch of this.fetches) {
      if (fetch === null || fetch.state === DONE) continue;
      this.rewind(fetch, lost);
    }
    // Every running reduce is re-keyed by `resume`.
    this.waiting.clear();
    this.mapsDone = false;
  }

  /** Each reduce's traffic, as of the end of its shuffle. */
  private trafficOf(fetch: ReduceFetch): ReduceTraffic {
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
    if (this.liveBytes !== NO_BYTES) {
      for (const array of [this.nodeBytes, this.leafBytes, this.liveBytes, this.switchBytes]) this.arrays.give(array);
      this.nodeBytes = this.leafBytes = this.liveBytes = this.switchBytes = NO_BYTES;
    }
    this.count = 0;
    this.liveOutputs = 0;
    this.waiting.clear();
    this.started.length = 0;
    this.outputMap = new Int32Array(0);
    this.outputNode = new Int32Array(0);
    this.outputLost = new Uint8Array(0);
    this.axis = new Float64Array(1);
  }

  /** Next step of a reduce that is not in a batch: a batch, a wait in the heap, or the end of its shuffle. */
  private proceed(fetch: ReduceFetch): void {
    const backlog = this.backlog(fetch);
    if (backlog > 0 && (this.mapsDone || backlog >= fetch.axisRate * FETCH_BATCH_SECONDS)) {
      this.startBatch(fetch);
    } else if (this.mapsDone) {
      fetch.state = DONE;
      fetch.traffic = this.trafficOf(fetch);
      this.clock.shuffled(fetch);
    } else {
      fetch.wakeAt = fetch.position + fetch.skippedBytes + fetch.axisRate * FETCH_BATCH_SECONDS;
      this.waiting.push(fetch.wakeAt, 0, fetch.serial);
    }
  }

  private startBatch(fetch: ReduceFetch): void {
    const backlog = this.backlog(fetch);
    fetch.state = ACTIVE;
    fetch.at = this.clock.now();
    fetch.target = fetch.position + backlog;
    fetch.batchBytes = backlog * fetch.share;
    this.clock.startBatch(fetch, fetch.batchBytes);
  }

  /** Bytes listed that the reduce copies and has not yet copied (when not in a batch). */
  private backlog(fetch: ReduceFetch): number {
    return this.listed - fetch.skippedBytes - fetch.position;
  }

  /** Where a reduce is now, in copied bytes. */
  private positionAt(fetch: ReduceFetch): number {
    if (fetch.state !== ACTIVE) return fetch.position;
    const copied = this.clock.copied(fetch);
    return copied >= fetch.batchBytes ? fetch.target : fetch.position + copied / fetch.share;
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
  private rewind(fetch: ReduceFetch, lost: readonly number[]): void {
    let copied = this.positionAt(fetch);
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
    }
    if (fetch.state === ACTIVE) this.clock.stopBatch(fetch);
    fetch.position = copied;
    fetch.at = this.clock.now();
    // `resume` starts the next batch or a wait.
    fetch.state = WAITING;
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
}

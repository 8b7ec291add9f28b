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
 *
 * How a batch moves depends on the network model. Alone (`isolated`), it is
 * one stream at the reduce's fetch rate. Sharing the network (`max-min`),
 * it moves in parts from its source nodes, as Hadoop's fetcher threads
 * fetch (`batch-parts.ts`); the batch ends with its last part.
 */
import { MinHeap } from '../../util/min-heap.js';
import { BatchPart, PART_DONE, PART_RUNNING, type BatchSplitter } from './batch-parts.js';
import { OutputSpread } from './output-spread.js';
import type { Job } from '../../model/workload.js';
import type { ArrayPool } from '../array-pool.js';
import type { NetworkModel } from './network.js';
import { resized } from '../resized.js';
import { ACTIVE, DONE, ReduceFetch, WAITING, type ReduceTraffic } from './reduce-fetch.js';
import { RunningFetches } from './running-fetches.js';

/**
 * A reduce that has caught up copies again once this many seconds of
 * copying have been listed for it (Hadoop's reduces look for finished maps
 * every second).
 */
export const FETCH_BATCH_SECONDS = 1;

/** A cleared shuffle's per-node bytes: none. */
const NO_BYTES = new Float64Array(0);

/**
 * What the shuffle asks of the runtime: the time, batches moved over the
 * network (the runtime calls `batchEnded`, or `partEnded` for each part,
 * when one is done), and the news that a reduce has copied everything.
 */
export interface ShuffleClock {
  now(): number;
  /** Transfers share the network: a batch moves as parts, one per source node. */
  readonly shared: boolean;
  /** A batch of `bytes` of the reduce's share starts now, alone. */
  startBatch(fetch: ReduceFetch, bytes: number): void;
  /** Bytes of the running batch moved by now, alone. */
  copied(fetch: ReduceFetch): number;
  /** The running batch stops short (a node failure); what it moved stays moved. */
  stopBatch(fetch: ReduceFetch): void;
  /** A part starts moving now, from its node to the reduce's, sharing the network. */
  startPart(part: BatchPart): void;
  /** Bytes of a running part moved by now. */
  partCopied(part: BatchPart): number;
  /** A running part stops short. */
  stopPart(part: BatchPart): void;
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
  /** The running reduce attempts' fetches, by task (a reduce whose JVM is starting has none yet). */
  readonly fetches: RunningFetches;
  /** Every reduce fetch started, by serial number. */
  private readonly started: ReduceFetch[] = [];
  /**
   * Reduces waiting for output (serial numbers), by the axis point at which
   * each wakes; ties are left to the heap's shape. Stale entries are skipped
   * when popped.
   */
  private readonly waiting: MinHeap;
  /** Bytes ever listed per node (lost ones included): each reduce's traffic at its end, and its own node's share of a batch. */
  private nodeBytes: Float64Array;
  /** Where the outputs are, per leaf switch: traffic, and thin batches without walking their outputs. */
  private readonly spread: OutputSpread;
  /** Bytes of live output per node. */
  private liveBytes: Float64Array;
  /** Outputs listed and not lost: one per map that has output now. */
  private liveOutputs = 0;
  /** Every map has output (a node failure can take this back). */
  mapsDone: boolean;

  constructor(
    private readonly job: Job,
    private readonly network: NetworkModel,
    nodeCount: number,
    /** Where the per-node and per-switch arrays come from, and go back to at `clear`. */
    private readonly arrays: ArrayPool,
    private readonly clock: ShuffleClock,
    /** How a batch is split into parts, sharing the network. */
    private readonly splitter: BatchSplitter,
  ) {
    this.fetches = new RunningFetches(job.reduces.length);
    this.waiting = new MinHeap(job.reduces.length);
    const maps = job.maps.length;
    this.mapsDone = maps === 0;
    this.outputMap = new Int32Array(maps);
    this.outputNode = new Int32Array(maps);
    this.outputLost = new Uint8Array(maps);
    this.axis = new Float64Array(maps + 1);
    this.nodeBytes = arrays.floats(nodeCount);
    this.spread = new OutputSpread(network, nodeCount, maps, arrays);
    this.liveBytes = arrays.floats(nodeCount);
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
    this.spread.add(k, node, bytes);
    this.liveBytes[node] += bytes;
    this.liveOutputs++;
    if (this.lostOutputs.length > 0) this.skipKeptRerun(k, map);
    const listed = this.listed;
    while (this.waiting.size > 0 && this.waiting.peekKey() <= listed) {
      const fetch = this.started[this.waiting.peekValue()];
      this.waiting.pop();
      // Stale entries: reduces that ended, or were re-keyed by a skip.
      if (fetch.state === WAITING && !fetch.stopped) this.proceed(fetch);
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
    this.resumeAll();
  }

  /** A reduce attempt starts copying (a backup, if another attempt of its task copies: it copies its share again from the start). */
  startFetch(task: number, attempt: number, node: number, rate: number): ReduceFetch {
    const fetch = new ReduceFetch(this.started.length, attempt, task, node, this.job.reduces[task].shuffleShare, rate, this.clock.now());
    this.started.push(fetch);
    this.fetches.add(fetch);
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
    fetch.parts = null;
    this.proceed(fetch);
  }

  /** A part's end: the batch ends with its last part. */
  partEnded(part: BatchPart): void {
    part.state = PART_DONE;
    this.partStopped(this.fetches.of(part.fetch.task, part.fetch.attempt)!);
  }

  /** Reduce `attempt` of `task` stops (its node failed, it lost to its backup, or it was ended): whatever it moves stops. */
  stopFetch(task: number, attempt: number): void {
    const fetch = this.fetches.of(task, attempt);
    if (fetch === null) return;
    if (fetch.state === ACTIVE) this.stopMoving(fetch);
    this.fetches.remove(fetch);
  }

  /** Reduce `attempt` of `task` has ended, its shuffle long over: its traffic, as of that end. */
  endFetch(task: number, attempt: number): ReduceTraffic {
    const fetch = this.fetches.of(task, attempt)!;
    this.fetches.remove(fetch);
    return fetch.traffic!;
  }

  /** Each waiting reduce goes on (after a node failure, from what it kept). */
  resumeAll(): void {
    this.fetches.forEach((fetch) => {
      if (fetch.state === WAITING) this.proceed(fetch);
    });
  }

  /**
   * Bytes a reduce has copied by now, counting each output once its copy is
   * whole (as a reducer does): so a failure never takes back what was shown.
   */
  fetchedBytes(fetch: ReduceFetch): number {
    // A batch in parts: the outputs before it, and its parts done (each whole).
    if (fetch.parts !== null) return this.wholeBytesBefore(fetch, this.axisPosition(fetch, fetch.position)) + this.partsCopied(fetch, false);
    return this.wholeBytesBefore(fetch, this.axisPosition(fetch, this.positionAt(fetch)));
  }

  /** The reduce's share of the outputs wholly before axis point `onAxis`, those it skipped left out. */
  private wholeBytesBefore(fetch: ReduceFetch, onAxis: number): number {
    const lo = this.outputsBefore(onAxis, fetch);
    let whole = this.axis[lo];
    if (fetch.skips !== null) for (const k of fetch.skips) if (k < lo) whole -= this.outputSize(k);
    return whole * fetch.share;
  }

  /** Map outputs a reduce has copied whole by now (those it skipped not counted). */
  copiedOutputs(fetch: ReduceFetch): number {
    const lo = this.wholeOutputsBehind(fetch);
    let skipped = 0;
    if (fetch.skips !== null) for (const k of fetch.skips) if (k < lo) skipped++;
    return lo - skipped;
  }

  /**
   * Whether a reduce still needs an output lost on `node`: it skipped it
   * (had not copied it whole when the node failed, or started after) and
   * its map has not written it again since.
   */
  needsLostOutputOn(fetch: ReduceFetch, node: number): boolean {
    return this.lostOutputsNeeded(fetch, node).length > 0;
  }

  /** The maps whose output lost on `node` some running reduce still needs. */
  lostMapsNeeded(node: number): Set<number> {
    const maps = new Set<number>();
    this.fetches.forEach((fetch) => {
      for (const k of this.lostOutputsNeeded(fetch, node)) maps.add(this.outputMap[k]);
    });
    return maps;
  }

  /** The outputs lost on `node` the reduce skipped and whose maps have not written them again. */
  private lostOutputsNeeded(fetch: ReduceFetch, node: number): number[] {
    if (fetch.state === DONE || fetch.skips === null) return [];
    return fetch.skips.filter((k) => this.outputNode[k] === node && this.outputLost[k] === 1 && !this.listedSince(k, this.outputMap[k]));
  }

  /** Running reduces still copying (Hadoop's shuffling reduces). */
  shufflingReduces(): number {
    let shuffling = 0;
    this.fetches.forEach((fetch) => {
      if (fetch.state !== DONE) shuffling++;
    });
    return shuffling;
  }

  /** Outputs (indices) wholly behind the reduce's position on the axis. */
  private wholeOutputsBehind(fetch: ReduceFetch): number {
    return this.outputsBefore(this.axisPosition(fetch, this.positionAt(fetch)), fetch);
  }

  /**
   * Outputs wholly before axis point `onAxis`, the reduce `fetch`'s: the
   * last `lo` with axis[lo] ≤ onAxis (< axis[lo + 1]). Its answer the last
   * time is tried first: a reduce asked again and again (speculation's
   * rules read every copying one) has mostly not passed another output.
   */
  private outputsBefore(onAxis: number, fetch: ReduceFetch): number {
    const { axis, count } = this;
    const guess = fetch.outputsBehind;
    if (guess <= count && axis[guess] <= onAxis && (guess === count || axis[guess + 1] > onAxis)) return guess;
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (axis[mid] <= onAxis) lo = mid;
      else hi = mid - 1;
    }
    fetch.outputsBehind = lo;
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
    this.liveBytes[node] = 0;
    // Before any reduce moves on: none may find its shuffle over. Every waiting reduce is re-keyed by `resume`.
    this.mapsDone = false;
    this.waiting.clear();
    this.fetches.forEach((fetch) => {
      if (fetch.state === DONE) return;
      if (fetch.parts !== null) this.dropPartsOn(fetch, node, lost);
      else this.rewind(fetch, lost);
    });
  }

  /** Each reduce's traffic, as of the end of its shuffle. */
  private trafficOf(fetch: ReduceFetch): ReduceTraffic {
    const d = fetch.node;
    const ownLeaf = this.network.leafOf(d);
    const copied = this.listed - fetch.skippedBytes;
    let remote = this.listed - this.nodeBytes[d];
    let byteHops = 0;
    const { leafBytes } = this.spread;
    for (let leaf = 0; leaf < leafBytes.length; leaf++) {
      if (leafBytes[leaf] > 0) byteHops += leafBytes[leaf] * this.network.leafHops(leaf, ownLeaf);
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
      for (const array of [this.nodeBytes, this.liveBytes]) this.arrays.give(array);
      this.nodeBytes = this.liveBytes = NO_BYTES;
      this.spread.clear();
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
    if (this.clock.shared) this.startParts(fetch);
    else this.clock.startBatch(fetch, fetch.batchBytes);
  }

  /**
   * The batch as parts (`batch-parts.ts`) of the outputs it has not copied,
   * all started; a thin one, and nothing skipped, as one part by its split
   * among leaves, its outputs not walked (`output-spread.ts`).
   */
  private startParts(fetch: ReduceFetch): void {
    const first = this.firstUncopied(fetch);
    const ownBefore = fetch.ownListed;
    fetch.ownListed = this.nodeBytes[fetch.node];
    const { copies } = this.splitter;
    if (fetch.skips === null && this.spread.thin(this.listed - this.axis[first], copies)) {
      const leafBytes = new Float64Array(this.network.leafCount);
      this.spread.leafBytesFrom(first, this.outputNode, this.axis, leafBytes);
      for (let leaf = 0; leaf < leafBytes.length; leaf++) leafBytes[leaf] *= fetch.share;
      const split = { leafBytes, ownBytes: (fetch.ownListed - ownBefore) * fetch.share, bytes: fetch.batchBytes };
      fetch.parts = [new BatchPart(fetch, [], [], copies, split)];
    } else {
      const skipped = fetch.skips === null ? null : new Set(fetch.skips);
      for (let k = first; k < this.count; k++) {
        const bytes = this.outputSize(k) * fetch.share;
        if (bytes > 0 && skipped?.has(k) !== true) this.splitter.add(this.outputNode[k], bytes);
      }
      fetch.parts = this.splitter.split(fetch);
    }
    fetch.batchFirst = first;
    fetch.batchLast = this.count;
    fetch.runningParts = fetch.parts.length;
    for (const part of fetch.parts) this.clock.startPart(part);
    if (fetch.runningParts === 0) this.batchEnded(fetch);
  }

  /** A part of the batch is done or dropped: the batch ends with the last. */
  private partStopped(fetch: ReduceFetch): void {
    if (--fetch.runningParts === 0) this.batchEnded(fetch);
  }

  /** The first output the reduce has not copied (its batches copy outputs in the order they were listed). */
  private firstUncopied(fetch: ReduceFetch): number {
    const onAxis = this.axisPosition(fetch, fetch.position);
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.axis[mid] < onAxis) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Bytes listed that the reduce copies and has not yet copied (when not in a batch). */
  private backlog(fetch: ReduceFetch): number {
    return this.listed - fetch.skippedBytes - fetch.position;
  }

  /** Where a reduce is now, in copied bytes. */
  private positionAt(fetch: ReduceFetch): number {
    if (fetch.state !== ACTIVE) return fetch.position;
    if (fetch.parts !== null) return fetch.position + this.partsCopied(fetch, true) / fetch.share;
    const copied = this.clock.copied(fetch);
    return copied >= fetch.batchBytes ? fetch.target : fetch.position + copied / fetch.share;
  }

  /** Bytes of its share a batch's parts have moved: those done, and (`moving`) those under way so far. */
  private partsCopied(fetch: ReduceFetch, moving: boolean): number {
    let copied = 0;
    for (const part of fetch.parts!) {
      if (part.state === PART_DONE) copied += part.bytes();
      else if (moving && part.state === PART_RUNNING) copied += part.movedBefore() + this.clock.partCopied(part);
    }
    return copied;
  }

  /** Stops what a batch moves: its stream, or its running parts. */
  private stopMoving(fetch: ReduceFetch): void {
    if (fetch.parts === null) {
      this.clock.stopBatch(fetch);
      return;
    }
    for (const part of fetch.parts) if (part.state === PART_RUNNING) this.clock.stopPart(part);
  }

  /** A reduce's position in copied bytes mapped onto the axis (skips it has passed added back). */
  private axisPosition(fetch: ReduceFetch, copied: number): number {
    // Most reduces skip nothing (no node failed under them): speculation's rules ask this of every copying reduce, often.
    if (fetch.skips === null || fetch.skips.length === 0) return copied;
    let position = copied;
    for (const k of [...fetch.skips].sort((a, b) => a - b)) {
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
    if (fetch.state === ACTIVE) this.stopMoving(fetch);
    fetch.position = copied;
    fetch.at = this.clock.now();
    // `resume` starts the next batch or a wait.
    fetch.state = WAITING;
  }

  /**
   * Node `node` failed while the reduce fetched a batch in parts. Outputs
   * `lost` that it had copied (before the batch, or in a part done) are
   * kept, the others skipped (their re-runs are listed later); a running
   * part from the node drops the node's bytes and goes on with its others.
   */
  private dropPartsOn(fetch: ReduceFetch, node: number, lost: readonly number[]): void {
    for (const p of fetch.parts!) if (p.bySplit !== null) this.listNodes(fetch, p);
    const part = fetch.parts!.find((p) => p.nodes.includes(node));
    const partDone = part?.state === PART_DONE;
    const skips = (fetch.skips ??= []);
    for (const k of lost) {
      if (skips.includes(k)) continue; // a re-run it did not need anyway
      const inBatch = k >= fetch.batchFirst && k < fetch.batchLast;
      if (k < fetch.batchFirst || (inBatch && partDone)) {
        (fetch.kept ??= new Set()).add(this.outputMap[k]);
        continue;
      }
      skips.push(k);
      fetch.skippedBytes += this.outputSize(k);
      // An output of the batch: the batch no longer copies it.
      if (inBatch) fetch.target -= this.outputSize(k);
    }
    if (part === undefined || part.state !== PART_RUNNING) return;
    const flowMoved = this.clock.partCopied(part);
    this.clock.stopPart(part);
    if (part.dropSource(node, flowMoved)) this.clock.startPart(part);
    else {
      if (part.state === PART_RUNNING) part.state = PART_DONE;
      this.partStopped(fetch);
    }
  }

  /** A part moving by its split gets its batch's source nodes listed, each with its bytes of the share. */
  private listNodes(fetch: ReduceFetch, part: BatchPart): void {
    // A part by split is made only when the reduce skips nothing: its batch is every output in its range.
    for (let k = fetch.batchFirst; k < fetch.batchLast; k++) {
      const bytes = this.outputSize(k) * fetch.share;
      if (bytes > 0) this.splitter.add(this.outputNode[k], bytes);
    }
    const { nodes, bytes } = this.splitter.takeAll();
    part.list(nodes, bytes);
  }

  /** A re-run's output: reduces that had copied the lost one skip it. */
  private skipKeptRerun(k: number, map: number): void {
    this.fetches.forEach((fetch) => {
      if (fetch.state === DONE || fetch.kept?.has(map) !== true) return;
      (fetch.skips ??= []).push(k);
      fetch.skippedBytes += this.outputSize(k);
    });
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

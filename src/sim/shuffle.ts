/**
 * The shuffle of one job. Finished map outputs are listed in the order they
 * became available; each running reduce fetches its share of every output
 * one at a time in that order (a single copier: the reducer's inbound path is
 * the bottleneck), each fetch starting when both the copier is free and the
 * output exists, and lasting as the network model says.
 *
 * No event is simulated per fetch: `advance` folds the outputs listed so far
 * into the reduce's copier time (`cursor`). The runtime folds lazily, when the
 * job's last map has finished (then the shuffle's end is known) or before a
 * failure; the result is the same as folding each output as it appears,
 * because outputs are only ever appended. When a node fails, `rewind` works
 * out which outputs each reduce had really fetched by then (from the
 * per-fetch completion times kept when the scenario has failures) and sets the
 * copier back to that point.
 */
import type { Job } from '../model/workload.js';
import type { NetworkModel } from './network.js';
import { resized } from './resized.js';

/**
 * The copier time while `advance` folds, kept in a typed array: held in a
 * local variable across the loop, V8 boxed it into a new heap number at every
 * step (BENCHMARKS.md, "Allocation", has the measured cost).
 */
const copier = new Float64Array(1);

export class ReduceFetch {
  /** Next output (index into the job's output list) to fetch. */
  next = 0;
  /** When the copier is free: the end of the last fetch folded in. */
  cursor: number;
  bytesIn = 0;
  networkBytes = 0;
  byteHops = 0;
  /** Maps fetched before a failure rewound this reduce; their re-run outputs are not fetched again. */
  fetched: Set<number> | null = null;
  /** Completion time of each output folded in (NaN when skipped); kept only when nodes can fail. */
  readonly doneTimes: number[] | null;

  constructor(
    readonly attempt: number,
    readonly node: number,
    readonly launch: number,
    readonly share: number,
    keepTimes: boolean,
  ) {
    this.cursor = launch;
    this.doneTimes = keepTimes ? [] : null;
  }
}

export class JobShuffle {
  // The outputs in the order they appeared: map, time, node, and whether a
  // node failure lost it. Typed columns sized for one output per map; they
  // grow only when lost outputs are made again.
  private outputCount = 0;
  private outputMap: Int32Array;
  private outputEnd: Float64Array;
  private outputNode: Int32Array;
  private outputLost: Uint8Array;
  /** The running fetch of each reduce task, or null. */
  readonly fetches: (ReduceFetch | null)[];
  /** Map output sizes, read once per fetch step. */
  private readonly outputBytes: Float64Array;
  /** Bytes of live output per node: built when a policy first asks, then kept up to date. */
  private perNode: Float64Array | null = null;

  constructor(
    private readonly job: Job,
    private readonly network: NetworkModel,
  ) {
    this.fetches = new Array<ReduceFetch | null>(job.reduces.length).fill(null);
    const maps = job.maps.length;
    this.outputMap = new Int32Array(maps);
    this.outputEnd = new Float64Array(maps);
    this.outputNode = new Int32Array(maps);
    this.outputLost = new Uint8Array(maps);
    this.outputBytes = job.maps.outputBytes;
  }

  /** Record a finished map's output, available from `time` on `node`. */
  addOutput(map: number, time: number, node: number): void {
    if (this.outputCount === this.outputMap.length) this.grow();
    const k = this.outputCount++;
    this.outputMap[k] = map;
    this.outputEnd[k] = time;
    this.outputNode[k] = node;
    this.outputLost[k] = 0;
    if (this.perNode !== null) this.perNode[node] += this.outputBytes[map];
  }

  /** Bytes of output not lost, per node. */
  bytesPerNode(nodeCount: number): Float64Array {
    if (this.perNode === null) {
      this.perNode = new Float64Array(nodeCount);
      for (let k = 0; k < this.outputCount; k++) {
        if (this.outputLost[k] === 0) this.perNode[this.outputNode[k]] += this.outputBytes[this.outputMap[k]];
      }
    }
    return this.perNode;
  }

  /**
   * Bytes a reduce has copied by `time` (each output counted when its copy
   * ends). Folds what is listed first; the copy end of each output is known
   * from the times kept when nodes can fail, and otherwise by replaying the
   * fold from the reduce's launch (without failures nothing is skipped).
   */
  fetchedBy(fetch: ReduceFetch, time: number): number {
    this.advance(fetch);
    const times = fetch.doneTimes;
    if (times !== null) {
      let late = 0;
      for (let k = 0; k < times.length; k++) {
        if (times[k] > time) late += this.outputBytes[this.outputMap[k]] * fetch.share;
      }
      return fetch.bytesIn - late;
    }
    let free = fetch.launch;
    let fetched = 0;
    for (let k = 0; k < fetch.next; k++) {
      const bytes = this.outputBytes[this.outputMap[k]] * fetch.share;
      free = Math.max(free, this.outputEnd[k]) + this.network.transferTime(bytes, this.outputNode[k], fetch.node);
      if (free > time) break;
      fetched += bytes;
    }
    return fetched;
  }

  /** Whether an output not yet lost lives on `node`. */
  hasOutputOn(node: number): boolean {
    for (let k = 0; k < this.outputCount; k++) if (this.outputNode[k] === node && this.outputLost[k] === 0) return true;
    return false;
  }

  /** Forget the outputs (the job has ended). */
  clear(): void {
    this.outputCount = 0;
    this.perNode = null;
    this.outputMap = new Int32Array(0);
    this.outputEnd = new Float64Array(0);
    this.outputNode = new Int32Array(0);
    this.outputLost = new Uint8Array(0);
  }

  private grow(): void {
    const size = Math.max(4, 2 * this.outputMap.length);
    this.outputMap = resized(this.outputMap, new Int32Array(size));
    this.outputEnd = resized(this.outputEnd, new Float64Array(size));
    this.outputNode = resized(this.outputNode, new Int32Array(size));
    this.outputLost = resized(this.outputLost, new Uint8Array(size));
  }

  /** A reduce attempt starts fetching. */
  startFetch(task: number, attempt: number, node: number, now: number, keepTimes: boolean): ReduceFetch {
    const fetch = new ReduceFetch(attempt, node, now, this.job.reduces[task].shuffleShare, keepTimes);
    this.fetches[task] = fetch;
    return fetch;
  }

  /** Fold every output not yet fetched into a reduce's copier time. */
  advance(fetch: ReduceFetch): void {
    const count = this.outputCount;
    if (fetch.next === count) return;
    const { outputMap, outputEnd, outputNode, outputLost, outputBytes, network } = this;
    const to = fetch.node;
    const share = fetch.share;
    const fetched = fetch.fetched;
    const times = fetch.doneTimes;
    copier[0] = fetch.cursor;
    let bytesIn = 0;
    let networkBytes = 0;
    let byteHops = 0;
    for (let k = fetch.next; k < count; k++) {
      const map = outputMap[k];
      if (outputLost[k] === 1 || (fetched !== null && fetched.has(map))) {
        times?.push(NaN);
        continue;
      }
      const bytes = outputBytes[map] * share;
      const from = outputNode[k];
      const end = outputEnd[k];
      const start = copier[0] > end ? copier[0] : end;
      copier[0] = start + network.transferTime(bytes, from, to);
      times?.push(copier[0]);
      bytesIn += bytes;
      if (from !== to) {
        networkBytes += bytes;
        byteHops += bytes * network.hops(from, to);
      }
    }
    fetch.next = count;
    fetch.cursor = copier[0];
    fetch.bytesIn += bytesIn;
    fetch.networkBytes += networkBytes;
    fetch.byteHops += byteHops;
  }

  /**
   * Node `failed` died at `time`: set the reduce back to what it had fetched
   * by then. Returns true if its shuffle end moved (it had not finished).
   */
  rewind(fetch: ReduceFetch, time: number, failed: number): boolean {
    const times = fetch.doneTimes!;
    const fetched = fetch.fetched ?? new Set<number>();
    let first = fetch.next;
    for (let k = 0; k < fetch.next; k++) {
      const done = times[k];
      if (Number.isNaN(done)) continue;
      if (done <= time) fetched.add(this.outputMap[k]);
      else if (first === fetch.next) first = k;
    }
    fetch.fetched = fetched;
    if (first === fetch.next) return false;
    // Take back what the unfinished fetches had counted.
    let copierFree = fetch.launch;
    for (let k = first - 1; k >= 0; k--) {
      if (!Number.isNaN(times[k])) {
        copierFree = times[k];
        break;
      }
    }
    for (let k = first; k < fetch.next; k++) {
      if (Number.isNaN(times[k])) continue;
      const bytes = this.outputBytes[this.outputMap[k]] * fetch.share;
      const from = this.outputNode[k];
      fetch.bytesIn -= bytes;
      if (from !== fetch.node) {
        fetch.networkBytes -= bytes;
        fetch.byteHops -= bytes * this.network.hops(from, fetch.node);
      }
    }
    // A fetch from the failed node that was under way held the copier until the failure.
    const inFlightStart = Math.max(copierFree, this.outputEnd[first]);
    const abortedInFlight = this.outputNode[first] === failed && inFlightStart < time;
    fetch.cursor = abortedInFlight ? time : copierFree;
    fetch.next = first;
    times.length = first;
    return true;
  }

  /** Mark every output held on `node` lost; returns the maps whose outputs were lost. */
  loseOutputsOn(node: number): number[] {
    const lost: number[] = [];
    for (let k = 0; k < this.outputCount; k++) {
      if (this.outputNode[k] === node && this.outputLost[k] === 0) {
        this.outputLost[k] = 1;
        lost.push(this.outputMap[k]);
      }
    }
    if (this.perNode !== null) this.perNode[node] = 0;
    return lost;
  }
}

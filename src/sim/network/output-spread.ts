/**
 * Where a job's map outputs are, summed so that a thin batch (`batch-parts.ts`)
 * costs no walk over its outputs. A batch copies the outputs listed since
 * its reduce's last one: on a large job that is thousands of outputs, and
 * walking each batch's outputs to tally them by node cost maps × reduces per
 * job (902M outputs walked on a sixteenth of the FB-2010-shaped day).
 *
 * Two things answer a batch without the walk:
 * - an upper bound on what any one node holds of it: the most outputs listed
 *   on one node times the largest output. When that is under LEAST_LOAD of a
 *   copy's share of the batch, no part would carry a node's disk or link on
 *   its route, and the batch moves as one flow of all its copies;
 * - its bytes per leaf switch: the running sums per leaf, less the sums
 *   before the batch's first output, read from sums kept every CHUNK
 *   outputs (and a walk of at most CHUNK − 1 outputs).
 */
import type { ArrayPool } from '../array-pool.js';
import type { NetworkModel } from './network.js';
import { resized } from '../resized.js';
import { LEAST_LOAD } from './part-route.js';

/** Outputs between two kept sums per leaf. */
const CHUNK = 256;

export class OutputSpread {
  /** Bytes ever listed per leaf (lost outputs included). */
  leafBytes: Float64Array;
  private outputsOn: Int32Array;
  private mostOnANode = 0;
  private largestOutput = 0;
  /** Sums per leaf before output c × CHUNK, at c × leafCount. */
  private chunkSums: Float64Array;
  private readonly leafCount: number;

  constructor(
    private readonly network: NetworkModel,
    nodeCount: number,
    /** Outputs expected (one per map). */
    outputs: number,
    private readonly arrays: ArrayPool,
  ) {
    this.leafCount = network.leafCount;
    this.leafBytes = arrays.floats(this.leafCount);
    this.outputsOn = arrays.ints(nodeCount);
    this.chunkSums = new Float64Array((Math.floor(outputs / CHUNK) + 1) * this.leafCount);
  }

  /** Output `k` (the job's k-th listed) of `bytes` is on `node`. */
  add(k: number, node: number, bytes: number): void {
    const { leafCount } = this;
    if (k % CHUNK === 0) {
      const at = (k / CHUNK) * leafCount;
      if (at + leafCount > this.chunkSums.length) this.chunkSums = resized(this.chunkSums, new Float64Array(2 * (at + leafCount)));
      this.chunkSums.set(this.leafBytes, at);
    }
    const leaf = this.network.leafOf(node);
    this.leafBytes[leaf] += bytes;
    this.mostOnANode = Math.max(this.mostOnANode, ++this.outputsOn[node]);
    this.largestOutput = Math.max(this.largestOutput, bytes);
  }

  /** Whether no node can hold LEAST_LOAD of a copy's share of `bytes` listed since some output. */
  thin(bytes: number, copies: number): boolean {
    return this.mostOnANode * this.largestOutput < (LEAST_LOAD * bytes) / copies;
  }

  /**
   * Bytes per leaf of the outputs from `first` on, into `out` (as long as
   * the leaves); `nodes` and `axis` are the job's listed outputs' nodes and
   * starts on its axis of bytes.
   */
  leafBytesFrom(first: number, nodes: Int32Array, axis: Float64Array, out: Float64Array): void {
    const chunk = Math.floor(first / CHUNK);
    const at = chunk * this.leafCount;
    for (let leaf = 0; leaf < this.leafCount; leaf++) out[leaf] = this.leafBytes[leaf] - this.chunkSums[at + leaf];
    for (let k = chunk * CHUNK; k < first; k++) out[this.network.leafOf(nodes[k])] -= axis[k + 1] - axis[k];
  }

  /** Gives its arrays back (the job has ended); it is empty after. */
  clear(): void {
    if (this.outputsOn.length === 0) return;
    this.arrays.give(this.leafBytes);
    this.arrays.give(this.outputsOn);
    this.leafBytes = new Float64Array(0);
    this.outputsOn = new Int32Array(0);
    this.chunkSums = new Float64Array(0);
  }
}

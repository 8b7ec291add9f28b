/**
 * The cluster's free reduce slots sorted by a cost per node: the "available
 * slots sorted by cost" from which the rules of "Improving ReduceTask Data
 * Locality for Sequential MapReduce Jobs" (INFOCOM 2013) pick ranks. The
 * nodes are sorted once per set of costs; which slots are free is read live
 * from the views at every question (a slot is free when its node is alive
 * and shows a free reduce slot), and a question walks the order only as far
 * as it needs.
 *
 * Nodes whose costs differ by at most a fraction `tolerance` of the larger
 * count as equally cheap: a rule that picks a slot on one of them may have
 * a slot on any.
 *
 * Costs that move at almost every question (with contention, at every
 * reduce launched anywhere, a rack's nodes together) are not sorted:
 * `costsMoved` marks them, and the questions count the cheaper free slots
 * in one pass over the nodes until the next `sort`.
 */
import type { NodeView } from '../types.js';

/** What the order reads of the cluster: each node's liveness and free reduce slots, by node index. */
export interface FreeSlotView {
  readonly nodes: readonly Pick<NodeView, 'alive' | 'freeReduceSlots'>[];
}

export class FreeSlotOrder {
  /** The cost of each node; set them, then call `sort`. */
  readonly costs: Float64Array;
  /** Nodes by cost, cheapest first; ties by node index. */
  private readonly order: Int32Array;
  /** Whether `order` follows the costs now set. */
  private sorted = false;

  constructor(
    nodeCount: number,
    /** Relative difference in cost within which two nodes count as equally cheap. */
    private readonly tolerance: number,
  ) {
    this.costs = new Float64Array(nodeCount);
    this.order = new Int32Array(nodeCount);
    for (let v = 0; v < nodeCount; v++) this.order[v] = v;
  }

  /** Sorts the nodes by the costs now set. */
  sort(): void {
    const costs = this.costs;
    this.order.sort((a, b) => costs[a] - costs[b] || a - b);
    this.sorted = true;
  }

  /** The costs now set are not sorted (yet): questions read them unsorted, or sort them when they must. */
  costsMoved(): void {
    this.sorted = false;
  }

  /** Whether nodes `a` and `b` cost the same, within the tolerance. */
  sameCost(a: number, b: number): boolean {
    const ca = this.costs[a];
    const cb = this.costs[b];
    return Math.abs(ca - cb) <= this.tolerance * Math.max(Math.abs(ca), Math.abs(cb));
  }

  /** Free reduce slots in the cluster, counted up to `limit`. */
  freeSlots(view: FreeSlotView, limit: number): number {
    let free = 0;
    for (const node of view.nodes) {
      free += freeOn(node);
      if (free >= limit) break;
    }
    return free;
  }

  /**
   * Whether a free slot as cheap as node `node`'s (within the tolerance) has
   * a rank in start … start+count−1 among all free slots sorted by cost:
   * whether a rule that picks those ranks may have `node`'s slot. The nodes
   * as cheap as `node` hold a run of ranks, after those of the cheaper
   * ones; the walk stops as soon as the answer is known.
   */
  inBlock(node: number, view: FreeSlotView, start: number, count: number): boolean {
    if (!this.sorted) return this.inBlockUnsorted(node, view, start, count);
    const cost = this.costs[node];
    let rank = 0;
    for (let k = 0; k < this.order.length; k++) {
      const v = this.order[k];
      if (this.sameCost(v, node)) {
        rank += freeOn(view.nodes[v]);
        if (rank > start) return true;
      } else if (this.costs[v] < cost) {
        rank += freeOn(view.nodes[v]);
        if (rank >= start + count) return false;
      } else {
        return false;
      }
    }
    return false;
  }

  /**
   * `inBlock` in one pass over the unsorted costs: the free slots as cheap
   * as `node`'s hold the ranks after all the cheaper ones', so the answer is
   * whether that run of ranks meets start … start+count−1. Only the nodes
   * as cheap or cheaper are asked for their free slots.
   */
  private inBlockUnsorted(node: number, view: FreeSlotView, start: number, count: number): boolean {
    const { costs } = this;
    const cost = costs[node];
    let cheaper = 0;
    let same = 0;
    for (let v = 0; v < costs.length; v++) {
      if (this.sameCost(v, node)) {
        same += freeOn(view.nodes[v]);
      } else if (costs[v] < cost) {
        cheaper += freeOn(view.nodes[v]);
        if (cheaper >= start + count) return false;
      }
    }
    return cheaper + same > start;
  }

  /** The node holding the free slot of rank `rank` (0 is the cheapest). */
  nodeAtRank(rank: number, view: FreeSlotView): number {
    if (!this.sorted) this.sort();
    let seen = 0;
    for (let k = 0; k < this.order.length; k++) {
      const v = this.order[k];
      seen += freeOn(view.nodes[v]);
      if (seen > rank) return v;
    }
    throw new RangeError(`no free reduce slot of rank ${rank}: ${seen} are free`);
  }
}

function freeOn(node: Pick<NodeView, 'alive' | 'freeReduceSlots'>): number {
  return node.alive ? node.freeReduceSlots : 0;
}

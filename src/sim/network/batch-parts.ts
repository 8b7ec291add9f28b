/**
 * A reduce's batch as it moves over a shared network (`max-min`). Hadoop's
 * reducer runs `parallelCopies` fetcher threads, each copying the outputs of
 * one source node at a time. Fluid, that is at most `parallelCopies` parts at
 * once: the batch's source nodes dealt in turn among them (which fetcher takes
 * which node matters only for the grouping, so no draw is spent on it);
 * each part is one flow from its nodes to the reducer that loads every
 * resource on their routes by the share of its bytes crossing it. With no
 * more source nodes than copies each part is one node's fetch, as in Hadoop;
 * with more, a part moves its nodes' outputs side by side where a fetcher
 * would take them one after the other, and one flow stands for many.
 *
 * When every part would spread so thinly that none of its sources carries
 * LEAST_LOAD of it (more than 10 sources each), no part's route holds a
 * resource of its own sources (`part-route.ts`): the parts differ only in
 * how their bytes split among the racks. They then move as one flow that
 * stands for all of them (`streams`): at each rate, `streams` fetchers'
 * worth of every resource, as `streams` flows of one route would take, for a
 * `streams`th of the bytes each. It costs one flow and one end per batch
 * where the parts cost one each; they would have ended close together, as
 * their bytes come from many nodes dealt in turn. A batch whose thinness
 * the job's spread of outputs vouches for (`output-spread.ts`) is not even
 * walked: its one part moves by its split among leaves (`bySplit`) and
 * gets its nodes listed only if one of them fails while it moves.
 */
import { IntList } from './int-list.js';
import { LEAST_LOAD } from './part-route.js';

export const PART_RUNNING = 0;
export const PART_DONE = 1;
/** Every source node of the part failed before it was done: nothing of it is copied. */
export const PART_DROPPED = 2;

/** The reduce a part copies for. */
export interface PartFetch {
  readonly task: number;
  readonly attempt: number;
  /** The reducer's node. */
  readonly node: number;
}

/**
 * A thin batch moving without its source nodes listed (`output-spread.ts`):
 * its bytes of the share per leaf switch (as long as the leaves), those on
 * the reducer's own node, and in all.
 */
export interface LeafSplit {
  readonly leafBytes: Float64Array;
  readonly ownBytes: number;
  readonly bytes: number;
}

export class BatchPart {
  state = PART_RUNNING;
  /** The flow moving it (set by the network while it runs). */
  slot = -1;
  /** Per source node: bytes of the share moved by the part's earlier flows (cut when another source failed). */
  private moved: number[];

  constructor(
    readonly fetch: PartFetch,
    /** Its source nodes (none while `bySplit` stands for them). */
    readonly nodes: number[],
    /** Per source node: bytes of the share the current flow carries. */
    readonly left: number[],
    /** Fetchers it stands for, side by side over one route. */
    readonly streams = 1,
    /** A thin batch's split among leaves, until its nodes are listed (`list`). */
    public bySplit: LeafSplit | null = null,
  ) {
    this.moved = nodes.map(() => 0);
  }

  /** Bytes the current flow carries. */
  flowBytes(): number {
    if (this.bySplit !== null) return this.bySplit.bytes;
    return this.left.reduce((sum, bytes) => sum + bytes, 0);
  }

  /** A part moving by its split gets its source nodes and their bytes (before a source is dropped). */
  list(nodes: readonly number[], bytes: readonly number[]): void {
    this.nodes.push(...nodes);
    this.left.push(...bytes);
    this.moved = nodes.map(() => 0);
    this.bySplit = null;
  }

  /** Bytes of the share moved before the current flow. */
  movedBefore(): number {
    return this.moved.reduce((sum, bytes) => sum + bytes, 0);
  }

  /** Bytes of the share the part has copied once done. */
  bytes(): number {
    return this.movedBefore() + this.flowBytes();
  }

  /**
   * Source `node` failed when the current flow had moved `flowMoved` bytes:
   * each other node keeps its part of that (the flow moves them in
   * proportion) and owes the rest, the failed node's bytes are dropped.
   * Returns whether the part has bytes left to move.
   */
  dropSource(node: number, flowMoved: number): boolean {
    const fraction = flowMoved / this.flowBytes();
    const at = this.nodes.indexOf(node);
    for (const list of [this.nodes, this.left, this.moved]) list.splice(at, 1);
    for (let i = 0; i < this.nodes.length; i++) {
      this.moved[i] += fraction * this.left[i];
      this.left[i] -= fraction * this.left[i];
    }
    if (this.nodes.length === 0) this.state = PART_DROPPED;
    return this.flowBytes() > 0;
  }
}

/**
 * Splits a reduce's batches into parts: the batch's bytes tallied by source
 * node, the nodes dealt in turn among at most `copies` parts. One per run,
 * for every job's shuffle.
 */
export class BatchSplitter {
  private readonly bytesOf: Float64Array;
  private readonly sources = new IntList();
  // Scratch of `everyPartThin`: each part's bytes and heaviest source.
  private readonly partTotal: Float64Array;
  private readonly partHeaviest: Float64Array;

  constructor(
    nodeCount: number,
    /** Fetches at once per reduce (Hadoop's parallel copies). */
    readonly copies: number,
  ) {
    this.bytesOf = new Float64Array(nodeCount);
    this.partTotal = new Float64Array(copies);
    this.partHeaviest = new Float64Array(copies);
  }

  /** `bytes` of the reduce's share come from `node`. */
  add(node: number, bytes: number): void {
    if (this.bytesOf[node] === 0) this.sources.push(node);
    this.bytesOf[node] += bytes;
  }

  /** The parts of the bytes added since the last split. */
  split(fetch: PartFetch): BatchPart[] {
    const nodes = this.sources.items;
    const n = this.sources.length;
    const count = Math.min(this.copies, n);
    if (count > 1 && this.everyPartThin(count)) {
      const { nodes: all, bytes } = this.takeAll();
      return [new BatchPart(fetch, all, bytes, count)];
    }
    const parts: BatchPart[] = [];
    for (let p = 0; p < count; p++) {
      const dealt: number[] = [];
      const bytes: number[] = [];
      for (let i = p; i < n; i += count) {
        dealt.push(nodes[i]);
        bytes.push(this.bytesOf[nodes[i]]);
      }
      parts.push(new BatchPart(fetch, dealt, bytes));
    }
    for (let i = 0; i < n; i++) this.bytesOf[nodes[i]] = 0;
    this.sources.clear();
    return parts;
  }

  /** Every node added since the last split, in the order first added, and its bytes; the splitter starts afresh. */
  takeAll(): { nodes: number[]; bytes: number[] } {
    const n = this.sources.length;
    const nodes = new Array<number>(n);
    const bytes = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const node = this.sources.items[i];
      nodes[i] = node;
      bytes[i] = this.bytesOf[node];
      this.bytesOf[node] = 0;
    }
    this.sources.clear();
    return { nodes, bytes };
  }

  /** Whether, dealt among `count` parts, no source carries LEAST_LOAD of its part. */
  private everyPartThin(count: number): boolean {
    const nodes = this.sources.items;
    const n = this.sources.length;
    if (n <= count / LEAST_LOAD) return false;
    const { partTotal, partHeaviest } = this;
    partTotal.fill(0);
    partHeaviest.fill(0);
    for (let i = 0, p = 0; i < n; i++, p = p + 1 === count ? 0 : p + 1) {
      const bytes = this.bytesOf[nodes[i]];
      partTotal[p] += bytes;
      if (bytes > partHeaviest[p]) partHeaviest[p] = bytes;
    }
    for (let p = 0; p < count; p++) if (partHeaviest[p] >= LEAST_LOAD * partTotal[p]) return false;
    return true;
  }
}

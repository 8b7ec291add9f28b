/**
 * The route of a batch's part (`batch-parts.ts`) over the shared network:
 * the resources its source nodes' routes to the reducer cross, each loaded
 * by the share of the part's bytes that crosses it. A resource loaded by
 * less than LEAST_LOAD of the flow is left off: a part with many sources
 * spreads thinly over their disks and links, and there its load barely
 * moves anything, while every resource it shares joins the flows on it into
 * one max-min computation. What the sources share (rack uplinks, the
 * reducer's downlinks and link) keeps the whole load. A route holds at most
 * MAX_ROUTE resources; past that the least loaded are left off.
 *
 * The nodes under one leaf switch share the route above it, so it is
 * walked once per leaf, not once per source.
 */
import { MAX_ROUTE } from './max-min-sharing.js';
import type { NetworkModel } from './network.js';
import { IntList } from './int-list.js';

/** The least share of a part's bytes a resource on its route carries. */
export const LEAST_LOAD = 0.1;
/** A leaf's share of a thin batch under this is the running sums' rounding, not bytes. */
const SUM_ROUNDING = 1e-9;

export class PartRoute {
  readonly resources = new Int32Array(MAX_ROUTE);
  readonly weights = new Float64Array(MAX_ROUTE);
  length = 0;
  // Scratch: the load on each resource and share under each leaf as they are summed, what was touched.
  private readonly load: Float64Array;
  private readonly leafShare: Float64Array;
  private readonly touchedResources = new IntList();
  private readonly touchedLeaves = new IntList();
  private readonly walk = new Int32Array(64);

  constructor(private readonly network: NetworkModel) {
    this.load = new Float64Array(network.capacities.length);
    this.leafShare = new Float64Array(network.leafCount);
  }

  /**
   * The route of a flow carrying `bytes[i]` from `sources[i]` to node `to`
   * (`bytes` summing to `total`), standing for `streams` flows of that route
   * side by side (its weights `streams` times theirs).
   */
  build(sources: readonly number[], bytes: readonly number[], total: number, to: number, streams: number): void {
    const { network } = this;
    this.touchedResources.clear();
    this.touchedLeaves.clear();
    for (let i = 0; i < sources.length; i++) {
      const share = bytes[i] / total;
      // The source's disk and link out (its disk alone when it is the reducer's node), then its leaf's way on.
      // Only this source loads its disk and link: under LEAST_LOAD they are left off, so not summed.
      const heavy = share >= LEAST_LOAD;
      if (heavy) this.add(network.disk(sources[i]), share);
      if (sources[i] === to) continue;
      if (heavy) this.add(network.linkOutOf(sources[i]), share);
      const leaf = network.leafOf(sources[i]);
      if (this.leafShare[leaf] === 0) this.touchedLeaves.push(leaf);
      this.leafShare[leaf] += share;
    }
    this.finish(to, streams);
  }

  /**
   * The route of a thin batch's flow (`output-spread.ts`), from its bytes
   * per leaf (`leafBytes`, as long as the leaves) and those on the
   * reducer's node `to` itself (`ownBytes`): no source carries LEAST_LOAD
   * of it, so no source's disk or link is on it.
   */
  buildFromLeaves(leafBytes: Float64Array, ownBytes: number, total: number, to: number, streams: number): void {
    this.touchedResources.clear();
    this.touchedLeaves.clear();
    const ownLeaf = this.network.leafOf(to);
    for (let leaf = 0; leaf < leafBytes.length; leaf++) {
      // What the reducer reads from its own disk crosses no link; the running sums leave rounding on empty leaves.
      const share = (leaf === ownLeaf ? leafBytes[leaf] - ownBytes : leafBytes[leaf]) / total;
      if (share <= SUM_ROUNDING) continue;
      this.touchedLeaves.push(leaf);
      this.leafShare[leaf] = share;
    }
    this.finish(to, streams);
  }

  /** Each leaf's share along the way on from it to `to`, then the heaviest loads kept. */
  private finish(to: number, streams: number): void {
    const { network, walk } = this;
    for (let t = 0; t < this.touchedLeaves.length; t++) {
      const leaf = this.touchedLeaves.items[t];
      const n = network.routeFromLeaf(leaf, to, walk);
      for (let k = 0; k < n; k++) this.add(walk[k], this.leafShare[leaf]);
      this.leafShare[leaf] = 0;
    }
    this.keepHeaviest(streams);
  }

  private add(resource: number, share: number): void {
    if (this.load[resource] === 0) this.touchedResources.push(resource);
    this.load[resource] += share;
  }

  private keepHeaviest(streams: number): void {
    const { load } = this;
    const kept: number[] = [];
    for (let t = 0; t < this.touchedResources.length; t++) {
      const resource = this.touchedResources.items[t];
      if (load[resource] >= LEAST_LOAD) kept.push(resource);
    }
    if (kept.length > MAX_ROUTE) kept.sort((a, b) => load[b] - load[a]).length = MAX_ROUTE;
    this.length = kept.length;
    kept.forEach((resource, k) => {
      this.resources[k] = resource;
      // A resource every source's bytes cross is loaded by the whole flow (the sum may round off 1).
      this.weights[k] = streams * Math.min(1, load[resource]);
    });
    for (let t = 0; t < this.touchedResources.length; t++) load[this.touchedResources.items[t]] = 0;
  }
}

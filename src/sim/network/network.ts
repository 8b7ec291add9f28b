/**
 * The network: how long moving bytes between two nodes takes, how many hops
 * the path has, and the resources a transfer crosses (for the flow-level
 * sharing model, `max-min-sharing.ts`).
 *
 * `TreeNetwork`: the cluster's tree of switches with node leaves. Alone, a
 * transfer runs at the narrowest link of its path, capped by the source's
 * disk rate; data on the same node moves at that node's disk read rate and
 * crosses no link. Its resources, each with a capacity in bytes/s: every
 * node's disk, the two directions of every node's link, and the two
 * directions of every switch's uplink (the root has none).
 */
import type { Cluster } from '../../model/cluster.js';

export interface NetworkModel {
  /** Seconds to move `bytes` from node `from` to node `to` (indices). */
  transferTime(bytes: number, from: number, to: number): number;
  /** Links on the path from node `from` to node `to`; 0 on the same node. */
  hops(from: number, to: number): number;
  /** How many switches have nodes hanging off them (leaves of the tree). */
  readonly leafCount: number;
  /** The leaf switch a node hangs off, 0 … leafCount − 1. */
  leafOf(node: number): number;
  /** Links between two different nodes hanging off leaves `p` and `q`. */
  leafHops(p: number, q: number): number;
  /**
   * Bytes per second a reduce on `node` copies map output at, with `copies`
   * parallel streams: each stream as fast as the narrower of a typical
   * source disk (the cluster's mean) and the node's link, together no faster
   * than the node's link.
   */
  fetchRate(node: number, copies: number): number;
  /** Capacity of every resource, bytes/s, by resource index. */
  readonly capacities: Float64Array;
  /** Writes the resources a transfer from `from` to `to` crosses into `out`; returns how many. */
  route(from: number, to: number, out: Int32Array): number;
  /**
   * Writes the resources a transfer from a node under leaf `leaf` to another
   * node `to` crosses past the source's disk and link (from the leaf's
   * switch on) into `out`; returns how many.
   */
  routeFromLeaf(leaf: number, to: number, out: Int32Array): number;
  /** The resource of a node's disk, and of its link up to its switch. */
  disk(node: number): number;
  linkOutOf(node: number): number;
  /** A node's disk read rate, bytes/s. */
  diskRate(node: number): number;
}

// Rates are kept as seconds per byte, and times computed by multiplying: in
// V8 a division in the shuffle's hot loop made every result a heap-allocated
// number; a multiplication does not.
export class TreeNetwork implements NetworkModel {
  private readonly nodeSwitch: Int32Array;
  private readonly nodeUplinkSecondsPerByte: Float64Array;
  private readonly diskSecondsPerByte: Float64Array;
  /** Between switches s and t: seconds per byte at the bottleneck, and link count, row-major s * switchCount + t. */
  private readonly switchSecondsPerByte: Float64Array;
  private readonly switchHops: Int32Array;
  private readonly switchCount: number;
  readonly capacities: Float64Array;
  private readonly switchParent: Int32Array;
  private readonly switchDepth: Int32Array;
  private readonly nodeCount: number;
  /** Leaf index of each node, and the switch of each leaf. */
  private readonly nodeLeaf: Int32Array;
  private readonly leafSwitch: Int32Array;
  private readonly nodeUplink: Float64Array;
  private readonly meanDiskRate: number;

  constructor(cluster: Cluster) {
    const switchIndex = new Map(cluster.switches.map((s, i) => [s.id, i]));
    const n = cluster.switches.length;
    this.switchCount = n;
    const parent = cluster.switches.map((s) => (s.parent === null ? -1 : switchIndex.get(s.parent)!));
    const uplink = cluster.switches.map((s) => s.uplinkBandwidth);
    // Path from each switch to the root: its ancestors, and the bottleneck from the switch up to each.
    const ancestors: number[][] = [];
    const bottleneckUp: number[][] = [];
    for (let s = 0; s < n; s++) {
      const path = [s];
      const width = [Infinity];
      for (let a = s; parent[a] >= 0; a = parent[a]) {
        path.push(parent[a]);
        width.push(Math.min(width[width.length - 1], uplink[a]));
      }
      ancestors.push(path);
      bottleneckUp.push(width);
    }
    this.switchSecondsPerByte = new Float64Array(n * n);
    this.switchHops = new Int32Array(n * n);
    for (let s = 0; s < n; s++) {
      for (let t = 0; t < n; t++) {
        const depthInT = new Map(ancestors[t].map((a, depth) => [a, depth]));
        const up = ancestors[s].findIndex((a) => depthInT.has(a));
        const down = depthInT.get(ancestors[s][up])!;
        this.switchSecondsPerByte[s * n + t] = 1 / Math.min(bottleneckUp[s][up], bottleneckUp[t][down]);
        this.switchHops[s * n + t] = up + down;
      }
    }
    this.nodeSwitch = Int32Array.from(cluster.nodes, (node) => switchIndex.get(node.uplink)!);
    this.nodeUplinkSecondsPerByte = Float64Array.from(cluster.nodes, (node) => 1 / node.uplinkBandwidth);
    this.diskSecondsPerByte = Float64Array.from(cluster.nodes, (node) => 1 / node.diskReadRate);
    const leaves = [...new Set(this.nodeSwitch)];
    const leafIndex = new Map(leaves.map((s, i) => [s, i]));
    this.leafSwitch = Int32Array.from(leaves);
    this.nodeLeaf = Int32Array.from(this.nodeSwitch, (s) => leafIndex.get(s)!);
    this.nodeUplink = Float64Array.from(cluster.nodes, (node) => node.uplinkBandwidth);
    this.meanDiskRate = cluster.nodes.reduce((sum, node) => sum + node.diskReadRate, 0) / Math.max(1, cluster.nodes.length);
    this.switchParent = Int32Array.from(parent);
    this.switchDepth = Int32Array.from(ancestors, (path) => path.length - 1);
    const N = cluster.nodes.length;
    this.nodeCount = N;
    this.capacities = new Float64Array(3 * N + 2 * n);
    cluster.nodes.forEach((node, i) => {
      this.capacities[i] = node.diskReadRate;
      this.capacities[N + i] = node.uplinkBandwidth;
      this.capacities[2 * N + i] = node.uplinkBandwidth;
    });
    for (let sw = 0; sw < n; sw++) {
      const width = parent[sw] < 0 ? Infinity : uplink[sw];
      this.capacities[3 * N + 2 * sw] = width;
      this.capacities[3 * N + 2 * sw + 1] = width;
    }
  }

  // Resource indices: disk, link up and link down of each node, then uplink up and down of each switch.
  disk(node: number): number {
    return node;
  }

  linkOutOf(node: number): number {
    return this.nodeCount + node;
  }

  private linkInto(node: number): number {
    return 2 * this.nodeCount + node;
  }

  private switchUp(sw: number): number {
    return 3 * this.nodeCount + 2 * sw;
  }

  private switchDownlink(sw: number): number {
    return 3 * this.nodeCount + 2 * sw + 1;
  }

  route(from: number, to: number, out: Int32Array): number {
    out[0] = this.disk(from);
    if (from === to) return 1;
    out[1] = this.linkOutOf(from);
    return this.routeOn(this.nodeSwitch[from], to, out, 2);
  }

  routeFromLeaf(leaf: number, to: number, out: Int32Array): number {
    return this.routeOn(this.leafSwitch[leaf], to, out, 0);
  }

  /** Writes into `out` from `length` on the links from switch `s` to node `to`; returns the route's length. */
  private routeOn(s: number, to: number, out: Int32Array, length: number): number {
    let t = this.nodeSwitch[to];
    const down: number[] = [];
    while (this.switchDepth[s] > this.switchDepth[t]) {
      out[length++] = this.switchUp(s);
      s = this.switchParent[s];
    }
    while (this.switchDepth[t] > this.switchDepth[s]) {
      down.push(this.switchDownlink(t));
      t = this.switchParent[t];
    }
    while (s !== t) {
      out[length++] = this.switchUp(s);
      s = this.switchParent[s];
      down.push(this.switchDownlink(t));
      t = this.switchParent[t];
    }
    for (let k = down.length - 1; k >= 0; k--) out[length++] = down[k];
    out[length++] = this.linkInto(to);
    return length;
  }

  diskRate(node: number): number {
    return this.capacities[this.disk(node)];
  }

  get leafCount(): number {
    return this.leafSwitch.length;
  }

  leafOf(node: number): number {
    return this.nodeLeaf[node];
  }

  leafHops(p: number, q: number): number {
    return 2 + this.switchHops[this.leafSwitch[p] * this.switchCount + this.leafSwitch[q]];
  }

  fetchRate(node: number, copies: number): number {
    const link = this.nodeUplink[node];
    return Math.min(copies * Math.min(this.meanDiskRate, link), link);
  }

  transferTime(bytes: number, from: number, to: number): number {
    if (from === to) return bytes * this.diskSecondsPerByte[from];
    // The slowest (narrowest) of: source disk, both node links, the switch path.
    let slowest = this.switchSecondsPerByte[this.nodeSwitch[from] * this.switchCount + this.nodeSwitch[to]];
    const disk = this.diskSecondsPerByte[from];
    const up = this.nodeUplinkSecondsPerByte[from];
    const down = this.nodeUplinkSecondsPerByte[to];
    if (disk > slowest) slowest = disk;
    if (up > slowest) slowest = up;
    if (down > slowest) slowest = down;
    return bytes * slowest;
  }

  hops(from: number, to: number): number {
    if (from === to) return 0;
    return 2 + this.switchHops[this.nodeSwitch[from] * this.switchCount + this.nodeSwitch[to]];
  }
}

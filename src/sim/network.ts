/**
 * The network: how long moving bytes between two nodes takes, and how many
 * hops the path has. A model sits behind `NetworkModel` so a contention model
 * can replace the default.
 *
 * Default (`TreeNetwork`): the cluster's tree of switches with node leaves;
 * every transfer runs alone at the narrowest link of its path, with no
 * contention; the source's disk rate caps it too. Data on the same node moves
 * at that node's disk read rate and crosses no link.
 */
import type { Cluster } from '../model/cluster.js';

export interface NetworkModel {
  /** Seconds to move `bytes` from node `from` to node `to` (indices). */
  transferTime(bytes: number, from: number, to: number): number;
  /** Links on the path from node `from` to node `to`; 0 on the same node. */
  hops(from: number, to: number): number;
}

export class TreeNetwork implements NetworkModel {
  private readonly nodeSwitch: Int32Array;
  private readonly nodeUplink: Float64Array;
  private readonly diskRate: Float64Array;
  /** Between switches s and t: bottleneck bandwidth and link count, row-major s * switchCount + t. */
  private readonly switchBottleneck: Float64Array;
  private readonly switchHops: Int32Array;
  private readonly switchCount: number;

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
    this.switchBottleneck = new Float64Array(n * n);
    this.switchHops = new Int32Array(n * n);
    for (let s = 0; s < n; s++) {
      for (let t = 0; t < n; t++) {
        const depthInT = new Map(ancestors[t].map((a, depth) => [a, depth]));
        const up = ancestors[s].findIndex((a) => depthInT.has(a));
        const down = depthInT.get(ancestors[s][up])!;
        this.switchBottleneck[s * n + t] = Math.min(bottleneckUp[s][up], bottleneckUp[t][down]);
        this.switchHops[s * n + t] = up + down;
      }
    }
    this.nodeSwitch = Int32Array.from(cluster.nodes, (node) => switchIndex.get(node.uplink)!);
    this.nodeUplink = Float64Array.from(cluster.nodes, (node) => node.uplinkBandwidth);
    this.diskRate = Float64Array.from(cluster.nodes, (node) => node.diskReadRate);
  }

  transferTime(bytes: number, from: number, to: number): number {
    if (bytes === 0) return 0;
    if (from === to) return bytes / this.diskRate[from];
    const between = this.nodeSwitch[from] * this.switchCount + this.nodeSwitch[to];
    const width = Math.min(
      this.diskRate[from],
      this.nodeUplink[from],
      this.nodeUplink[to],
      this.switchBottleneck[between],
    );
    return bytes / width;
  }

  hops(from: number, to: number): number {
    if (from === to) return 0;
    return 2 + this.switchHops[this.nodeSwitch[from] * this.switchCount + this.nodeSwitch[to]];
  }
}

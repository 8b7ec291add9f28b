/**
 * A resolved cluster's network as a topology tree, and the fetch cost of
 * each of its reduce slots. The tree is the one the simulator's network
 * (`TreeNetwork`) routes over: the switches (root first), each hanging off
 * its parent, and every node hanging off its rack switch, so the hops
 * between two nodes are the simulator's (2 within a rack, 0 on the node
 * itself). The nodes are the hosts: intermediate data and reduce slots live
 * there, the switches only forward.
 */
import type { Cluster } from '../../model/cluster.js';
import { accumulatedHopDistance, type HopSum } from './accumulated-distance.js';
import { bandwidthWeights } from './link-weights.js';
import { rootedTree, type TopologyTree } from './topology-tree.js';

/** How a cluster's links weigh: a hop each, or by the bandwidths the scenario gives them (see link-weights.ts). */
export type ClusterWeighting = 'hops' | 'bandwidth';

/** The cluster's tree: vertices are the switches (root first, as resolved), then the nodes, in cluster order. */
export function clusterTopology(cluster: Cluster, weighting: ClusterWeighting): TopologyTree {
  const switches = cluster.switches;
  const vertices = [...switches.map((s) => s.id), ...cluster.nodes.map((node) => node.id)];
  const switchIndex = new Map(switches.map((s, i) => [s.id, i]));
  const linkCount = vertices.length - 1;
  const from = new Int32Array(linkCount);
  const to = new Int32Array(linkCount);
  const bandwidths = new Float64Array(linkCount);
  let link = 0;
  switches.forEach((s, i) => {
    if (s.parent === null) return;
    from[link] = i;
    to[link] = switchIndex.get(s.parent)!;
    bandwidths[link++] = s.uplinkBandwidth;
  });
  cluster.nodes.forEach((node, i) => {
    from[link] = switches.length + i;
    to[link] = switchIndex.get(node.uplink)!;
    bandwidths[link++] = node.uplinkBandwidth;
  });
  const weights = weighting === 'hops' ? new Float64Array(linkCount).fill(1) : bandwidthWeights(bandwidths);
  const isHost = Uint8Array.from(vertices, (_, v) => (v >= switches.length ? 1 : 0));
  return rootedTree(vertices, isHost, { from, to, weights });
}

/** H of each node (indexed like cluster.nodes), summed over the nodes or over every vertex. */
export function nodeHopDistances(cluster: Cluster, weighting: ClusterWeighting, over: HopSum = 'hosts'): Float64Array {
  const all = accumulatedHopDistance(clusterTopology(cluster, weighting), over);
  return all.slice(cluster.switches.length);
}

/** The reduce slots of a cluster, node by node, each with its node's cost. */
export interface ReduceSlotCosts {
  /** The node index (in cluster.nodes) of each slot. */
  readonly node: Int32Array;
  readonly cost: Float64Array;
}

/** Every reduce slot with the cost of its node (`nodeCosts` indexed like cluster.nodes): the per-slot costs the placements sort. */
export function reduceSlotCosts(cluster: Cluster, nodeCosts: ArrayLike<number>): ReduceSlotCosts {
  const total = cluster.nodes.reduce((sum, node) => sum + node.reduceSlots, 0);
  const node = new Int32Array(total);
  const cost = new Float64Array(total);
  let slot = 0;
  cluster.nodes.forEach((n, i) => {
    for (let k = 0; k < n.reduceSlots; k++, slot++) {
      node[slot] = i;
      cost[slot] = nodeCosts[i];
    }
  });
  return { node, cost };
}

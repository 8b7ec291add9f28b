/**
 * Fetch costs on a tree, §I-B of "Improving ReduceTask Data Locality for
 * Sequential MapReduce Jobs": for every vertex v, D(v) = Σ_u m(u)·d(u, v),
 * d the (weighted) path length and m(u) a mass at each vertex.
 *
 * - With m = 1 on the vertices counted, D is the accumulated hop distance
 *   H(v) = Σ_u h(u, v), the paper's per-bit cost of a reducer at v when the
 *   intermediate data is spread evenly (Fig. 1: H(A) = 13, H(G) = 19).
 * - With m(u) = the intermediate data stored at u, D(v) is the paper's cost
 *   C = Σ_u X(u)·h(u, v) of a reducer at v for uneven data.
 *
 * O(V) for all vertices at once (the paper states the definition only): the
 * masses below each vertex are summed in one pass up, D(root) follows, and
 * moving the reducer across a link of weight w from a parent p to its child c
 * brings the mass below c nearer by w and the rest farther by w:
 * D(c) = D(p) + w·(M − 2·below(c)).
 */
import type { TopologyTree } from './topology-tree.js';

/** Which vertices count in H: the hosts (data and reduce slots sit there), or every vertex as in the paper's Fig. 1. */
export type HopSum = 'hosts' | 'all';

export const HOP_SUMS: readonly HopSum[] = ['hosts', 'all'];

/** D(v) = Σ_u mass[u]·d(u, v) for every vertex v, indexed like tree.vertices. */
export function accumulatedDistance(tree: TopologyTree, mass: ArrayLike<number>): Float64Array {
  const { order, parent, parentWeight } = tree;
  const n = order.length;
  const below = Float64Array.from({ length: n }, (_, v) => mass[v]);
  for (let i = n - 1; i > 0; i--) below[parent[order[i]]] += below[order[i]];
  const total = below[order[0]];
  const depth = new Float64Array(n);
  let atRoot = 0;
  for (let i = 1; i < n; i++) {
    const v = order[i];
    depth[v] = depth[parent[v]] + parentWeight[v];
    atRoot += mass[v] * depth[v];
  }
  const distance = new Float64Array(n);
  distance[order[0]] = atRoot;
  for (let i = 1; i < n; i++) {
    const v = order[i];
    distance[v] = distance[parent[v]] + parentWeight[v] * (total - 2 * below[v]);
  }
  return distance;
}

/** H(v) = Σ_u h(u, v) for every vertex v, u over the hosts or over every vertex. */
export function accumulatedHopDistance(tree: TopologyTree, over: HopSum): Float64Array {
  return accumulatedDistance(tree, over === 'all' ? new Float64Array(tree.vertices.length).fill(1) : tree.isHost);
}

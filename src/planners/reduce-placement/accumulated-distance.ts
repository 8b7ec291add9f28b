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
 *
 * A link may weigh differently into a vertex than out of it (`downWeight`:
 * a link shared by the transfers already coming down it): the mass below c
 * no longer climbs c's link out, and the rest comes down it, so
 * D(c) = D(p) + down(c)·(M − below(c)) − up(c)·below(c), and D(root) sums
 * each mass's way up.
 */
import type { TopologyTree } from './topology-tree.js';

/** Which vertices count in H: the hosts (data and reduce slots sit there), or every vertex as in the paper's Fig. 1. */
export type HopSum = 'hosts' | 'all';

export const HOP_SUMS: readonly HopSum[] = ['hosts', 'all'];

/** Arrays `accumulatedDistance` works in, one per vertex each: given, they are reused (and the result is `distance`, overwritten at the next call). */
export interface DistanceWork {
  readonly below: Float64Array;
  readonly depth: Float64Array;
  readonly distance: Float64Array;
}

export function newDistanceWork(tree: TopologyTree): DistanceWork {
  const n = tree.vertices.length;
  return { below: new Float64Array(n), depth: new Float64Array(n), distance: new Float64Array(n) };
}

/**
 * D(v) = Σ_u mass[u]·d(u, v) for every vertex v, indexed like tree.vertices;
 * d(u, v) weighs each link on the way up by `tree.parentWeight` and on the
 * way down by `downWeight` (the same by default).
 */
export function accumulatedDistance(
  tree: TopologyTree,
  mass: ArrayLike<number>,
  downWeight: ArrayLike<number> = tree.parentWeight,
  work: DistanceWork = newDistanceWork(tree),
): Float64Array {
  const { order, parent, parentWeight } = tree;
  const n = order.length;
  const { below, depth, distance } = work;
  for (let v = 0; v < n; v++) below[v] = mass[v];
  for (let i = n - 1; i > 0; i--) below[parent[order[i]]] += below[order[i]];
  const total = below[order[0]];
  let atRoot = 0;
  depth[order[0]] = 0;
  for (let i = 1; i < n; i++) {
    const v = order[i];
    depth[v] = depth[parent[v]] + parentWeight[v];
    atRoot += mass[v] * depth[v];
  }
  distance[order[0]] = atRoot;
  for (let i = 1; i < n; i++) {
    const v = order[i];
    // The same weights both ways keep the one-product form (and its rounding).
    distance[v] =
      downWeight === parentWeight
        ? distance[parent[v]] + parentWeight[v] * (total - 2 * below[v])
        : distance[parent[v]] + downWeight[v] * (total - below[v]) - parentWeight[v] * below[v];
  }
  return distance;
}

/** H(v) = Σ_u h(u, v) for every vertex v, u over the hosts or over every vertex. */
export function accumulatedHopDistance(tree: TopologyTree, over: HopSum): Float64Array {
  return accumulatedDistance(tree, over === 'all' ? new Float64Array(tree.vertices.length).fill(1) : tree.isHost);
}

/**
 * A network tree as the fetch costs of "Improving ReduceTask Data Locality
 * for Sequential MapReduce Jobs" (INFOCOM 2013, §I-B) read it: named
 * vertices, a weight per link (1 for a plain hop), and the vertices that are
 * hosts, holding intermediate data and reduce slots (every vertex in the
 * paper's Fig. 1; the nodes, not the switches, of a cluster). Kept rooted
 * at vertex 0 in breadth-first order, so a sum over the tree is one pass up
 * and one pass down.
 */

export interface TopologyTree {
  readonly vertices: readonly string[];
  /** 1 for a host, 0 for a vertex that only forwards (a switch). */
  readonly isHost: Uint8Array;
  /** Breadth-first order from the root, vertex 0: every vertex comes after its parent. */
  readonly order: Int32Array;
  /** Each vertex's parent, −1 at the root. */
  readonly parent: Int32Array;
  /** Weight of the link from each vertex to its parent, 0 at the root. */
  readonly parentWeight: Float64Array;
}

/** One undirected link per index: vertices `from[i]`–`to[i]` with weight `weights[i]`. */
export interface TreeLinks {
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly weights: Float64Array;
}

/**
 * The tree of `vertices` joined by `links`, rooted at vertex 0. The links
 * must form a tree over all the vertices (the input readers check it and
 * report what is wrong); a forest or a cycle here is a bug and throws.
 */
export function rootedTree(vertices: readonly string[], isHost: Uint8Array, links: TreeLinks): TopologyTree {
  const n = vertices.length;
  const m = links.from.length;
  if (n === 0 || m !== n - 1) throw new Error(`${n} vertices and ${m} links are not a tree (a bug: the input checks let it through)`);
  // Adjacency in compressed rows: the links of vertex v are at start[v] … start[v + 1].
  const start = new Int32Array(n + 1);
  for (let i = 0; i < m; i++) {
    start[links.from[i] + 1]++;
    start[links.to[i] + 1]++;
  }
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const fill = start.slice(0, n);
  const neighbour = new Int32Array(2 * m);
  const weight = new Float64Array(2 * m);
  for (let i = 0; i < m; i++) {
    const a = links.from[i];
    const b = links.to[i];
    neighbour[fill[a]] = b;
    weight[fill[a]++] = links.weights[i];
    neighbour[fill[b]] = a;
    weight[fill[b]++] = links.weights[i];
  }
  const order = new Int32Array(n);
  const parent = new Int32Array(n).fill(-2);
  const parentWeight = new Float64Array(n);
  parent[0] = -1;
  let reached = 1;
  for (let head = 0; head < reached; head++) {
    const v = order[head];
    for (let k = start[v]; k < start[v + 1]; k++) {
      const u = neighbour[k];
      if (u === parent[v]) continue;
      if (parent[u] !== -2) throw new Error(`the links close a cycle at '${vertices[u]}' (a bug: the input checks let it through)`);
      parent[u] = v;
      parentWeight[u] = weight[k];
      order[reached++] = u;
    }
  }
  if (reached !== n) throw new Error(`the links leave ${n - reached} vertices unreached (a bug: the input checks let it through)`);
  return { vertices, isHost, order, parent, parentWeight };
}

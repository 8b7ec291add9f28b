import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accumulatedDistance, accumulatedHopDistance } from './accumulated-distance.js';
import { rootedTree, type TopologyTree } from './topology-tree.js';
import { FIG_1_EDGES, treeOf } from './test-support/trees.js';

/**
 * Σ_u mass[u]·d(u, v) by a walk to every v: the definition, O(V²). The walk
 * goes from v outwards, so a step from a vertex to its parent is a step
 * down that link for the data (it comes from u towards v), and a step to a
 * child one up.
 */
function bruteForce(tree: TopologyTree, mass: readonly number[], downWeight: ArrayLike<number> = tree.parentWeight): number[] {
  const n = tree.vertices.length;
  const neighbours: [number, number][][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) {
    const p = tree.parent[v];
    if (p >= 0) {
      neighbours[v].push([p, downWeight[v]]);
      neighbours[p].push([v, tree.parentWeight[v]]);
    }
  }
  return Array.from({ length: n }, (_, v) => {
    const distance = new Array<number>(n).fill(-1);
    distance[v] = 0;
    const stack = [v];
    while (stack.length > 0) {
      const u = stack.pop()!;
      for (const [w, weight] of neighbours[u]) {
        if (distance[w] < 0) {
          distance[w] = distance[u] + weight;
          stack.push(w);
        }
      }
    }
    return distance.reduce((sum, d, u) => sum + mass[u] * d, 0);
  });
}

/** A random tree: vertex i > 0 hangs off a random earlier vertex, with a random weight; and a random mass per vertex. */
const randomTree = fc.integer({ min: 1, max: 40 }).chain((n) =>
  fc.record({
    parents: fc.array(fc.nat(), { minLength: n - 1, maxLength: n - 1 }),
    weights: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n - 1, maxLength: n - 1 }),
    mass: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: n, maxLength: n }),
    hosts: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
  }),
);

describe('accumulated hop distance H(v) = Σ_u h(u, v)', () => {
  it('gives the Fig. 1 values: H(A) = 13, H(B) = 11, H(C) = H(D) = 19, H(E) = 13, H(F) = 17, H(G) = H(H) = 19', () => {
    // H(A) = h(A,B) + h(A,C) + h(A,D) + h(A,E) + h(A,F) + h(A,G) + h(A,H) = 1 + 1 + 1 + 2 + 2 + 3 + 3 = 13;
    // H(G) = 3 (A) + 2 (B) + 4 (C) + 4 (D) + 1 (E) + 3 (F) + 2 (H) = 19.
    const tree = treeOf(FIG_1_EDGES);
    const h = accumulatedHopDistance(tree, 'all');
    expect(Object.fromEntries(tree.vertices.map((v, i) => [v, h[i]]))).toEqual({ A: 13, B: 11, C: 19, D: 19, E: 13, F: 17, G: 19, H: 19 });
  });

  it('sums over the hosts only when asked: Fig. 1 with hosts C, D, G, H', () => {
    // H(A) over {C, D, G, H} = 1 + 1 + 3 + 3 = 8; H(G) = 4 + 4 + 0 + 2 = 10; H(E) = 3 + 3 + 1 + 1 = 8.
    const tree = treeOf(FIG_1_EDGES, { hosts: ['C', 'D', 'G', 'H'] });
    const h = accumulatedHopDistance(tree, 'hosts');
    const at = (id: string) => h[tree.vertices.indexOf(id)];
    expect([at('A'), at('G'), at('E')]).toEqual([8, 10, 8]);
  });

  it('equals the definition Σ_u m(u)·d(u, v) on random weighted trees, for any masses', () => {
    fc.assert(
      fc.property(randomTree, ({ parents, weights, mass, hosts }) => {
        const n = mass.length;
        const tree = rootedTree(
          Array.from({ length: n }, (_, i) => `v${i}`),
          Uint8Array.from(hosts, (h) => (h ? 1 : 0)),
          {
            from: Int32Array.from(parents, (_, i) => i + 1),
            to: Int32Array.from(parents, (p, i) => p % (i + 1)),
            weights: Float64Array.from(weights),
          },
        );
        expect([...accumulatedDistance(tree, mass)]).toEqual(bruteForce(tree, mass));
        const down = Float64Array.from(tree.parentWeight, (w, v) => w * (1 + (mass[v] % 3)));
        expect([...accumulatedDistance(tree, mass, down)]).toEqual(bruteForce(tree, mass, down));
        expect([...accumulatedHopDistance(tree, 'hosts')]).toEqual(bruteForce(tree, [...tree.isHost]));
      }),
    );
  });
});

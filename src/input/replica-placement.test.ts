import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Random } from '../util/random.js';
import { ReplicaPlacer } from './replica-placement.js';

/** Rack index of each node for racks of the given sizes. */
function racksOf(...sizes: number[]): number[] {
  return sizes.flatMap((size, rack) => new Array<number>(size).fill(rack));
}

describe('rack-aware replica placement', () => {
  const racks = racksOf(5, 5, 5);
  const placer = new ReplicaPlacer(racks);

  it('puts every replica of a block on a different node', () => {
    const rng = new Random(7);
    for (let i = 0; i < 500; i++) {
      const nodes = placer.place(3, rng);
      expect(nodes).toHaveLength(3);
      expect(new Set(nodes).size).toBe(3);
    }
  });

  it('writes into a column the replicas place would return from the same draws', () => {
    const column = new Int32Array(12);
    const into = new Random(9);
    const fresh = new Random(9);
    let at = 0;
    for (const replication of [3, 1, 2, 5]) at += placer.placeInto(replication, into, column, at);
    const expected = [3, 1, 2, 5].flatMap((replication) => placer.place(replication, fresh));
    expect(at).toBe(11);
    expect(Array.from(column.subarray(0, at))).toEqual(expected);
  });

  it('puts the second replica on another rack than the first when there are two racks or more', () => {
    const rng = new Random(8);
    for (let i = 0; i < 500; i++) {
      const [a, b] = placer.place(3, rng);
      expect(racks[b]).not.toBe(racks[a]);
    }
  });

  it("puts the third replica on the second's rack", () => {
    const rng = new Random(9);
    for (let i = 0; i < 500; i++) {
      const [, b, c] = placer.place(3, rng);
      expect(racks[c]).toBe(racks[b]);
    }
  });

  it('puts further replicas on distinct nodes anywhere', () => {
    const rng = new Random(10);
    const nodes = placer.place(6, rng);
    expect(new Set(nodes).size).toBe(6);
  });

  it('is deterministic: the same seed places the same blocks the same way', () => {
    const run = (seed: number) => {
      const rng = new Random(seed);
      return Array.from({ length: 100 }, () => placer.place(3, rng));
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it('spreads first replicas over every node', () => {
    const rng = new Random(11);
    const firsts = new Set(Array.from({ length: 2000 }, () => placer.place(3, rng)[0]));
    expect(firsts.size).toBe(15);
  });

  it('gives the first replica to the writer when there is one', () => {
    const rng = new Random(12);
    for (let writer = 0; writer < 15; writer++) expect(placer.place(3, rng, writer)[0]).toBe(writer);
  });

  it('falls back to distinct nodes of the only rack when there is one rack', () => {
    const one = new ReplicaPlacer(racksOf(4));
    const rng = new Random(13);
    for (let i = 0; i < 100; i++) expect(new Set(one.place(3, rng)).size).toBe(3);
  });

  it("places the third replica elsewhere when the second's rack has no other node", () => {
    // Rack 0 has four nodes, rack 1 only node 4: with the first replica on
    // rack 0, the second must be node 4, and the third cannot share its rack.
    const lopsided = new ReplicaPlacer(racksOf(4, 1));
    const rng = new Random(14);
    for (let i = 0; i < 100; i++) {
      const nodes = lopsided.place(3, rng, 0);
      expect(nodes[1]).toBe(4);
      expect(new Set(nodes).size).toBe(3);
    }
  });

  it('gives fewer replicas than asked only when the cluster has fewer nodes', () => {
    const rng = new Random(15);
    expect(new ReplicaPlacer(racksOf(1)).place(3, rng)).toEqual([0]);
    expect(new Set(new ReplicaPlacer(racksOf(1, 1)).place(3, rng)).size).toBe(2);
    expect(new ReplicaPlacer(racksOf(2, 2)).place(0, rng)).toEqual([]);
  });

  it('keeps its rules on any topology (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer(),
        (sizes, replication, seed) => {
          const topology = racksOf(...sizes);
          const nodes = new ReplicaPlacer(topology).place(replication, new Random(seed));
          expect(nodes).toHaveLength(Math.min(replication, topology.length));
          expect(new Set(nodes).size).toBe(nodes.length);
          if (nodes.length >= 2 && sizes.length >= 2) expect(topology[nodes[1]]).not.toBe(topology[nodes[0]]);
          if (nodes.length >= 3 && topology[nodes[0]] !== topology[nodes[1]] && sizes[topology[nodes[1]]] >= 2) {
            expect(topology[nodes[2]]).toBe(topology[nodes[1]]);
          }
        },
      ),
    );
  });
  it('draws a node off a rack that holds nearly every node as listing the candidates would: uniformly among them, none twice', () => {
    // 97 nodes on rack 0 (nodes 0–96), 3 on rack 1 (nodes 97–99), replication 3: the 32 tries for a node off rack 0
    // fail about 38% of the time. The second replica of a block first placed on rack 0 is one of rack 1's three, each as likely.
    const skewed = new ReplicaPlacer(racksOf(97, 3));
    const rng = new Random(11);
    const seen = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const [a, b, c] = skewed.place(3, rng);
      expect(new Set([a, b, c]).size).toBe(3);
      if (a >= 97) continue;
      expect(b).toBeGreaterThanOrEqual(97);
      expect(c).toBeGreaterThanOrEqual(97); // the third on the second's rack
      seen.set(b, (seen.get(b) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([97, 98, 99]);
    const counts = [...seen.values()];
    const total = counts.reduce((sum, n) => sum + n, 0);
    for (const n of counts) expect(Math.abs(n / total - 1 / 3)).toBeLessThan(0.05);
  });

});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FreeSlotOrder } from './free-slot-order.js';

interface Cluster {
  costs: number[];
  nodes: { alive: boolean; freeReduceSlots: number }[];
  tolerance: number;
}

// Costs drawn from a few values (so that nodes tie) or freely, some nodes down, up to 3 free slots each.
const clusters = fc
  .integer({ min: 1, max: 12 })
  .chain((n) =>
    fc.record({
      costs: fc.array(fc.oneof(fc.constantFrom(0, 10, 10.05, 20, 100), fc.double({ min: 0, max: 1000, noNaN: true })), { minLength: n, maxLength: n }),
      nodes: fc.array(fc.record({ alive: fc.boolean(), freeReduceSlots: fc.integer({ min: 0, max: 3 }) }), { minLength: n, maxLength: n }),
      tolerance: fc.constantFrom(0, 0.01, 0.3),
    }),
  );

/** The order of the cluster's costs, sorted, or marked as moved (`costsMoved`) after a sort of other costs. */
function order({ costs, tolerance }: Cluster, sorted = true): FreeSlotOrder {
  const slots = new FreeSlotOrder(costs.length, tolerance);
  if (sorted) {
    slots.costs.set(costs);
    slots.sort();
  } else {
    slots.costs.set(costs.map((_, v) => -v));
    slots.sort();
    slots.costs.set(costs);
    slots.costsMoved();
  }
  return slots;
}

/** Every free slot as its node, sorted by (cost, node): the list the order stands for. */
function freeList({ costs, nodes }: Cluster): number[] {
  const list = nodes.flatMap((node, v) => (node.alive ? Array<number>(node.freeReduceSlots).fill(v) : []));
  return list.sort((a, b) => costs[a] - costs[b] || a - b);
}

const same = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance * Math.max(a, b);

describe('FreeSlotOrder', () => {
  it.each([
    ['sorted', true],
    ['moved since their last sort', false],
  ])('says a node’s slot is in a block of ranks exactly when sorting every free slot puts its cost there, ties within the tolerance (costs %s)', (_, sorted) => {
    fc.assert(
      fc.property(clusters, fc.integer({ min: 0, max: 11 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 10 }), (cluster, pick, start, count) => {
        const node = pick % cluster.costs.length;
        const c = cluster.costs[node];
        // The node's cost holds ranks below … below + tied − 1 of the sorted free slots.
        const list = freeList(cluster);
        const below = list.filter((v) => !same(cluster.costs[v], c, cluster.tolerance) && cluster.costs[v] < c).length;
        const tied = list.filter((v) => same(cluster.costs[v], c, cluster.tolerance)).length;
        expect(order(cluster, sorted).inBlock(node, cluster, start, count)).toBe(below < start + count && below + tied > start);
      }),
      { numRuns: 500 },
    );
  });

  it('finds the node of the free slot of each rank (sorting moved costs first), and counts the free slots up to a limit', () => {
    fc.assert(
      fc.property(clusters, fc.boolean(), fc.integer({ min: 1, max: 40 }), (cluster, sorted, limit) => {
        const list = freeList(cluster);
        const slots = order(cluster, sorted);
        list.forEach((node, rank) => expect(slots.nodeAtRank(rank, cluster)).toBe(node));
        expect(() => slots.nodeAtRank(list.length, cluster)).toThrow(RangeError);
        const counted = slots.freeSlots(cluster, limit);
        if (list.length < limit) expect(counted).toBe(list.length);
        else expect(counted).toBeGreaterThanOrEqual(limit);
      }),
    );
  });

  it('counts costs within the tolerance of the larger as the same, 0 and 0 included', () => {
    const slots = new FreeSlotOrder(4, 0.01);
    slots.costs.set([100, 100.9, 101.1, 0]);
    // |100 − 100.9| = 0.9 ≤ 0.01 · 100.9; |100 − 101.1| = 1.1 > 1.011
    expect(slots.sameCost(0, 1)).toBe(true);
    expect(slots.sameCost(0, 2)).toBe(false);
    expect(slots.sameCost(3, 3)).toBe(true);
  });
});

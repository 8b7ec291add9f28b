import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../input/resolve-scenario.js';
import { base } from '../../test-support/scenario-files.js';
import { accumulatedHopDistance } from './accumulated-distance.js';
import { clusterTopology, nodeHopDistances, reduceSlotCosts } from './cluster-topology.js';

// core ─ agg1 (40 Gbps) ─ r1 (10 Gbps) ─ a, b (1 Gbps each, 2 reduce slots each)
//   └─── r2 (20 Gbps) ─ c (1 Gbps, 1 reduce slot)
const scenario = resolveScenario(
  base({
    cluster: {
      switches: [{ id: 'agg1', uplinkBandwidth: '40 Gbps' }],
      racks: [
        { id: 'r1', switch: 'agg1', nodes: [{ id: 'a' }, { id: 'b' }] },
        { id: 'r2', uplinkBandwidth: '20 Gbps', nodes: [{ id: 'c', reduceSlots: 1 }] },
      ],
      defaults: { mapSlots: 2, reduceSlots: 2, bandwidth: '1 Gbps' },
    },
  }),
  'code',
);

describe("a cluster's topology", () => {
  it('hangs the nodes off their rack switches: hops between nodes as the simulator counts them', () => {
    // a–b: a → r1 → b = 2; a–c: a → r1 → agg1 → core → r2 → c = 5. H(a) = H(b) = 0 + 2 + 5 = 7; H(c) = 5 + 5 = 10.
    expect([...nodeHopDistances(scenario.cluster, 'hops')]).toEqual([7, 7, 10]);
    const tree = clusterTopology(scenario.cluster, 'hops');
    expect(tree.vertices).toEqual(['core', 'agg1', 'r1', 'r2', 'a', 'b', 'c']);
    expect([...tree.isHost]).toEqual([0, 0, 0, 0, 1, 1, 1]);
  });

  it('sums over every vertex, switches too, when asked', () => {
    // H(a) over all: core 3, agg1 2, r1 1, r2 4, a 0, b 2, c 5 = 17.
    expect(nodeHopDistances(scenario.cluster, 'hops', 'all')[0]).toBe(17);
    expect(accumulatedHopDistance(clusterTopology(scenario.cluster, 'hops'), 'all')[0]).toBe(
      // core: agg1 1, r1 2, r2 1, a 3, b 3, c 2.
      12,
    );
  });

  it('weighs links by bandwidth, the fastest (40 Gbps) weighing 1', () => {
    // Node links 40/1 = 40; r1–agg1 40/10 = 4; agg1–core 1; r2–core 40/20 = 2.
    // a–b = 80; a–c = 40 + 4 + 1 + 2 + 40 = 87. H(a) = H(b) = 167, H(c) = 174.
    expect([...nodeHopDistances(scenario.cluster, 'bandwidth')]).toEqual([167, 167, 174]);
  });

  it("gives every reduce slot its node's cost", () => {
    const slots = reduceSlotCosts(scenario.cluster, nodeHopDistances(scenario.cluster, 'hops'));
    expect([...slots.node]).toEqual([0, 0, 1, 1, 2]);
    expect([...slots.cost]).toEqual([7, 7, 7, 7, 10]);
  });
});

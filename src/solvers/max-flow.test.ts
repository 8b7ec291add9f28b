import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FlowNetworkBuilder, type FlowNetwork } from './max-flow.js';

interface Arc {
  from: number;
  to: number;
  capacity: number;
}

const graphs = fc.integer({ min: 2, max: 9 }).chain((nodes) =>
  fc.record({
    nodes: fc.constant(nodes),
    arcs: fc.array(
      fc.record({ from: fc.nat(nodes - 1), to: fc.nat(nodes - 1), capacity: fc.integer({ min: 0, max: 6 }) }),
      { maxLength: 30 },
    ),
  }),
);

function networkOf(nodes: number, arcs: readonly Arc[]): FlowNetwork {
  const builder = new FlowNetworkBuilder(nodes, 2);
  for (const arc of arcs) builder.addArc(arc.from, arc.to, arc.capacity);
  return builder.build();
}

/** Capacity of the arcs from `side` (1) to the rest (0), summed from the test's own arc list. */
function cutCapacityOf(arcs: readonly Arc[], side: Uint8Array): number {
  return arcs.reduce((sum, arc) => (side[arc.from] === 1 && side[arc.to] === 0 ? sum + arc.capacity : sum), 0);
}

/** Net flow out of each node, from the flows on the added arcs. */
function netOutflow(network: FlowNetwork, nodes: number, arcs: readonly Arc[]): number[] {
  const net = new Array<number>(nodes).fill(0);
  arcs.forEach((arc, i) => {
    net[arc.from] += network.flowOn(i);
    net[arc.to] -= network.flowOn(i);
  });
  return net;
}

describe('FlowNetwork.maxFlow', () => {
  it('sends 23 on the textbook network (CLRS figure 26.6)', () => {
    // s=0, v1..v4 = 1..4, t=5; the cut {s, v1, v2, v4} has capacity 12 + 7 + 4 = 23.
    const network = networkOf(6, [
      { from: 0, to: 1, capacity: 16 },
      { from: 0, to: 2, capacity: 13 },
      { from: 2, to: 1, capacity: 4 },
      { from: 1, to: 3, capacity: 12 },
      { from: 3, to: 2, capacity: 9 },
      { from: 2, to: 4, capacity: 14 },
      { from: 4, to: 3, capacity: 7 },
      { from: 3, to: 5, capacity: 20 },
      { from: 4, to: 5, capacity: 4 },
    ]);
    expect(network.maxFlow(0, 5)).toBe(23);
    expect([...network.minCutSide(0)]).toEqual([1, 1, 1, 0, 1, 0]);
  });

  it('is certified: the flow respects capacities and conservation, and equals the capacity of an s–t cut (max-flow = min-cut)', () => {
    fc.assert(
      fc.property(graphs, ({ nodes, arcs }) => {
        const network = networkOf(nodes, arcs);
        const value = network.maxFlow(0, nodes - 1);
        arcs.forEach((arc, i) => {
          expect(network.flowOn(i)).toBeGreaterThanOrEqual(0);
          expect(network.flowOn(i)).toBeLessThanOrEqual(arc.capacity);
        });
        const net = netOutflow(network, nodes, arcs);
        for (let v = 1; v < nodes - 1; v++) expect(net[v]).toBe(0);
        expect(net[0]).toBe(value);
        // A feasible flow as large as some cut's capacity is maximum; the cut is summed here, not by the network.
        const side = network.minCutSide(0);
        expect(side[0]).toBe(1);
        expect(side[nodes - 1]).toBe(0);
        expect(cutCapacityOf(arcs, side)).toBe(value);
        expect(network.cutCapacity(side)).toBe(value);
      }),
    );
  });

  it('resumed after raising capacities, reaches the same value as a fresh solve', () => {
    fc.assert(
      fc.property(graphs, fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 30 }), ({ nodes, arcs }, raises) => {
        const network = networkOf(nodes, arcs);
        network.maxFlow(0, nodes - 1);
        const raised = arcs.map((arc, i) => ({ ...arc, capacity: arc.capacity + (raises[i] ?? 0) }));
        raised.forEach((arc, i) => network.setCapacity(i, arc.capacity));
        network.maxFlow(0, nodes - 1);
        expect(network.value).toBe(networkOf(nodes, raised).maxFlow(0, nodes - 1));
      }),
    );
  });

  it('refuses a capacity below the flow already on the arc, and capacities that are negative or not finite', () => {
    const network = networkOf(2, [{ from: 0, to: 1, capacity: 3 }]);
    network.maxFlow(0, 1);
    expect(() => network.setCapacity(0, 2)).toThrow(RangeError);
    expect(() => network.setCapacity(0, Infinity)).toThrow(RangeError);
    const builder = new FlowNetworkBuilder(2);
    expect(() => builder.addArc(0, 1, -1)).toThrow(RangeError);
    expect(() => builder.addArc(0, 1, Infinity)).toThrow(RangeError);
    expect(() => builder.addArc(0, 1, Number.NaN)).toThrow(RangeError);
    expect(() => builder.addArc(0, 2, 1)).toThrow(RangeError);
  });
});

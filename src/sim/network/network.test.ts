import { describe, expect, it } from 'vitest';
import { testScenario } from '../../test-support/scenario.js';
import { TreeNetwork } from './network.js';

// n0, n1 on rack r1 and n2 on rack r2 (both under the core), n3 on r3 under a switch `agg` under the core.
// Resources: disks 0–3, links up 4–7, links down 8–11; switch s (core 0, r1 1, r2 2, agg 3, r3 4) up 12 + 2s, down 13 + 2s.
const base = testScenario({ nodes: [{}, {}, { rack: 'r2' }, { rack: 'r3' }], jobs: [] }).cluster;
const cluster = {
  ...base,
  switches: [
    { id: 'core', parent: null, uplinkBandwidth: Infinity },
    { id: 'r1', parent: 'core', uplinkBandwidth: 10 },
    { id: 'r2', parent: 'core', uplinkBandwidth: 10 },
    { id: 'agg', parent: 'core', uplinkBandwidth: 40 },
    { id: 'r3', parent: 'agg', uplinkBandwidth: 20 },
  ],
};
const network = new TreeNetwork(cluster);

function route(from: number, to: number): number[] {
  const out = new Int32Array(16);
  return Array.from(out.subarray(0, network.route(from, to, out)));
}

describe('the tree network as resources', () => {
  it('has each node disk and link directions, and each switch uplink both ways, the root unbounded', () => {
    expect(Array.from(network.capacities)).toEqual([100, 100, 100, 100, 10, 10, 10, 10, 10, 10, 10, 10, Infinity, Infinity, 10, 10, 10, 10, 40, 40, 20, 20]);
  });

  it('routes a transfer over the source disk, up to the common switch and down to the target', () => {
    expect(route(1, 1)).toEqual([1]);
    expect(route(0, 1)).toEqual([0, 4, 9]);
    expect(route(0, 2)).toEqual([0, 4, 14, 17, 10]);
    // n3 → n0: up r3 (20), up agg (18), down r1 (15), into n0.
    expect(route(3, 0)).toEqual([3, 7, 20, 18, 15, 8]);
    expect(route(0, 3)).toEqual([0, 4, 14, 19, 21, 11]);
  });
});

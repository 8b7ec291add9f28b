import { describe, expect, it } from 'vitest';
import { Random } from '../../util/random.js';
import { testScenario } from '../../test-support/scenario.js';
import { ClusterState } from '../cluster-state.js';
import { MAX_ROUTE } from './max-min-sharing.js';
import { TreeNetwork } from './network.js';
import { WritePipeline } from './write-pipeline.js';

// r1: n0, n1; r2: n2, n3, n4.
const cluster = testScenario({ nodes: ['r1', 'r1', 'r2', 'r2', 'r2'].map((rack) => ({ rack })), jobs: [] }).cluster;
const network = new TreeNetwork(cluster);

function pipeline(replication: number, seed = 1, state = new ClusterState(cluster, 1, () => 0)): WritePipeline {
  return new WritePipeline(network, state, replication, new Random(seed));
}

/** The nodes whose disks a route crosses, in order. */
function disksOn(route: Int32Array, length: number): number[] {
  const disks: number[] = [];
  for (let k = 0; k < length; k++) for (let node = 0; node < 5; node++) if (route[k] === network.disk(node)) disks.push(node);
  return disks;
}

describe('an HDFS write pipeline', () => {
  it('puts the second replica on another rack and the third beside the second, and routes through each in turn', () => {
    const route = new Int32Array(MAX_ROUTE);
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const length = pipeline(3, seed).route(0, route);
      const [writer, second, third] = disksOn(route, length);
      expect(writer).toBe(0);
      expect(cluster.nodes[second].rack).toBe('r2');
      expect(cluster.nodes[third].rack).toBe('r2');
      expect(third).not.toBe(second);
      seen.add(`${second}-${third}`);
      // n0's disk, n0 up, r1 up, r2 down, into the second, its disk, out of it, into the third, its disk.
      const hop = new Int32Array(MAX_ROUTE);
      const first = network.route(0, second, hop);
      const expected = [...hop.subarray(0, first), network.disk(second), network.linkOutOf(second)];
      const inRack = network.route(second, third, hop);
      expected.push(...hop.subarray(2, inRack), network.disk(third));
      expect(Array.from(route.subarray(0, length))).toEqual(expected);
      expect(length).toBe(9);
    }
    // The choice is random: every ordered pair of r2's nodes turns up.
    expect(seen.size).toBe(6);
  });

  it('writes only to the local disk at replication 1, and leaves out nodes that are down', () => {
    const route = new Int32Array(MAX_ROUTE);
    expect(Array.from(route.subarray(0, pipeline(1).route(3, route)))).toEqual([network.disk(3)]);
    const state = new ClusterState(cluster, 1, () => 0);
    state.nodes[3].alive = false;
    state.nodes[4].alive = false;
    // r2 has only n2 left: the second replica there, the third on r1's other node (no other choice).
    for (let seed = 1; seed <= 10; seed++) expect(disksOn(route, pipeline(3, seed, state).route(0, route))).toEqual([0, 2, 1]);
    // Every other node down: the writer's disk alone.
    state.nodes[1].alive = false;
    state.nodes[2].alive = false;
    expect(disksOn(route, pipeline(3, 1, state).route(0, route))).toEqual([0]);
  });

  it('keeps within the rack when the cluster has one', () => {
    const oneRack = testScenario({ nodes: [{}, {}, {}], jobs: [] }).cluster;
    const write = new WritePipeline(new TreeNetwork(oneRack), new ClusterState(oneRack, 1, () => 0), 3, new Random(1));
    const route = new Int32Array(MAX_ROUTE);
    const oneRackNetwork = new TreeNetwork(oneRack);
    const disks = Array.from(route.subarray(0, write.route(1, route))).filter((resource) => [0, 1, 2].some((n) => oneRackNetwork.disk(n) === resource));
    expect(new Set(disks).size).toBe(3);
    expect(disks[0]).toBe(oneRackNetwork.disk(1));
  });

  it('takes alone as long as its narrowest resource: the slowest of the disks and links', () => {
    // Disks 100 B/s, node links 10 B/s, rack uplinks 10 B/s (the test cluster's defaults).
    expect(pipeline(3).aloneSeconds(100, 0)).toBe(10);
    expect(pipeline(1).aloneSeconds(100, 0)).toBe(1);
    expect(pipeline(3).aloneSeconds(0, 0)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { testScenario } from '../../test-support/scenario.js';
import { BatchSplitter, PART_DROPPED } from './batch-parts.js';
import { TreeNetwork } from './network.js';
import { LEAST_LOAD, PartRoute } from './part-route.js';

const fetch = { task: 0, attempt: 0, node: 0 };

function split(copies: number, bytesBySource: [number, number][]) {
  const splitter = new BatchSplitter(8, copies);
  for (const [node, bytes] of bytesBySource) splitter.add(node, bytes);
  return splitter.split(fetch);
}

describe("a reduce's batch in parts", () => {
  it('fetches each source node in its own part when there are no more than the parallel copies', () => {
    const parts = split(5, [
      [1, 10],
      [2, 20],
      [1, 5],
    ]);
    expect(parts.map((p) => [p.nodes, p.left]).sort()).toEqual([
      [[1], [15]],
      [[2], [20]],
    ]);
  });

  it('deals more source nodes among the parallel copies, every byte in one part', () => {
    const parts = split(
      2,
      [1, 2, 3, 4, 5].map((node) => [node, node]),
    );
    expect(parts).toHaveLength(2);
    expect(parts.flatMap((p) => p.nodes).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(parts.reduce((sum, p) => sum + p.bytes(), 0)).toBe(15);
  });

  it('moves the batch as one flow standing for every copy when no part has a source carrying a tenth of it', () => {
    const splitter = new BatchSplitter(64, 5);
    for (let node = 0; node < 60; node++) splitter.add(node, 100);
    const [part, ...others] = splitter.split(fetch);
    expect(others).toEqual([]);
    expect([part.streams, part.nodes.length, part.bytes()]).toEqual([5, 60, 6000]);
  });

  it('keeps the parts apart when a source carries a tenth of its part', () => {
    const splitter = new BatchSplitter(64, 5);
    // Dealt in turn, node 0 lands in the first part with 11 others of 100 bytes: 200 of 1,300.
    for (let node = 0; node < 60; node++) splitter.add(node, node === 0 ? 200 : 100);
    const parts = splitter.split(fetch);
    expect(parts.map((p) => [p.streams, p.nodes.length])).toEqual(Array.from({ length: 5 }, () => [1, 12]));
  });

  it('starts afresh after a split', () => {
    const splitter = new BatchSplitter(8, 5);
    splitter.add(3, 7);
    splitter.split(fetch);
    expect(splitter.split(fetch)).toEqual([]);
  });

  it('drops a failed source, keeping what the flow moved of the others in proportion', () => {
    const [part] = split(1, [
      [1, 30],
      [2, 10],
    ]);
    // Half the flow moved: 15 of node 1's, 5 of node 2's. Node 2 fails: node 1 owes 15 more.
    expect(part.dropSource(2, 20)).toBe(true);
    expect([part.nodes, part.left, part.movedBefore(), part.bytes()]).toEqual([[1], [15], 15, 30]);
    expect(part.dropSource(1, 0)).toBe(false);
    expect(part.state).toBe(PART_DROPPED);
  });
});

describe("a part's route", () => {
  // r1: n0 (the reducer), n1, n2; r2: n3. Resources: disks 0–3, links up 4–7, down 8–11, core 12–13, r1 14–15, r2 16–17.
  const cluster = testScenario({ nodes: [{}, {}, {}, { rack: 'r2' }], jobs: [] }).cluster;
  const route = new PartRoute(new TreeNetwork(cluster));
  const loads = () => new Map(Array.from(route.resources.subarray(0, route.length), (r, k) => [r, route.weights[k]]));

  it('loads each resource by the share of the bytes crossing it', () => {
    route.build([3, 1, 0], [50, 30, 20], 100, 0, 1);
    // n3's half comes up r2 and down r1; n1's and n3's bytes (80%) come into n0; n0's own fifth is read from its disk.
    expect(loads()).toEqual(
      new Map([
        [3, 0.5],
        [7, 0.5],
        [16, 0.5],
        [15, 0.5],
        [8, 0.8],
        [1, 0.3],
        [5, 0.3],
        [0, 0.2],
      ]),
    );
  });

  it('weighs a flow standing for several streams as that many flows of its route', () => {
    route.build([3, 1, 0], [50, 30, 20], 100, 0, 5);
    expect(loads().get(8)).toBe(4);
    expect(loads().get(0)).toBe(1);
  });

  it('leaves off what carries less than the least load', () => {
    const light = LEAST_LOAD / 2;
    route.build([1, 2], [1 - light, light], 1, 0, 1);
    expect([...loads().keys()].sort((a, b) => a - b)).toEqual([1, 5, 8]);
  });
});

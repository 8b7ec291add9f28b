import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputErrorFrom } from '../../test-support/input-error.js';
import { TRACES } from '../../test-support/traces.js';
import { resolveSlsOptions } from './sls-options.js';
import { TOPOLOGY_SEEN, readSlsTopology } from './sls-topology.js';

const DEFAULTS = resolveSlsOptions({});

function topologyFile(racks: readonly unknown[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'sls-topo-')), 'nodes.json');
  writeFileSync(path, racks.map((rack) => JSON.stringify(rack)).join('\n'));
  return path;
}

async function problemsOf(path: string) {
  return (await inputErrorFrom(readSlsTopology(path, DEFAULTS))).problems;
}

describe('readSlsTopology', () => {
  it('reads the real topology: rack1, four nodes, containers by min(memory / 1024, vcores / 1)', async () => {
    const topology = await readSlsTopology(TRACES.slsTopology, DEFAULTS);
    // node1 min(2048/1024, 6) = 2; node2, node3 the defaults min(10240/1024, 10) = 10; node4 min(6144/1024, 12) = 6.
    expect(topology.racks).toEqual([
      {
        id: 'rack1',
        nodes: [
          { id: 'node1', containers: 2, memoryMb: 2048, vcores: 6 },
          { id: 'node2', containers: 10, memoryMb: 10240, vcores: 10 },
          { id: 'node3', containers: 10, memoryMb: 10240, vcores: 10 },
          { id: 'node4', containers: 6, memoryMb: 6144, vcores: 12 },
        ],
      },
    ]);
    expect([...topology.rackOf]).toEqual([
      ['node1', 'rack1'],
      ['node2', 'rack1'],
      ['node3', 'rack1'],
      ['node4', 'rack1'],
    ]);
    expect(topology.tally.examplesOf(TOPOLOGY_SEEN.labels)).toEqual(['node3', 'node4']);
  });

  it('takes a missing memory-mb or vcores from the NodeManager defaults, and the container size from the options', async () => {
    const path = topologyFile([{ rack: 'r', nodes: [{ node: 'a', vcores: 4 }, { node: 'b', 'memory-mb': 4096 }, { node: 'c', 'memory-mb': '8192', vcores: '16' }] }]);
    const topology = await readSlsTopology(path, resolveSlsOptions({ containerMemoryMb: 2048, containerVcores: 2 }));
    // a: min(10240/2048, 4/2) = min(5, 2) = 2; b: min(4096/2048, 10/2) = min(2, 5) = 2; c: min(8192/2048, 16/2) = min(4, 8) = 4.
    expect(topology.racks[0].nodes).toEqual([
      { id: 'a', containers: 2, memoryMb: 10240, vcores: 4 },
      { id: 'b', containers: 2, memoryMb: 4096, vcores: 10 },
      { id: 'c', containers: 4, memoryMb: 8192, vcores: 16 },
    ]);
    expect(topology.tally.count(TOPOLOGY_SEEN.partialResources)).toBe(2);
  });

  it('adds the nodes of two objects naming the same rack to one rack', async () => {
    const path = topologyFile([
      { rack: 'r1', nodes: [{ node: 'a' }] },
      { rack: 'r2', nodes: [{ node: 'b' }] },
      { rack: 'r1', nodes: [{ node: 'c' }] },
    ]);
    const topology = await readSlsTopology(path, DEFAULTS);
    expect(topology.racks.map((r) => [r.id, r.nodes.map((n) => n.id)])).toEqual([
      ['r1', ['a', 'c']],
      ['r2', ['b']],
    ]);
  });

  it('refuses a node name given twice, a node too small for one container, a rack named core and a node without a name', async () => {
    const path = topologyFile([
      { rack: 'r1', nodes: [{ node: 'a' }, { node: 'tiny', 'memory-mb': 512 }] },
      { rack: 'r2', nodes: [{ node: 'a' }, { vcores: 2 }] },
      { rack: 'core', nodes: [] },
    ]);
    // One rack a line. Line 1 is {"rack":"r1","nodes":[{"node":"a"},{"node":"tiny","memory-mb":512}]}: nodes[0]
    // opens in column 23 and closes in 34, a comma, nodes[1] opens in 36. Line 2 alike: its nodes[0].node value
    // "a" is in column 31, its nodes[1] (which lacks a node) opens in 36. Line 3: {"rack":"core" has "core" in 9.
    expect(await problemsOf(path)).toEqual([
      {
        path: 'rack 1 (r1).nodes[1]',
        line: 1,
        column: 36,
        expected: 'room for at least one container of 1024 MB and 1 vcore',
        found: '512 MB and 10 vcores',
      },
      { path: 'rack 2 (r2).nodes[0].node', line: 2, column: 31, expected: 'a node name not given before in the topology', found: "'a' again" },
      {
        path: 'rack 2 (r2).nodes[1].node',
        line: 2,
        column: 36,
        expected: 'a node name (a non-empty string without control or bidirectional formatting characters)',
        found: 'nothing (the field is missing)',
      },
      {
        path: 'rack 3 (core).rack',
        line: 3,
        column: 9,
        expected: "a rack name other than 'core' (the name of the cluster's root switch)",
        found: "'core'",
      },
    ]);
  });

  it('refuses resources that are not whole numbers, a missing node list, and a topology without nodes', async () => {
    // Line 1 is {"rack":"r","nodes":[{"node":"a","vcores":"six"}]}: "six" in column 43; line 2, {"rack":"s"}, lacks nodes.
    expect(await problemsOf(topologyFile([{ rack: 'r', nodes: [{ node: 'a', vcores: 'six' }] }, { rack: 's' }]))).toEqual([
      { path: 'rack 1 (r).nodes[0].vcores', line: 1, column: 43, expected: 'a whole number ≥ 0', found: "'six'" },
      { path: 'rack 2 (s).nodes', line: 2, column: 1, expected: 'a list of nodes', found: 'nothing (the field is missing)' },
    ]);
    expect(await problemsOf(topologyFile([{ rack: 'r', nodes: [] }]))).toEqual([{ path: '', expected: 'at least one node', found: 'none' }]);
  });
});

describe('resolveSlsOptions', () => {
  it("defaults to SLS's NodeManager (10240 MB, 10 vcores) and containers (1024 MB, 1 vcore): 10 containers a node", () => {
    expect(DEFAULTS).toEqual({
      topology: undefined,
      skipInvalid: false,
      nodeMemoryMb: 10240,
      nodeVcores: 10,
      containerMemoryMb: 1024,
      containerVcores: 1,
      containers: 10, // min(10240 / 1024, 10 / 1)
      containersGiven: false,
      overheads: 'recorded',
      resources: false,
    });
    // 10240 / 4096 = 2.5 → 2, 10 / 1 = 10: min 2.
    expect(resolveSlsOptions({ containerMemoryMb: 4096 }).containers).toBe(2);
  });

  it('refuses options that are not whole numbers ≥ 1, naming each', () => {
    expect(() => resolveSlsOptions({ containers: 0, containerVcores: 1.5 })).toThrow(
      /SLS import options: 2 problems\n {2}SLS import options: containerVcores: expected a whole number ≥ 1, found 1\.5\n {2}SLS import options: containers: expected a whole number ≥ 1, found 0/,
    );
  });

  it('takes overheads recorded or none, and names any other value', () => {
    expect(resolveSlsOptions({ overheads: 'none' }).overheads).toBe('none');
    expect(() => resolveSlsOptions({ overheads: 'all' as 'none' })).toThrow(/SLS import options: overheads: expected recorded or none, found 'all'/);
  });

  it('refuses default nodes too small for one container unless containers is given', () => {
    expect(() => resolveSlsOptions({ nodeMemoryMb: 512 })).toThrow(/nodeMemoryMb: expected a default node that holds at least one container/);
    expect(resolveSlsOptions({ nodeMemoryMb: 512, containers: 3 }).containers).toBe(3);
  });
});

/**
 * The cluster: the checks of node settings and ids on the racks and nodes
 * laid out from the file (cluster-layout.ts), and each node resolved from the
 * cluster defaults, its rack and its own entry, the most specific winning.
 * The switches above the racks are resolved in resolve-switches.ts.
 */
import type { Cluster, ClusterNode } from '../model/cluster.js';
import { containersOf, type Resources } from '../model/resources.js';
import { layoutCluster, type NodeSlot } from './cluster-layout.js';
import { has, isObj, objects, str, type Obj } from './lenient-access.js';
import type { Path } from './problem-path.js';
import type { Random } from '../util/random.js';
import { checkSwitches, resolveSwitches } from './resolve-switches.js';
import type { ParsedScenarioFile, PathProblem } from './scenario-file.js';

/** Built-in node settings, used where neither the cluster defaults, the rack nor the node set one. */
const NODE_DEFAULTS = {
  mapSlots: 2,
  reduceSlots: 2,
  speed: 1,
  diskReadRate: 100 * 2 ** 20,
  bandwidth: 1e9 / 8,
} as const;

// ==================================================================== checks

function checkNodeSettings(level: Obj, path: Path, problems: PathProblem[]): void {
  if (has(level, 'speed') && has(level, 'speeds')) {
    problems.push({ path: [...path, 'speeds'], expected: 'either speed or speeds, not both', found: 'both' });
  }
  if (has(level, 'containers') && (has(level, 'mapSlots') || has(level, 'reduceSlots'))) {
    problems.push({
      path: [...path, 'containers'],
      expected: 'either containers (unified slots) or mapSlots/reduceSlots (split slots), not both',
      found: 'both',
    });
  }
  const resource = RESOURCE_FIELDS.find((k) => has(level, k));
  const slots = ['containers', 'mapSlots', 'reduceSlots'].filter((k) => has(level, k));
  if (resource !== undefined && slots.length > 0) {
    problems.push({
      path: [...path, resource],
      expected: 'either memory and vcores (a resource node) or slots (containers, mapSlots/reduceSlots), not both',
      found: `${resource} and ${slots.join(' and ')}`,
    });
  }
}

/** Checks of the cluster section; returns the node ids when they can be known. */
export function checkCluster(cluster: Obj, problems: PathProblem[]): Set<string> {
  const hasRacks = has(cluster, 'racks');
  const hasGenerate = has(cluster, 'generate');
  if (hasRacks === hasGenerate) {
    problems.push({
      path: ['cluster'],
      expected: 'exactly one of racks (explicit) and generate (shorthand)',
      found: hasRacks ? 'both' : 'neither',
    });
  }
  if (isObj(cluster.defaults)) checkNodeSettings(cluster.defaults, ['cluster', 'defaults'], problems);
  if (isObj(cluster.generate)) checkNodeSettings(cluster.generate, ['cluster', 'generate'], problems);
  objects(cluster.racks).forEach((rack, r) => {
    checkNodeSettings(rack, ['cluster', 'racks', r], problems);
    objects(rack.nodes).forEach((entry, e) => {
      const path = ['cluster', 'racks', r, 'nodes', e];
      checkNodeSettings(entry, path, problems);
      if (has(entry, 'id') && typeof entry.count === 'number' && entry.count > 1) {
        problems.push({
          path: [...path, 'id'],
          expected: 'no id on an entry with count > 1 (their ids are generated)',
          found: `id '${String(entry.id)}' with count ${entry.count}`,
        });
      }
    });
  });

  const { racks, nodes } = layoutCluster(cluster);
  const switches = checkSwitches(cluster, racks, problems);

  // Racks: unique ids, distinct from switch ids, and a switch above that exists.
  const rackSeen = new Set<string>();
  racks.forEach((rack) => {
    const idPath = rack.explicitId ? [...rack.path, 'id'] : rack.path;
    if (rackSeen.has(rack.id) || switches.isSwitch(rack.id)) {
      problems.push({
        path: idPath,
        expected: 'a rack id unique among racks and switches',
        found: rackSeen.has(rack.id) ? `'${rack.id}' again` : `'${rack.id}', also a switch id`,
      });
    }
    rackSeen.add(rack.id);
    const parent = str(rack.settings, 'switch');
    if (parent !== undefined && !switches.isSwitch(parent)) {
      problems.push({
        path: [...rack.path, 'switch'],
        expected: `a declared switch (${switches.listed()})`,
        found: `'${parent}'`,
      });
    }
  });

  // Nodes: unique ids.
  const nodeIds = new Set<string>();
  nodes.forEach((node) => {
    if (nodeIds.has(node.id)) {
      problems.push({
        path: node.explicitId ? [...node.path, 'id'] : node.path,
        expected: 'a unique node id',
        found: `'${node.id}' again`,
      });
    }
    nodeIds.add(node.id);
  });
  return nodeIds;
}

// ================================================================ resolution

const RESOURCE_FIELDS = ['memory', 'vcores'] as const;
const SLOT_FIELDS = ['mapSlots', 'reduceSlots', 'containers', ...RESOURCE_FIELDS] as const;
/** yarn.nodemanager.resource.memory-mb and .cpu-vcores defaults, for a resource node that sets only one. */
const NODE_MEMORY = 8192 * 2 ** 20;
const NODE_VCORES = 8;

interface NodeSettingsOut {
  mapSlots?: number;
  reduceSlots?: number;
  containers?: number;
  memory?: number;
  vcores?: number;
  speed?: number;
  speeds?: number[];
  diskReadRate?: number;
  bandwidth?: number;
}

/**
 * The resolved cluster, node speeds drawn from `speedRng` in node order; and
 * the rack index of each node, for replica placement.
 */
export function resolveCluster(file: ParsedScenarioFile['cluster'], speedRng: Random): { cluster: Cluster; nodeRacks: number[] } {
  const layout = layoutCluster(file as unknown as Obj);
  const nodes: ClusterNode[] = layout.nodes.map((slot) => resolveNode(slot, layout.racks[slot.rack].id, speedRng));
  return {
    cluster: { nodes, racks: layout.racks.map((r) => r.id), switches: resolveSwitches(file, layout.racks) },
    nodeRacks: layout.nodes.map((n) => n.rack),
  };
}

/** The index in cluster.nodes of a node id the checks have accepted. */
export function nodeIndexer(cluster: Cluster): (id: string) => number {
  const nodeIndex = new Map(cluster.nodes.map((n, i) => [n.id, i]));
  return (id) => {
    const i = nodeIndex.get(id);
    if (i === undefined) throw new Error(`unknown node '${id}' after checks (a bug)`);
    return i;
  };
}

function lastDefined<K extends keyof NodeSettingsOut>(levels: readonly NodeSettingsOut[], key: K): NodeSettingsOut[K] {
  for (let i = levels.length - 1; i >= 0; i--) if (levels[i][key] !== undefined) return levels[i][key];
  return undefined;
}

function resolveNode(slot: NodeSlot, rack: string, speedRng: Random): ClusterNode {
  const levels = slot.levels as readonly NodeSettingsOut[];
  const slotLevel = [...levels].reverse().find((l) => SLOT_FIELDS.some((k) => l[k] !== undefined));
  let mapSlots: number;
  let reduceSlots: number;
  let totalSlots: number;
  let slotModel: ClusterNode['slotModel'];
  let memory = 0;
  let vcores = 0;
  if (slotLevel !== undefined && RESOURCE_FIELDS.some((k) => slotLevel[k] !== undefined)) {
    // Counted in containers of the minimum allocation once the settings are known (containerCounts).
    slotModel = 'resources';
    mapSlots = reduceSlots = totalSlots = 0;
    memory = lastDefined(levels, 'memory') ?? NODE_MEMORY;
    vcores = lastDefined(levels, 'vcores') ?? NODE_VCORES;
  } else if (slotLevel?.containers !== undefined) {
    slotModel = 'unified';
    mapSlots = reduceSlots = totalSlots = slotLevel.containers;
  } else {
    slotModel = 'split';
    mapSlots = lastDefined(levels, 'mapSlots') ?? NODE_DEFAULTS.mapSlots;
    reduceSlots = lastDefined(levels, 'reduceSlots') ?? NODE_DEFAULTS.reduceSlots;
    totalSlots = mapSlots + reduceSlots;
  }
  const speedLevel = [...levels].reverse().find((l) => l.speed !== undefined || l.speeds !== undefined);
  const speed = speedLevel?.speed ?? (speedLevel?.speeds ? speedRng.pick(speedLevel.speeds) : NODE_DEFAULTS.speed);
  const bandwidth = lastDefined(levels, 'bandwidth') ?? NODE_DEFAULTS.bandwidth;
  return {
    id: slot.id,
    rack,
    mapSlots,
    reduceSlots,
    totalSlots,
    slotModel,
    memory,
    vcores,
    speed,
    diskReadRate: lastDefined(levels, 'diskReadRate') ?? NODE_DEFAULTS.diskReadRate,
    uplink: rack,
    uplinkBandwidth: bandwidth,
  };
}

/**
 * The cluster with each resource node counted in containers of the
 * scheduler's minimum allocation (what slot-minded schedulers and the
 * capacities read); slot nodes unchanged.
 */
export function withContainerCounts(cluster: Cluster, minimumAllocation: Resources): Cluster {
  if (!cluster.nodes.some((node) => node.slotModel === 'resources')) return cluster;
  const nodes = cluster.nodes.map((node) => {
    if (node.slotModel !== 'resources') return node;
    const containers = containersOf(node, minimumAllocation);
    return { ...node, mapSlots: containers, reduceSlots: containers, totalSlots: containers };
  });
  return { ...cluster, nodes };
}


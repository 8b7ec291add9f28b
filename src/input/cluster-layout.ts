/**
 * The cluster laid out from the file (explicit racks, node entries with
 * counts, or the `generate` shorthand): its racks and nodes with their
 * generated ids, before any setting is resolved. The checks of the cluster
 * and of its switches, and their resolution, all work on this layout.
 */
import { count, isObj, objects, str, type Obj } from './lenient-access.js';
import type { Path } from './problem-path.js';

/** One node's place in the cluster, before its settings are resolved. */
export interface NodeSlot {
  readonly id: string;
  readonly rack: number;
  /** Settings from least to most specific: cluster defaults, rack, node entry. */
  readonly levels: readonly Obj[];
  /** Where the node is written (its entry, or the rack for a node count). */
  readonly path: Path;
  /** Whether its id was written out. */
  readonly explicitId: boolean;
}

/** One rack's place in the cluster, before its nodes' settings are resolved. */
export interface RackSlot {
  readonly id: string;
  readonly explicitId: boolean;
  readonly settings: Obj;
  readonly path: Path;
}

/** Racks and nodes with their ids, from the file's cluster (works on unchecked input). */
export function layoutCluster(cluster: Obj): { racks: RackSlot[]; nodes: NodeSlot[] } {
  const defaults = isObj(cluster.defaults) ? cluster.defaults : {};
  let rackEntries: { rack: Obj; path: Path }[];
  if (Array.isArray(cluster.racks)) {
    rackEntries = objects(cluster.racks).map((rack, i) => ({ rack, path: ['cluster', 'racks', i] }));
  } else if (isObj(cluster.generate)) {
    const { racks, nodesPerRack, ...settings } = cluster.generate;
    rackEntries = Array.from({ length: count(racks) ?? 0 }, () => ({
      rack: { ...settings, nodes: nodesPerRack },
      path: ['cluster', 'generate'],
    }));
  } else {
    rackEntries = [];
  }
  const racks: RackSlot[] = [];
  const nodes: NodeSlot[] = [];
  rackEntries.forEach(({ rack, path }, r) => {
    const givenId = str(rack, 'id');
    const id = givenId ?? `rack${r + 1}`;
    const { nodes: nodeSpec, ...settings } = rack;
    racks.push({ id, explicitId: givenId !== undefined, settings, path });
    const entries: { entry: Obj; path: Path; explicit: boolean }[] = [];
    if (Array.isArray(nodeSpec)) {
      objects(nodeSpec).forEach((entry, e) => {
        const times = Math.max(1, count(entry.count) ?? 1);
        for (let k = 0; k < times; k++) entries.push({ entry, path: [...path, 'nodes', e], explicit: times === 1 });
      });
    } else {
      const n = count(nodeSpec) ?? 0;
      for (let k = 0; k < n; k++) entries.push({ entry: {}, path: [...path, 'nodes'], explicit: false });
    }
    const width = Math.max(2, String(entries.length).length);
    entries.forEach(({ entry, path: entryPath, explicit }, k) => {
      const given = explicit ? str(entry, 'id') : undefined;
      nodes.push({
        id: given ?? `${id}-n${String(k + 1).padStart(width, '0')}`,
        rack: r,
        levels: [defaults, settings, entry],
        path: entryPath,
        explicitId: given !== undefined,
      });
    });
  });
  return { racks, nodes };
}

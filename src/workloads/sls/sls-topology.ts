/**
 * An SLS topology file (the `--nodes` file of SLS): one or more objects
 * `{rack, nodes: [{node, memory-mb?, vcores?, labels?}]}` one after another,
 * read as a stream, into racks of nodes with their unified containers.
 *
 * - Each node's containers follow the rule of sls-options.ts: min(⌊memory /
 *   container memory⌋, ⌊vcores / container vcores⌋), a missing memory-mb or
 *   vcores taken from SLS's NodeManager defaults; a node giving neither gets
 *   the `containers` option (by default the same rule on the defaults). A
 *   node too small for one container is a problem: it could run nothing.
 * - `labels` are not used (node labels are not modelled; every node runs any
 *   task); other fields are counted as unused too.
 * - Two objects naming the same rack add to one rack (SLS keeps a set of
 *   `/rack/node` paths); a node name given twice is a problem, since tasks'
 *   hosts are matched to nodes by name.
 * - A rack named `core` is a problem: it is the name of the cluster's root
 *   switch.
 *
 * The topology is configuration, not trace records: `skipInvalid` does not
 * apply, and any problem stops the import, once the file is read, with
 * every problem at its line and column.
 */
import type { InputProblem } from '../../util/input-error.js';
import { ROOT_SWITCH } from '../../input/resolve-switches.js';
import { hasUnsafeCharacter, WITHOUT_UNSAFE_CHARACTERS } from '../../input/text-characters.js';
import { brokenValueProblem, readJsonSequence } from '../json-sequence.js';
import { locateInRecord, RecordProblems } from '../record-problems.js';
import { containersFor, type SlsSettings } from './sls-options.js';
import { Tally } from './tally.js';
import { isJsonObject, jsonPath, problemAt, recordLabel, wholeNumber, type JsonObject } from './sls-values.js';

export interface SlsNode {
  readonly id: string;
  readonly containers: number;
  /** Its memory and vcores, given or SLS's defaults (what a resource cluster gives it). */
  readonly memoryMb: number;
  readonly vcores: number;
}

export interface SlsRack {
  readonly id: string;
  readonly nodes: readonly SlsNode[];
}

export interface SlsTopology {
  readonly racks: readonly SlsRack[];
  /** The rack of each node, by node name. */
  readonly rackOf: ReadonlyMap<string, string>;
  readonly tally: Tally;
}

/** Tally keys of what the topology reader met. */
export const TOPOLOGY_SEEN = {
  labels: 'labels',
  noResources: 'no resources',
  partialResources: 'partial resources',
} as const;

const RACK_FIELDS = new Set(['rack', 'nodes']);
const NODE_FIELDS = new Set(['node', 'memory-mb', 'vcores', 'labels']);

export async function readSlsTopology(path: string, settings: SlsSettings): Promise<SlsTopology> {
  const problems = new RecordProblems();
  const topology: TopologySoFar = { tally: new Tally(), racks: new Map(), rackOf: new Map() };
  for await (const record of readJsonSequence(path, { onBroken: (broken) => problems.add([brokenValueProblem(broken)]) })) {
    const found: InputProblem[] = [];
    const label = readRack(record.value, record.index, settings, topology, found);
    problems.add(locateInRecord(record, label, found));
  }
  if (problems.count === 0 && topology.rackOf.size === 0) problems.add([{ path: '', expected: 'at least one node', found: 'none' }]);
  problems.throwIfAny(path);
  const racks = [...topology.racks].filter(([, nodes]) => nodes.length > 0).map(([id, nodes]) => ({ id, nodes }));
  return { racks, rackOf: topology.rackOf, tally: topology.tally };
}

/** The racks and nodes read so far, and what the reader met. */
interface TopologySoFar {
  readonly tally: Tally;
  readonly racks: Map<string, SlsNode[]>;
  readonly rackOf: Map<string, string>;
}

/** Adds one record (`{rack, nodes}`) to the topology, its problems to `problems`; returns the label its problems start with. */
function readRack(value: unknown, index: number, settings: SlsSettings, topology: TopologySoFar, problems: InputProblem[]): string {
  const { tally, racks, rackOf } = topology;
  if (!isJsonObject(value)) {
    const label = recordLabel('rack', index, undefined);
    problems.push(problemAt(label, 'a rack (a JSON object with rack and nodes)', value));
    return label;
  }
  const rawRack = value.rack;
  const rack = typeof rawRack === 'string' && rawRack !== '' && !hasUnsafeCharacter(rawRack) ? rawRack : undefined;
  const record = recordLabel('rack', index, rack);
  if (rack === undefined) problems.push(problemAt(jsonPath(record, 'rack'), `a rack name (a non-empty string ${WITHOUT_UNSAFE_CHARACTERS})`, rawRack));
  else if (rack === ROOT_SWITCH) {
    problems.push(problemAt(jsonPath(record, 'rack'), `a rack name other than '${ROOT_SWITCH}' (the name of the cluster's root switch)`, rawRack));
  }
  for (const key of Object.keys(value)) if (!RACK_FIELDS.has(key)) tally.add(`unused:${key}`, record);
  if (!Array.isArray(value.nodes)) {
    problems.push(problemAt(jsonPath(record, 'nodes'), 'a list of nodes', value.nodes));
    return record;
  }
  const nodes = rack === undefined ? [] : (racks.get(rack) ?? []);
  if (rack !== undefined) racks.set(rack, nodes);
  value.nodes.forEach((entry, i) => {
    const at = (...segments: string[]) => jsonPath(record, 'nodes', i, ...segments);
    if (!isJsonObject(entry)) {
      problems.push(problemAt(at(), 'a node (a JSON object with node, and memory-mb, vcores, labels if need be)', entry));
      return;
    }
    const node = readNode(entry, at, settings, problems, tally, rackOf);
    if (node === undefined || rack === undefined) return;
    nodes.push(node);
    rackOf.set(node.id, rack);
  });
  return record;
}

function readNode(
  entry: JsonObject,
  at: (...segments: string[]) => string,
  settings: SlsSettings,
  problems: InputProblem[],
  tally: Tally,
  rackOf: ReadonlyMap<string, string>,
): SlsNode | undefined {
  const before = problems.length;
  const raw = entry.node;
  const id = typeof raw === 'string' && raw !== '' && !hasUnsafeCharacter(raw) ? raw : undefined;
  if (id === undefined) problems.push(problemAt(at('node'), `a node name (a non-empty string ${WITHOUT_UNSAFE_CHARACTERS})`, raw));
  else if (rackOf.has(id)) {
    problems.push({ path: at('node'), expected: 'a node name not given before in the topology', found: `'${id}' again` });
  }
  const resource = (key: string): number | undefined => {
    if (entry[key] === undefined) return undefined;
    const n = wholeNumber(entry[key]);
    if (n === undefined || n < 0) problems.push(problemAt(at(key), 'a whole number ≥ 0', entry[key]));
    return n;
  };
  const memoryMb = resource('memory-mb');
  const vcores = resource('vcores');
  if (entry.labels !== undefined) tally.add(TOPOLOGY_SEEN.labels, id);
  for (const key of Object.keys(entry)) if (!NODE_FIELDS.has(key)) tally.add(`unused:${key}`, id);
  if (problems.length > before || id === undefined) return undefined;

  if (memoryMb === undefined && vcores === undefined) {
    tally.add(TOPOLOGY_SEEN.noResources, id);
    return { id, containers: settings.containers, memoryMb: settings.nodeMemoryMb, vcores: settings.nodeVcores };
  }
  if (memoryMb === undefined || vcores === undefined) tally.add(TOPOLOGY_SEEN.partialResources, id);
  const memory = memoryMb ?? settings.nodeMemoryMb;
  const cores = vcores ?? settings.nodeVcores;
  const containers = containersFor(memory, cores, settings);
  if (containers < 1) {
    problems.push({
      path: at(),
      expected: `room for at least one container of ${settings.containerMemoryMb} MB and ${settings.containerVcores} vcore${settings.containerVcores === 1 ? '' : 's'}`,
      found: `${memory} MB and ${cores} vcores`,
    });
    return undefined;
  }
  return { id, containers, memoryMb: memory, vcores: cores };
}

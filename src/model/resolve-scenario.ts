/**
 * From a scenario file to a resolved Scenario: check the file (the schema,
 * then every rule that spans fields: ids, references, exclusive options),
 * then expand every shorthand and draw every random quantity.
 *
 * Checks run on the file as written, leniently, even when the schema found
 * mistakes, so that one pass reports every problem. Resolution runs only on
 * a file without problems.
 *
 * Random draws come from one generator seeded by settings.seed, forked into
 * independent streams in this order: node speeds, replica placement, job
 * shapes and task times (one further fork per job, in file order), arrivals
 * (one further fork per job stream). Changing one section does not move the
 * draws of another.
 */
import { InputError, type InputProblem } from './input-error.js';
import { Random } from './random.js';
import { ReplicaPlacer } from './replica-placement.js';
import type { Cluster, ClusterNode, NetworkSwitch } from './cluster.js';
import type { NodeFailure, Scenario } from './scenario.js';
import type { Job, JobPriority, MapTask, Pool, ReduceTask, User } from './workload.js';
import {
  JOB_SHAPE_FIELDS,
  describeValue,
  parseScenarioFile,
  type Distribution,
  type ParsedScenarioFile,
  type PathProblem,
  type ScenarioFile,
} from './scenario-file.js';
import { parseSize } from './units.js';

/** The root switch every rack hangs off unless it names another. */
export const ROOT_SWITCH = 'core';

/** Built-in node settings, used where neither the cluster defaults, the rack nor the node set one. */
export const NODE_DEFAULTS = {
  mapSlots: 2,
  reduceSlots: 2,
  speed: 1,
  diskReadRate: 100 * 2 ** 20,
  bandwidth: 1e9 / 8,
} as const;
export const RACK_UPLINK_DEFAULT = 10e9 / 8;

type Path = readonly (string | number)[];
type Obj = Record<string, unknown>;

export type ResolveResult = { ok: true; scenario: Scenario } | { ok: false; problems: PathProblem[] };

/**
 * A scenario built in code (the file format as an object) to a resolved
 * scenario. Throws InputError listing every problem, located by field path.
 */
export function resolveScenario(file: ScenarioFile, source: string, seedOverride?: number): Scenario {
  const result = resolveScenarioValue(file, source, seedOverride);
  if (!result.ok) throw new InputError(source, result.problems.map(withoutLocation));
  return result.scenario;
}

/** Check and resolve any value (e.g. parsed YAML); problems come back as a value, located by path. */
export function resolveScenarioValue(raw: unknown, source: string, seedOverride?: number): ResolveResult {
  const problems: PathProblem[] = [];
  const parsed = parseScenarioFile(raw);
  if (!parsed.ok) problems.push(...parsed.problems);
  problems.push(...crossCheck(raw));
  if (seedOverride !== undefined && !(Number.isInteger(seedOverride) && seedOverride >= -0x80000000 && seedOverride <= 0x7fffffff)) {
    problems.push({ path: ['settings', 'seed'], expected: 'a 32-bit integer seed', found: `${seedOverride} (the seed option)` });
  }
  if (problems.length > 0 || !parsed.ok) return { ok: false, problems: dedupe(problems) };
  return resolveParsed(parsed.value, source, seedOverride ?? parsed.value.settings.seed);
}

/** `cluster.racks[1].nodes[3].speed` */
export function formatPath(path: Path): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

function withoutLocation(problem: PathProblem): InputProblem {
  return { path: formatPath(problem.path), expected: problem.expected, found: problem.found };
}

function dedupe(problems: PathProblem[]): PathProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${formatPath(p.path)}\u0000${p.expected}\u0000${p.found}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ============================================================ lenient access

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function objects(value: unknown): Obj[] {
  return Array.isArray(value) ? value.map((v) => (isObj(v) ? v : {})) : [];
}
function str(o: Obj, key: string): string | undefined {
  const v = o[key];
  return typeof v === 'string' ? v : undefined;
}
function has(o: Obj, key: string): boolean {
  return o[key] !== undefined;
}
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && value >= 0) return Math.round(value);
  if (typeof value === 'string') return parseSize(value) ?? undefined;
  return undefined;
}

// ================================================================== cluster

/** One node's place in the cluster, before its settings are resolved. */
interface NodeSlot {
  readonly id: string;
  readonly rack: number;
  /** Settings from least to most specific: cluster defaults, rack, node entry. */
  readonly levels: readonly Obj[];
  /** Where the node is written (its entry, or the rack for a node count). */
  readonly path: Path;
  /** Whether its id was written out. */
  readonly explicitId: boolean;
}

interface RackSlot {
  readonly id: string;
  readonly explicitId: boolean;
  readonly settings: Obj;
  readonly path: Path;
}

/** Racks and nodes with their ids, from the file's cluster (works on unchecked input). */
function layoutCluster(cluster: Obj): { racks: RackSlot[]; nodes: NodeSlot[] } {
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
    const explicitId = str(rack, 'id') !== undefined;
    const id = str(rack, 'id') ?? `rack${r + 1}`;
    const { nodes: nodeSpec, ...settings } = rack;
    racks.push({ id, explicitId, settings, path });
    const entries: { entry: Obj; path: Path; explicit: boolean }[] = [];
    if (Array.isArray(nodeSpec)) {
      objects(nodeSpec).forEach((entry, e) => {
        const times = count(entry.count) !== undefined && (entry.count as number) >= 1 ? (entry.count as number) : 1;
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

const SLOT_FIELDS = ['mapSlots', 'reduceSlots', 'containers'] as const;

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
}

/** Checks of the cluster section; returns the node ids when they can be known. */
function checkCluster(cluster: Obj, problems: PathProblem[]): Set<string> {
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

  // Switches: unique ids, parents that exist, no cycles.
  const switches = objects(cluster.switches);
  const switchIds = new Map<string, number>();
  switches.forEach((sw, i) => {
    const id = str(sw, 'id');
    if (id === undefined) return;
    if (switchIds.has(id)) {
      problems.push({ path: ['cluster', 'switches', i, 'id'], expected: 'a unique switch id', found: `'${id}' again` });
    } else {
      switchIds.set(id, i);
    }
    if (id === ROOT_SWITCH && has(sw, 'parent')) {
      problems.push({
        path: ['cluster', 'switches', i, 'parent'],
        expected: `no parent: '${ROOT_SWITCH}' is the root`,
        found: describeValue(sw.parent),
      });
    }
  });
  const isSwitch = (id: string) => id === ROOT_SWITCH || switchIds.has(id);
  const { racks, nodes } = layoutCluster(cluster);
  const rackIds = new Set(racks.map((r) => r.id));
  const knownSwitches = () => [ROOT_SWITCH, ...switchIds.keys()].map((s) => `'${s}'`).join(', ');
  switches.forEach((sw, i) => {
    const parent = str(sw, 'parent');
    if (parent === undefined || str(sw, 'id') === ROOT_SWITCH) return;
    if (!isSwitch(parent)) {
      problems.push({
        path: ['cluster', 'switches', i, 'parent'],
        expected: `a declared switch (${knownSwitches()})${rackIds.has(parent) ? '; a rack cannot have switches below it' : ''}`,
        found: `'${parent}'`,
      });
    }
  });
  const reported = new Set<string>();
  switches.forEach((sw, i) => {
    const start = str(sw, 'id');
    if (start === undefined || reported.has(start)) return;
    const seen = [start];
    let current = start;
    for (;;) {
      const at = switchIds.get(current);
      const parent = at === undefined ? undefined : (str(switches[at], 'parent') ?? ROOT_SWITCH);
      if (parent === undefined || current === ROOT_SWITCH || !switchIds.has(parent)) return;
      if (parent === start) {
        seen.forEach((s) => reported.add(s));
        problems.push({
          path: ['cluster', 'switches', i, 'parent'],
          expected: `a switch tree rooted at '${ROOT_SWITCH}'`,
          found: `a cycle ${[...seen, start].join(' → ')}`,
        });
        return;
      }
      if (seen.includes(parent)) return; // a cycle further up, reported from its own members
      seen.push(parent);
      current = parent;
    }
  });

  // Racks: unique ids, distinct from switch ids, and a switch above that exists.
  const rackSeen = new Set<string>();
  racks.forEach((rack) => {
    const idPath = rack.explicitId ? [...rack.path, 'id'] : rack.path;
    if (rackSeen.has(rack.id) || isSwitch(rack.id)) {
      problems.push({
        path: idPath,
        expected: 'a rack id unique among racks and switches',
        found: rackSeen.has(rack.id) ? `'${rack.id}' again` : `'${rack.id}', also a switch id`,
      });
    }
    rackSeen.add(rack.id);
    const parent = str(rack.settings, 'switch');
    if (parent !== undefined && !isSwitch(parent)) {
      problems.push({
        path: [...rack.path, 'switch'],
        expected: `a declared switch (${knownSwitches()})`,
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

// ======================================================= job shapes (merged)

/** Options that exclude each other; a job setting one drops its profile's others. */
const MAP_SOURCE = ['maps', 'inputBytes', 'input', 'mapTasks'] as const;
const MAP_OUTPUT = ['mapOutputBytes', 'mapOutputRatio', 'shuffleBytes'] as const;
const REDUCE_SOURCE = ['reduces', 'reduceTasks'] as const;

/**
 * A job's shape: its profile's fields, overridden by its own. Setting any of
 * maps/inputBytes/input/mapTasks drops all of the profile's (and its mapTime
 * too when the job gives mapTasks); likewise reduces/reduceTasks (and
 * reduceTime with reduceTasks) and mapOutputBytes/mapOutputRatio/shuffleBytes.
 * Returns where each field came from.
 */
function mergeShape<T extends object>(profile: T | undefined, own: T): { shape: Partial<T>; fromProfile: Set<string> } {
  const p = (profile ?? {}) as Obj;
  const o = own as Obj;
  const merged: Obj = {};
  const fromProfile = new Set<string>();
  for (const key of JOB_SHAPE_FIELDS) {
    if (p[key] !== undefined) {
      merged[key] = p[key];
      fromProfile.add(key);
    }
  }
  const drop = (keys: readonly string[]) =>
    keys.forEach((k) => {
      delete merged[k];
      fromProfile.delete(k);
    });
  if (MAP_SOURCE.some((k) => has(o, k))) drop(has(o, 'mapTasks') ? [...MAP_SOURCE, 'mapTime'] : MAP_SOURCE);
  if (MAP_OUTPUT.some((k) => has(o, k))) drop(MAP_OUTPUT);
  if (REDUCE_SOURCE.some((k) => has(o, k))) drop(has(o, 'reduceTasks') ? [...REDUCE_SOURCE, 'reduceTime'] : REDUCE_SOURCE);
  for (const key of JOB_SHAPE_FIELDS) {
    if (o[key] !== undefined) {
      merged[key] = o[key];
      fromProfile.delete(key);
    }
  }
  return { shape: merged as Partial<T>, fromProfile };
}

interface RefContext {
  readonly nodeIds: Set<string> | undefined;
  readonly files: ReadonlyMap<string, unknown>;
}

/** Checks of one level of a shape (a profile, a job or a stream as written). */
function checkShapeLevel(level: Obj, path: Path, ctx: RefContext, problems: PathProblem[]): void {
  const present = (keys: readonly string[]) => keys.filter((k) => has(level, k));
  const sources = present(MAP_SOURCE);
  const allowedPair = sources.length === 2 && sources.includes('maps') && sources.includes('inputBytes');
  if (sources.length > 1 && !allowedPair) {
    problems.push({
      path: [...path, sources[1]],
      expected: 'one of maps, inputBytes, input, mapTasks (maps may go with inputBytes)',
      found: sources.join(' and '),
    });
  }
  const outputs = present(MAP_OUTPUT);
  if (outputs.length > 1) {
    problems.push({
      path: [...path, outputs[1]],
      expected: 'one of mapOutputBytes, mapOutputRatio, shuffleBytes',
      found: outputs.join(' and '),
    });
  }
  if (has(level, 'reduces') && has(level, 'reduceTasks')) {
    problems.push({ path: [...path, 'reduceTasks'], expected: 'either reduces or reduceTasks', found: 'both' });
  }
  if (has(level, 'mapTime') && has(level, 'mapTasks')) {
    problems.push({ path: [...path, 'mapTime'], expected: 'no mapTime with mapTasks (each task has its work)', found: 'both' });
  }
  if (has(level, 'reduceTime') && has(level, 'reduceTasks')) {
    problems.push({
      path: [...path, 'reduceTime'],
      expected: 'no reduceTime with reduceTasks (each task has its work)',
      found: 'both',
    });
  }
  const input = str(level, 'input');
  if (input !== undefined && !ctx.files.has(input)) {
    problems.push({ path: [...path, 'input'], expected: `a file of storage.files${known(ctx.files.keys())}`, found: `'${input}'` });
  }
  objects(level.mapTasks).forEach((task, t) => {
    const taskPath = [...path, 'mapTasks', t];
    if (Array.isArray(task.replicas)) {
      if (sizeOf(task.inputBytes ?? 0) === 0) {
        problems.push({
          path: [...taskPath, 'replicas'],
          expected: 'replicas only for a map with input (inputBytes > 0)',
          found: `replicas for inputBytes ${describeValue(task.inputBytes ?? 0)}`,
        });
      }
      checkNodeList(task.replicas, [...taskPath, 'replicas'], ctx.nodeIds, problems);
    }
  });
  if (Array.isArray(level.reduceTasks)) {
    const shares = objects(level.reduceTasks).map((t) => t.shuffleShare);
    if (shares.every((s): s is number => typeof s === 'number' && Number.isFinite(s))) {
      const sum = shares.reduce((a, b) => a + b, 0);
      if (Math.abs(sum - 1) > 1e-9) {
        problems.push({ path: [...path, 'reduceTasks'], expected: 'shuffle shares summing to 1', found: `a sum of ${sum}` });
      }
    }
  }
}

/** Checks of a job or stream merged with its profile: is the shape complete? */
function checkMergedShape(own: Obj, path: Path, profileName: string | undefined, profile: Obj | undefined, problems: PathProblem[]): void {
  const { shape, fromProfile } = mergeShape(profile, own);
  const where = (key: string): Path => (fromProfile.has(key) && profileName !== undefined ? ['profiles', profileName, key] : [...path, key]);
  const also = profileName === undefined ? '' : ` (here or in profile '${profileName}')`;
  if (!MAP_SOURCE.some((k) => has(shape, k))) {
    problems.push({ path, expected: `one of maps, inputBytes, input, mapTasks${also}`, found: 'none' });
  } else if (!has(shape, 'mapTasks') && !has(shape, 'mapTime')) {
    problems.push({ path, expected: `mapTime, the compute work of each map${also}`, found: 'none' });
  }
  if (has(shape, 'reduces') && shape.reduces !== 0 && !has(shape, 'reduceTime')) {
    problems.push({ path: where('reduces'), expected: `reduceTime for the reduces${also}`, found: 'none' });
  }
  if (has(shape, 'mapTime') && has(shape, 'mapTasks')) {
    problems.push({ path: where('mapTime'), expected: 'no mapTime with mapTasks', found: 'both, once merged with the profile' });
  }
  if (has(shape, 'reduceTime') && has(shape, 'reduceTasks')) {
    problems.push({ path: where('reduceTime'), expected: 'no reduceTime with reduceTasks', found: 'both, once merged with the profile' });
  }
}

function checkNodeList(value: unknown, path: Path, nodeIds: Set<string> | undefined, problems: PathProblem[]): void {
  if (!Array.isArray(value)) return;
  const seen = new Set<string>();
  value.forEach((node, i) => {
    if (typeof node !== 'string') return;
    if (nodeIds !== undefined && !nodeIds.has(node)) {
      problems.push({ path: [...path, i], expected: 'a node id of the cluster', found: `'${node}'` });
    }
    if (seen.has(node)) problems.push({ path: [...path, i], expected: 'distinct nodes', found: `'${node}' twice` });
    seen.add(node);
  });
}

function known(ids: Iterable<string>): string {
  const list = [...ids];
  if (list.length === 0) return ' (none declared)';
  if (list.length > 12) return '';
  return ` (${list.map((s) => `'${s}'`).join(', ')})`;
}

// =============================================================== cross-check

/** Ids of `items[].id`, reporting duplicates. */
function uniqueIds(items: Obj[], path: Path, what: string, problems: PathProblem[]): Set<string> {
  const ids = new Set<string>();
  items.forEach((item, i) => {
    const id = str(item, 'id');
    if (id === undefined) return;
    if (ids.has(id)) problems.push({ path: [...path, i, 'id'], expected: `a unique ${what} id`, found: `'${id}' again` });
    ids.add(id);
  });
  return ids;
}

/** Stream job ids: prefix + running number. */
function streamJobIds(stream: Obj, index: number): string[] {
  const n = count(stream.count) ?? 0;
  const prefix = str(stream, 'idPrefix') ?? (str(stream, 'profile') !== undefined ? `${str(stream, 'profile')}-` : `stream${index + 1}-`);
  const width = String(n).length;
  return Array.from({ length: n }, (_, k) => `${prefix}${String(k + 1).padStart(width, '0')}`);
}

/** Every rule that spans fields, on the file as written. */
function crossCheck(raw: unknown): PathProblem[] {
  if (!isObj(raw)) return [];
  const problems: PathProblem[] = [];
  const nodeIds = isObj(raw.cluster) ? checkCluster(raw.cluster, problems) : undefined;

  // Storage.
  const storage = isObj(raw.storage) ? raw.storage : {};
  const blockSize = storage.blockSize === undefined ? 128 * 2 ** 20 : sizeOf(storage.blockSize);
  const files = new Map<string, unknown>();
  const fileItems = objects(storage.files);
  uniqueIds(fileItems, ['storage', 'files'], 'file', problems);
  fileItems.forEach((file, f) => {
    const id = str(file, 'id');
    if (id !== undefined) files.set(id, file);
    if (!Array.isArray(file.replicas)) return;
    const size = sizeOf(file.size);
    if (size !== undefined && size > 0 && blockSize !== undefined && blockSize > 0) {
      const blocks = Math.ceil(size / blockSize);
      if (file.replicas.length !== blocks) {
        problems.push({
          path: ['storage', 'files', f, 'replicas'],
          expected: `one replica list per block (${blocks} blocks)`,
          found: `${file.replicas.length} lists`,
        });
      }
    }
    file.replicas.forEach((list, b) => checkNodeList(list, ['storage', 'files', f, 'replicas', b], nodeIds, problems));
  });

  // Pools and users.
  const pools = objects(raw.pools);
  const poolIds = uniqueIds(pools, ['pools'], 'pool', problems);
  const capacities = pools.map((p) => p.capacity).filter((c): c is number => typeof c === 'number');
  const capacitySum = capacities.reduce((a, b) => a + b, 0);
  if (capacitySum > 100 + 1e-9) {
    problems.push({ path: ['pools'], expected: 'pool capacities summing to at most 100 (percent)', found: `a sum of ${capacitySum}` });
  }
  pools.forEach((pool, i) => {
    if (typeof pool.capacity === 'number' && typeof pool.maxCapacity === 'number' && pool.maxCapacity < pool.capacity) {
      problems.push({ path: ['pools', i, 'maxCapacity'], expected: `at least the capacity (${pool.capacity})`, found: String(pool.maxCapacity) });
    }
  });
  const checkPool = (holder: Obj, path: Path) => {
    const pool = str(holder, 'pool');
    if (pool !== undefined && !poolIds.has(pool)) {
      problems.push({ path: [...path, 'pool'], expected: `a pool listed in pools${known(poolIds)}`, found: `'${pool}'` });
    }
  };
  const users = objects(raw.users);
  uniqueIds(users, ['users'], 'user', problems);
  users.forEach((user, i) => checkPool(user, ['users', i]));

  // Profiles, jobs, streams.
  const ctx: RefContext = { nodeIds, files };
  const profiles = isObj(raw.profiles) ? raw.profiles : {};
  for (const [name, profile] of Object.entries(profiles)) {
    if (isObj(profile)) checkShapeLevel(profile, ['profiles', name], ctx, problems);
  }
  const profileRef = (holder: Obj, key: string, path: Path): Obj | undefined => {
    const name = holder[key];
    if (typeof name !== 'string') return undefined;
    const profile = profiles[name];
    if (!isObj(profile)) {
      problems.push({ path, expected: `a profile${known(Object.keys(profiles))}`, found: `'${name}'` });
      return undefined;
    }
    return profile;
  };

  const jobIds = new Map<string, string>();
  const claimId = (jobId: string, path: Path, label: string): boolean => {
    const first = jobIds.get(jobId);
    if (first !== undefined) {
      problems.push({ path, expected: 'a unique job id', found: `'${jobId}', already the id of ${first}` });
      return false;
    }
    jobIds.set(jobId, label);
    return true;
  };
  const jobs = objects(raw.jobs);
  jobs.forEach((job, j) => {
    const path = ['jobs', j];
    const id = str(job, 'id');
    if (id !== undefined) claimId(id, [...path, 'id'], formatPath(path));
    checkPool(job, path);
    checkShapeLevel(job, path, ctx, problems);
    const profile = profileRef(job, 'profile', [...path, 'profile']);
    if (job.profile === undefined || profile !== undefined) {
      checkMergedShape(job, path, profile === undefined ? undefined : (job.profile as string), profile, problems);
    }
  });
  const streams = objects(raw.jobStreams);
  streams.forEach((stream, s) => {
    const path = ['jobStreams', s];
    checkPool(stream, path);
    checkShapeLevel(stream, path, ctx, problems);
    for (const jobId of streamJobIds(stream, s)) {
      if (!claimId(jobId, has(stream, 'idPrefix') ? [...path, 'idPrefix'] : path, formatPath(path))) break;
    }
    if (has(stream, 'profile') && has(stream, 'profiles')) {
      problems.push({ path: [...path, 'profiles'], expected: 'either profile or profiles', found: 'both' });
      return;
    }
    if (has(stream, 'profiles')) {
      objects(stream.profiles).forEach((entry, e) => {
        const profile = profileRef(entry, 'name', [...path, 'profiles', e, 'name']);
        if (profile !== undefined) checkMergedShape(stream, path, entry.name as string, profile, problems);
      });
      return;
    }
    const profile = profileRef(stream, 'profile', [...path, 'profile']);
    if (stream.profile === undefined || profile !== undefined) {
      checkMergedShape(stream, path, profile === undefined ? undefined : (stream.profile as string), profile, problems);
    }
  });
  if (Array.isArray(raw.jobs) && jobs.length === 0 && streams.length === 0) {
    problems.push({ path: ['jobs'], expected: 'at least one job (in jobs or jobStreams)', found: 'none' });
  } else if (!has(raw, 'jobs') && streams.length === 0) {
    problems.push({ path: [], expected: 'jobs or jobStreams', found: 'neither' });
  }

  // Failures.
  const settings = isObj(raw.settings) ? raw.settings : {};
  objects(settings.failures).forEach((failure, f) => {
    const node = str(failure, 'node');
    if (node !== undefined && nodeIds !== undefined && !nodeIds.has(node)) {
      problems.push({ path: ['settings', 'failures', f, 'node'], expected: 'a node id of the cluster', found: `'${node}'` });
    }
  });
  return problems;
}

// ================================================================ resolution

type Parsed = ParsedScenarioFile;
type ParsedJob = Parsed['jobs'][number];
type ParsedStream = Parsed['jobStreams'][number];
type Shape = Partial<ParsedJob>;

interface NodeSettingsOut {
  mapSlots?: number;
  reduceSlots?: number;
  containers?: number;
  speed?: number;
  speeds?: number[];
  diskReadRate?: number;
  bandwidth?: number;
}

/** Draw one value. Normal draws ≤ 0 are drawn again (a normal truncated to positive values). */
export function sample(d: Distribution, rng: Random): number {
  if (typeof d === 'number') return d;
  switch (d.dist) {
    case 'uniform':
      return d.min + (d.max - d.min) * rng.next();
    case 'exponential':
      return rng.exponential(d.mean);
    case 'normal': {
      for (let i = 0; i < 64; i++) {
        const x = rng.normal(d.mean, d.sd);
        if (x > 0) return x;
      }
      return d.mean;
    }
    case 'lognormal':
      return Math.exp(rng.normal(d.mu ?? Math.log(d.median ?? 1), d.sigma));
    case 'choice':
      return d.weights === undefined ? rng.pick(d.values) : d.values[weightedIndex(d.weights, rng)];
  }
}

function weightedIndex(weights: readonly number[], rng: Random): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let u = rng.next() * total;
  let last = 0;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] <= 0) continue;
    last = i;
    if (u < weights[i]) return i;
    u -= weights[i];
  }
  return last;
}

interface Block {
  readonly bytes: number;
  readonly replicas: readonly number[];
}

interface JobSpec {
  readonly id: string;
  readonly user: string;
  readonly pool: string | undefined;
  readonly submit: number;
  readonly weight: number;
  readonly priority: JobPriority;
  readonly shape: Shape;
}

function resolveParsed(f: Parsed, source: string, seed: number): ResolveResult {
  const root = new Random(seed);
  const speedRng = root.fork();
  const placementRng = root.fork();
  const taskRng = root.fork();
  const arrivalRng = root.fork();

  // Cluster.
  const layout = layoutCluster(f.cluster as unknown as Obj);
  const nodes: ClusterNode[] = layout.nodes.map((slot) => resolveNode(slot, layout.racks[slot.rack].id, speedRng));
  const nodeIndex = new Map(nodes.map((n, i) => [n.id, i]));
  const cluster: Cluster = { nodes, racks: layout.racks.map((r) => r.id), switches: resolveSwitches(f.cluster, layout.racks) };
  const placer = new ReplicaPlacer(layout.nodes.map((n) => n.rack));
  const indexOf = (id: string): number => {
    const i = nodeIndex.get(id);
    if (i === undefined) throw new Error(`unknown node '${id}' after checks (a bug)`);
    return i;
  };

  // Files.
  const { blockSize, replication } = f.storage;
  const files = new Map<string, Block[]>();
  for (const file of f.storage.files ?? []) {
    const sizes = splitIntoBlocks(file.size, blockSize);
    files.set(
      file.id,
      sizes.map((bytes, b) => ({
        bytes,
        replicas: file.replicas?.[b].map(indexOf) ?? placer.place(file.replication ?? replication, placementRng),
      })),
    );
  }

  // Job specs in file order: explicit jobs, then each stream's jobs.
  const specs: JobSpec[] = f.jobs.map((job) => ({
    id: job.id,
    user: job.user,
    pool: job.pool,
    submit: job.submit,
    weight: job.weight,
    priority: job.priority,
    shape: mergeShape(job.profile === undefined ? undefined : (f.profiles[job.profile] as Shape), job as Shape).shape,
  }));
  f.jobStreams.forEach((stream, s) => specs.push(...streamSpecs(stream, s, f, arrivalRng.fork())));

  // Jobs: shapes and task times drawn from one fork per job, inputs placed in the same order.
  const built = specs.map((spec) => {
    const rng = taskRng.fork();
    const maps = buildMaps(spec.shape, rng, { blockSize, replication, files, placer, placementRng, indexOf });
    const reduces = buildReduces(spec.shape, rng);
    return { spec, maps, reduces };
  });
  built.sort((a, b) => a.spec.submit - b.spec.submit);

  // Users and pools, listed first, then those the jobs imply.
  const listedUsers = new Map(f.users.map((u) => [u.id, u]));
  const listedPools = new Map(f.pools.map((p) => [p.id, p]));
  const users: User[] = f.users.map((u) => ({ id: u.id, priority: u.priority, minShare: u.minShare }));
  const autoPools: string[] = [];
  const jobs: Job[] = built.map(({ spec, maps, reduces }) => {
    if (!listedUsers.has(spec.user) && !users.some((u) => u.id === spec.user)) {
      users.push({ id: spec.user, priority: 1, minShare: { map: 0, reduce: 0 } });
    }
    const pool = spec.pool ?? listedUsers.get(spec.user)?.pool ?? spec.user;
    if (!listedPools.has(pool) && !autoPools.includes(pool)) autoPools.push(pool);
    return {
      id: spec.id,
      user: spec.user,
      pool,
      submitTime: spec.submit,
      weight: spec.weight,
      priority: spec.priority,
      maps,
      reduces,
    };
  });
  const pools = resolvePools(f.pools, autoPools);

  const problems: PathProblem[] = [];
  if (jobs.some((j) => j.reduces.length > 0) && nodes.every((n) => n.reduceSlots === 0)) {
    problems.push({ path: ['cluster'], expected: 'at least one reduce slot (some jobs have reduces)', found: 'none' });
  }
  if (problems.length > 0) return { ok: false, problems };

  const failures: NodeFailure[] = f.settings.failures.map((failure) => ({
    node: indexOf(failure.node),
    at: failure.at,
    recoverAt: failure.recoverAt ?? null,
  }));
  const scenario: Scenario = {
    name: f.name ?? defaultName(source),
    description: f.description ?? '',
    cluster,
    storage: { blockSize, replication },
    users,
    pools,
    jobs,
    settings: {
      heartbeatInterval: f.settings.heartbeatInterval,
      outOfBandHeartbeat: f.settings.outOfBandHeartbeat,
      slowStart: f.settings.slowStart,
      seed,
      failures,
    },
    schedulerOptions: f.schedulerOptions,
  };
  return { ok: true, scenario };
}

function defaultName(source: string): string {
  return source.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|json)$/i, '');
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
  let slotModel: 'split' | 'unified';
  if (slotLevel?.containers !== undefined) {
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
    speed,
    diskReadRate: lastDefined(levels, 'diskReadRate') ?? NODE_DEFAULTS.diskReadRate,
    uplink: rack,
    uplinkBandwidth: bandwidth,
  };
}

/** The root, the declared switches parents first (then in file order), then one switch per rack. */
function resolveSwitches(cluster: Parsed['cluster'], racks: readonly RackSlot[]): NetworkSwitch[] {
  const out: NetworkSwitch[] = [{ id: ROOT_SWITCH, parent: null, uplinkBandwidth: Number.POSITIVE_INFINITY }];
  const placed = new Set([ROOT_SWITCH]);
  let pending = (cluster.switches ?? []).filter((s) => s.id !== ROOT_SWITCH);
  while (pending.length > 0) {
    const ready = pending.filter((s) => placed.has(s.parent ?? ROOT_SWITCH));
    if (ready.length === 0) throw new Error('switch tree has a cycle after checks (a bug)');
    for (const s of ready) {
      out.push({ id: s.id, parent: s.parent ?? ROOT_SWITCH, uplinkBandwidth: s.uplinkBandwidth ?? RACK_UPLINK_DEFAULT });
      placed.add(s.id);
    }
    pending = pending.filter((s) => !placed.has(s.id));
  }
  for (const rack of racks) {
    const settings = rack.settings as { switch?: string; uplinkBandwidth?: number };
    out.push({ id: rack.id, parent: settings.switch ?? ROOT_SWITCH, uplinkBandwidth: settings.uplinkBandwidth ?? RACK_UPLINK_DEFAULT });
  }
  return out;
}

function resolvePools(listed: Parsed['pools'], auto: readonly string[]): Pool[] {
  const assigned = listed.reduce((sum, p) => sum + (p.capacity ?? 0), 0);
  const unassigned = listed.filter((p) => p.capacity === undefined).length + auto.length;
  const share = unassigned === 0 ? 0 : Math.max(0, 100 - assigned) / unassigned;
  const pools: Pool[] = listed.map((p) => ({
    id: p.id,
    weight: p.weight,
    minShare: p.minShare,
    maxRunningJobs: p.maxRunningJobs ?? Number.POSITIVE_INFINITY,
    schedulingMode: p.schedulingMode,
    capacity: p.capacity ?? share,
    maxCapacity: p.maxCapacity,
    minimumUserLimitPercent: p.minimumUserLimitPercent,
    userLimitFactor: p.userLimitFactor,
  }));
  for (const id of auto) {
    pools.push({
      id,
      weight: 1,
      minShare: { map: 0, reduce: 0 },
      maxRunningJobs: Number.POSITIVE_INFINITY,
      schedulingMode: 'fair',
      capacity: share,
      maxCapacity: 100,
      minimumUserLimitPercent: 100,
      userLimitFactor: 1,
    });
  }
  return pools;
}

function streamSpecs(stream: ParsedStream, index: number, f: Parsed, rng: Random): JobSpec[] {
  const ids = streamJobIds(stream as unknown as Obj, index);
  const own = stream as Shape;
  const specs: JobSpec[] = [];
  let time = stream.start;
  for (let k = 0; k < stream.count; k++) {
    time += sample(stream.interarrival, rng);
    const profileName =
      stream.profiles !== undefined
        ? stream.profiles[weightedIndex(stream.profiles.map((p) => p.weight), rng)].name
        : stream.profile;
    specs.push({
      id: ids[k],
      user: stream.users[k % stream.users.length],
      pool: stream.pool,
      submit: time,
      weight: stream.weight,
      priority: stream.priority,
      shape: mergeShape(profileName === undefined ? undefined : (f.profiles[profileName] as Shape), own).shape,
    });
  }
  return specs;
}

function splitIntoBlocks(bytes: number, blockSize: number): number[] {
  if (bytes <= 0) return [0];
  const n = Math.ceil(bytes / blockSize);
  return Array.from({ length: n }, (_, i) => (i < n - 1 ? blockSize : bytes - (n - 1) * blockSize));
}

/** `total` split in proportion to `weights`, in whole units that sum exactly to `total`. */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let before = 0;
  let cumulative = 0;
  for (const w of weights) {
    cumulative += sum > 0 ? w : 1;
    const upTo = Math.round((total * cumulative) / (sum > 0 ? sum : weights.length));
    out.push(upTo - before);
    before = upTo;
  }
  return out;
}

interface MapContext {
  readonly blockSize: number;
  readonly replication: number;
  readonly files: ReadonlyMap<string, readonly Block[]>;
  readonly placer: ReplicaPlacer;
  readonly placementRng: Random;
  readonly indexOf: (id: string) => number;
}

function drawCount(d: Distribution, rng: Random, min: number): number {
  return Math.max(min, Math.round(sample(d, rng)));
}

function buildMaps(shape: Shape, rng: Random, ctx: MapContext): MapTask[] {
  if (shape.mapTasks !== undefined) {
    return shape.mapTasks.map((task) => ({
      inputBytes: task.inputBytes,
      replicas:
        task.replicas?.map(ctx.indexOf) ?? (task.inputBytes > 0 ? ctx.placer.place(ctx.replication, ctx.placementRng) : []),
      work: task.work,
      outputBytes: task.outputBytes,
    }));
  }
  let splits: readonly Block[];
  if (shape.input !== undefined) {
    const blocks = ctx.files.get(shape.input);
    if (blocks === undefined) throw new Error(`unknown file '${shape.input}' after checks (a bug)`);
    splits = blocks;
  } else if (shape.inputBytes !== undefined) {
    const total = Math.max(0, Math.round(sample(shape.inputBytes, rng)));
    const sizes =
      shape.maps !== undefined
        ? apportion(total, new Array<number>(drawCount(shape.maps, rng, 1)).fill(1))
        : splitIntoBlocks(total, ctx.blockSize);
    splits = sizes.map((bytes) => ({
      bytes,
      replicas: bytes > 0 ? ctx.placer.place(ctx.replication, ctx.placementRng) : [],
    }));
  } else {
    const n = shape.maps === undefined ? 1 : drawCount(shape.maps, rng, 1);
    splits = new Array<Block>(n).fill({ bytes: 0, replicas: [] });
  }
  const shuffle = shape.shuffleBytes === undefined ? undefined : Math.max(0, Math.round(sample(shape.shuffleBytes, rng)));
  const works = splits.map(() => (shape.mapTime === undefined ? 0 : sample(shape.mapTime, rng)));
  let outputs: number[];
  if (shape.mapOutputBytes !== undefined) {
    const d = shape.mapOutputBytes;
    outputs = splits.map(() => Math.max(0, Math.round(sample(d, rng))));
  } else if (shape.mapOutputRatio !== undefined) {
    const ratio = shape.mapOutputRatio;
    outputs = splits.map((s) => Math.round(s.bytes * ratio));
  } else if (shuffle !== undefined) {
    outputs = apportion(shuffle, splits.map((s) => s.bytes));
  } else {
    outputs = splits.map(() => 0);
  }
  return splits.map((s, i) => ({ inputBytes: s.bytes, replicas: s.replicas, work: works[i], outputBytes: outputs[i] }));
}

function buildReduces(shape: Shape, rng: Random): ReduceTask[] {
  if (shape.reduceTasks !== undefined) return shape.reduceTasks.map((t) => ({ shuffleShare: t.shuffleShare, work: t.work }));
  const n = shape.reduces === undefined ? 0 : drawCount(shape.reduces, rng, 0);
  const reduceTime = shape.reduceTime;
  if (n > 0 && reduceTime === undefined) throw new Error('reduces without reduceTime after checks (a bug)');
  return Array.from({ length: n }, () => ({ shuffleShare: 1 / n, work: reduceTime === undefined ? 0 : sample(reduceTime, rng) }));
}

/**
 * A job's shape: the fields that say how many maps and reduces it has and
 * what work and data each one carries. A job or a job stream starts from its
 * profile's shape and overrides it; this file merges the two, and checks a
 * shape as written (options that exclude each other, references to files
 * and nodes) and as merged (does it say how to make the maps, and what work
 * each task does?).
 */
import { has, objects, str, type Obj } from './lenient-access.js';
import { known, type Path } from './problem-path.js';
import { checkNodeList } from './resolve-storage.js';
import { JOB_SHAPE_FIELDS, type ParsedScenarioFile, type PathProblem } from './scenario-file.js';

/** A job's shape fields once checked: those it sets, itself or through its profile. */
export type Shape = Partial<ParsedScenarioFile['jobs'][number]>;

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
export function mergeShape<T extends object>(profile: T | undefined, own: T): { shape: Partial<T>; fromProfile: Set<string> } {
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
  if (REDUCE_SOURCE.some((k) => has(o, k))) drop(has(o, 'reduceTasks') ? [...REDUCE_SOURCE, 'reduceTime', 'reduceSkew'] : REDUCE_SOURCE);
  for (const key of JOB_SHAPE_FIELDS) {
    if (o[key] !== undefined) {
      merged[key] = o[key];
      fromProfile.delete(key);
    }
  }
  return { shape: merged as Partial<T>, fromProfile };
}

/** What a shape may refer to: node ids (when the cluster lets them be known) and file ids. */
export interface ShapeRefs {
  readonly nodeIds: Set<string> | undefined;
  readonly fileIds: ReadonlySet<string>;
}

/** Checks of one level of a shape (a profile, a job or a stream as written). */
export function checkShapeLevel(level: Obj, path: Path, refs: ShapeRefs, problems: PathProblem[]): void {
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
  if (has(level, 'reduceSkew') && has(level, 'reduceTasks')) {
    problems.push({ path: [...path, 'reduceSkew'], expected: 'no reduceSkew with reduceTasks (each task has its share)', found: 'both' });
  }
  if (has(level, 'reduceTime') && has(level, 'reduceTasks')) {
    problems.push({
      path: [...path, 'reduceTime'],
      expected: 'no reduceTime with reduceTasks (each task has its work)',
      found: 'both',
    });
  }
  const input = str(level, 'input');
  if (input !== undefined && !refs.fileIds.has(input)) {
    problems.push({ path: [...path, 'input'], expected: `a file of storage.files${known(refs.fileIds)}`, found: `'${input}'` });
  }
  objects(level.mapTasks).forEach((task, t) => {
    const taskPath = [...path, 'mapTasks', t];
    // Replicas on a map without input bytes are allowed: a replayed trace keeps
    // where the data lived (for locality) while its recorded time already
    // includes the read.
    if (Array.isArray(task.replicas)) {
      checkNodeList(task.replicas, [...taskPath, 'replicas'], refs.nodeIds, problems);
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
export function checkMergedShape(
  own: Obj,
  path: Path,
  profileName: string | undefined,
  profile: Obj | undefined,
  problems: PathProblem[],
): void {
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
  if (has(shape, 'blockSize') && (!has(shape, 'inputBytes') || has(shape, 'maps'))) {
    problems.push({
      path: where('blockSize'),
      expected: `blockSize only where inputBytes is split into blocks (without maps, input or mapTasks)${also}`,
      found: MAP_SOURCE.filter((k) => has(shape, k)).join(' and ') || 'no inputBytes',
    });
  }
  // Both from one level is that level's mistake, reported by checkShapeLevel; here only the pair the merge makes.
  const mixed = (a: string, b: string) => has(shape, a) && has(shape, b) && fromProfile.has(a) !== fromProfile.has(b);
  if (mixed('mapTime', 'mapTasks')) {
    problems.push({ path: where('mapTime'), expected: 'no mapTime with mapTasks', found: 'both, once merged with the profile' });
  }
  if (mixed('reduceTime', 'reduceTasks')) {
    problems.push({ path: where('reduceTime'), expected: 'no reduceTime with reduceTasks', found: 'both, once merged with the profile' });
  }
}

/**
 * The fewest tasks a scenario file (as written, unchecked) can make, counted
 * from its counts and sizes before anything is drawn or built, so that the
 * task limit refuses a file before its tasks fill the memory: a stream of
 * 3,000,000 jobs of 10 maps is refused at once, not after 4 GB of tasks.
 *
 * A constant count counts as written; a distribution as the least it can
 * draw (a uniform's minimum, a choice's smallest value, else nothing beyond
 * the one map every job has); an input as its blocks. A job takes its map
 * fields from its profile unless it sets one itself, and likewise its
 * reduce fields (job-shape.ts merges the same way); a stream drawing among
 * profiles counts the one with the fewest tasks.
 */
import { count, isObj, objects, sizeOf, type Obj } from './lenient-access.js';
import type { Path } from './problem-path.js';
import { DEFAULT_BLOCK_SIZE } from './scenario-file.js';

const MAP_FIELDS = ['maps', 'inputBytes', 'input', 'mapTasks', 'blockSize'] as const;
const REDUCE_FIELDS = ['reduces', 'reduceTasks'] as const;

/** Where the fewest tasks pass `limit` (the job or stream that takes the total past it), and the total; undefined within it. */
export function tasksPastLimit(raw: Obj, limit: number): { path: Path; total: number } | undefined {
  const storage = isObj(raw.storage) ? raw.storage : {};
  const blockSize = sizeOf(storage.blockSize ?? DEFAULT_BLOCK_SIZE) ?? 0;
  const fileBlocks = new Map(objects(storage.files).map((file) => [file.id, blocks(sizeOf(file.size), blockSize)]));
  const profiles = isObj(raw.profiles) ? raw.profiles : {};
  const fewest = (entry: Obj, profileName: unknown): number => {
    const profile = typeof profileName === 'string' && isObj(profiles[profileName]) ? profiles[profileName] : {};
    const maps = MAP_FIELDS.some((k) => entry[k] !== undefined) ? entry : profile;
    const reduces = REDUCE_FIELDS.some((k) => entry[k] !== undefined) ? entry : profile;
    return fewestMaps(maps, blockSize, fileBlocks) + fewestReduces(reduces);
  };
  let total = 0;
  let crossed: Path | undefined;
  const add = (tasks: number, path: Path): void => {
    total += tasks;
    if (crossed === undefined && total > limit) crossed = path;
  };
  objects(raw.jobs).forEach((job, j) => add(fewest(job, job.profile), ['jobs', j]));
  objects(raw.jobStreams).forEach((stream, s) => {
    const perJob = Array.isArray(stream.profiles)
      ? objects(stream.profiles).reduce((least, entry) => Math.min(least, fewest(stream, entry.name)), Infinity)
      : fewest(stream, stream.profile);
    add((count(stream.count) ?? 0) * perJob, ['jobStreams', s]);
  });
  return crossed === undefined ? undefined : { path: crossed, total };
}

function fewestMaps(shape: Obj, blockSize: number, fileBlocks: ReadonlyMap<unknown, number>): number {
  if (Array.isArray(shape.mapTasks)) return Math.max(1, shape.mapTasks.length);
  if (typeof shape.input === 'string') return fileBlocks.get(shape.input) ?? 1;
  if (shape.maps !== undefined) return Math.max(1, leastCount(shape.maps));
  if (shape.inputBytes !== undefined) return blocks(sizeOf(shape.inputBytes), sizeOf(shape.blockSize) ?? blockSize);
  return 1;
}

function fewestReduces(shape: Obj): number {
  if (Array.isArray(shape.reduceTasks)) return shape.reduceTasks.length;
  return shape.reduces === undefined ? 0 : leastCount(shape.reduces);
}

/** The least a count (a constant or a distribution) can come to. */
function leastCount(value: unknown): number {
  const constant = count(value);
  if (constant !== undefined) return constant;
  if (!isObj(value)) return 0;
  if (value.dist === 'uniform' && typeof value.min === 'number') return Math.max(0, Math.round(value.min));
  if (value.dist === 'choice' && Array.isArray(value.values)) {
    const least = value.values.reduce<number>((min, v) => (typeof v === 'number' ? Math.min(min, v) : min), Infinity);
    return least === Infinity ? 0 : Math.max(0, Math.round(least));
  }
  return 0;
}

/** Blocks of `bytes` (one, for no data or an unknown size). */
function blocks(bytes: number | undefined, blockSize: number): number {
  return bytes === undefined || bytes <= 0 || !(blockSize > 0) ? 1 : Math.ceil(bytes / blockSize);
}

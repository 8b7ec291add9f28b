/**
 * A job's tasks, from its shape: the maps (as listed, one per block of its
 * input file, or one per split of its input bytes) with their input
 * replicas, work and output, and the reduces with their work and shares of
 * the shuffle.
 */
import { apportion } from './apportion.js';
import { checkJobTasks, SizeLimitError, type Limits } from './size-limits.js';
import { sample, sampleWithin } from './distributions.js';
import { BYTES_RANGE, inRange, TIME_RANGE } from './model-range.js';
import type { Shape } from './job-shape.js';
import type { Random } from './random.js';
import type { ReplicaPlacer } from './replica-placement.js';
import { splitIntoBlocks, type Block } from './resolve-storage.js';
import type { Distribution } from './scenario-file.js';
import type { MapTask, ReduceTask } from './workload.js';

/** What making maps needs beyond the job: the storage, and where to place new inputs' replicas. */
export interface MapContext {
  readonly blockSize: number;
  readonly replication: number;
  readonly files: ReadonlyMap<string, readonly Block[]>;
  readonly placer: ReplicaPlacer;
  readonly placementRng: Random;
  readonly indexOf: (id: string) => number;
  readonly limits: Limits;
}

/** A count of tasks, drawn and rounded; a job's maps must come to at least one, not be raised to one unseen. */
function drawCount(d: Distribution, rng: Random, kind: 'maps' | 'reduces', limits: Limits): number {
  const n = Math.round(sample(d, rng));
  if (kind === 'maps' && n < 1) {
    throw new SizeLimitError({
      path: ['maps'],
      expected: 'map counts that round to 1 or more (every job has a map): a distribution whose draws stay ≥ 0.5',
      found: `a draw of ${n} maps`,
    });
  }
  checkJobTasks(limits, kind, n, 'as given or drawn');
  return n;
}

/** The maps; sizes, works and outputs drawn from `rng`, new inputs' replicas placed from ctx.placementRng. */
export function buildMaps(shape: Shape, rng: Random, ctx: MapContext): MapTask[] {
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
    const total = Math.round(sampleWithin(shape.inputBytes, rng, 'inputBytes', BYTES_RANGE));
    const sizes =
      shape.maps !== undefined
        ? apportion(total, new Array<number>(drawCount(shape.maps, rng, 'maps', ctx.limits)).fill(1))
        : splitIntoBlocks(total, shape.blockSize ?? ctx.blockSize, ctx.limits);
    splits = sizes.map((bytes) => ({
      bytes,
      replicas: bytes > 0 ? ctx.placer.place(ctx.replication, ctx.placementRng) : [],
    }));
  } else {
    const n = shape.maps === undefined ? 1 : drawCount(shape.maps, rng, 'maps', ctx.limits);
    splits = new Array<Block>(n).fill({ bytes: 0, replicas: [] });
  }
  const shuffle = shape.shuffleBytes === undefined ? undefined : Math.round(sampleWithin(shape.shuffleBytes, rng, 'shuffleBytes', BYTES_RANGE));
  const mapTime = shape.mapTime;
  const works = splits.map(() => (mapTime === undefined ? 0 : sampleWithin(mapTime, rng, 'mapTime', TIME_RANGE)));
  let outputs: number[];
  if (shape.mapOutputBytes !== undefined) {
    const d = shape.mapOutputBytes;
    outputs = splits.map(() => Math.round(sampleWithin(d, rng, 'mapOutputBytes', BYTES_RANGE)));
  } else if (shape.mapOutputRatio !== undefined) {
    const ratio = shape.mapOutputRatio;
    outputs = splits.map((s) => ratioOutput(s.bytes, ratio));
  } else if (shuffle !== undefined) {
    outputs = apportion(shuffle, splits.map((s) => s.bytes));
  } else {
    outputs = splits.map(() => 0);
  }
  return splits.map((s, i) => ({ inputBytes: s.bytes, replicas: s.replicas, work: works[i], outputBytes: outputs[i] }));
}

/** The reduces; their count and works drawn from `rng` after the maps'. */
export function buildReduces(shape: Shape, rng: Random, limits: Limits): ReduceTask[] {
  if (shape.reduceTasks !== undefined) return shape.reduceTasks.map((t) => ({ shuffleShare: t.shuffleShare, work: t.work }));
  const n = shape.reduces === undefined ? 0 : drawCount(shape.reduces, rng, 'reduces', limits);
  const reduceTime = shape.reduceTime;
  if (n > 0 && reduceTime === undefined) throw new Error('reduces without reduceTime after checks (a bug)');
  return Array.from({ length: n }, () => ({
    shuffleShare: 1 / n,
    work: reduceTime === undefined ? 0 : sampleWithin(reduceTime, rng, 'reduceTime', TIME_RANGE),
  }));
}

/** A map's output as a multiple of its input; refused at mapOutputRatio past the largest size. */
function ratioOutput(inputBytes: number, ratio: number): number {
  const bytes = Math.round(inputBytes * ratio);
  if (inRange(bytes, BYTES_RANGE)) return bytes;
  throw new SizeLimitError({ path: ['mapOutputRatio'], expected: `map outputs ${BYTES_RANGE.text}`, found: `${inputBytes} bytes × ${ratio}` });
}

/**
 * A job's tasks, from its shape: the maps (as listed, one per block of its
 * input file, or one per split of its input bytes) with their input
 * replicas, work and output, and the reduces with their work and shares of
 * the shuffle.
 */
import { apportion } from './apportion.js';
import { checkJobTasks } from './size-limits.js';
import { sample } from './distributions.js';
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
}

function drawCount(d: Distribution, rng: Random, min: number, kind: 'maps' | 'reduces'): number {
  const n = Math.max(min, Math.round(sample(d, rng)));
  checkJobTasks(kind, n, 'as given or drawn');
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
    const total = Math.max(0, Math.round(sample(shape.inputBytes, rng)));
    const sizes =
      shape.maps !== undefined
        ? apportion(total, new Array<number>(drawCount(shape.maps, rng, 1, 'maps')).fill(1))
        : splitIntoBlocks(total, shape.blockSize ?? ctx.blockSize);
    splits = sizes.map((bytes) => ({
      bytes,
      replicas: bytes > 0 ? ctx.placer.place(ctx.replication, ctx.placementRng) : [],
    }));
  } else {
    const n = shape.maps === undefined ? 1 : drawCount(shape.maps, rng, 1, 'maps');
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

/** The reduces; their count and works drawn from `rng` after the maps'. */
export function buildReduces(shape: Shape, rng: Random): ReduceTask[] {
  if (shape.reduceTasks !== undefined) return shape.reduceTasks.map((t) => ({ shuffleShare: t.shuffleShare, work: t.work }));
  const n = shape.reduces === undefined ? 0 : drawCount(shape.reduces, rng, 0, 'reduces');
  const reduceTime = shape.reduceTime;
  if (n > 0 && reduceTime === undefined) throw new Error('reduces without reduceTime after checks (a bug)');
  return Array.from({ length: n }, () => ({ shuffleShare: 1 / n, work: reduceTime === undefined ? 0 : sample(reduceTime, rng) }));
}

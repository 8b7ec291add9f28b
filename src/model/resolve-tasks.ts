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
import { MapTasks } from './map-tasks.js';
import type { ReduceTask } from './workload.js';

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

/**
 * The maps, in columns; sizes, works and outputs drawn from `rng`, new
 * inputs' replicas placed from ctx.placementRng, one block after another.
 */
export function buildMaps(shape: Shape, rng: Random, ctx: MapContext): MapTasks {
  if (shape.mapTasks !== undefined) {
    return MapTasks.from(
      shape.mapTasks.map((task) => ({
        inputBytes: task.inputBytes,
        replicas:
          task.replicas?.map(ctx.indexOf) ?? (task.inputBytes > 0 ? ctx.placer.place(ctx.replication, ctx.placementRng) : []),
        work: task.work,
        outputBytes: task.outputBytes,
      })),
    );
  }
  const { sizes: inputBytes, replicaStart, replicaNodes } = splits(shape, rng, ctx);
  const n = inputBytes.length;
  const shuffle = shape.shuffleBytes === undefined ? undefined : Math.max(0, Math.round(sample(shape.shuffleBytes, rng)));
  const work = new Float64Array(n);
  if (shape.mapTime !== undefined) for (let i = 0; i < n; i++) work[i] = sample(shape.mapTime, rng);
  const outputBytes = new Float64Array(n);
  if (shape.mapOutputBytes !== undefined) {
    for (let i = 0; i < n; i++) outputBytes[i] = Math.max(0, Math.round(sample(shape.mapOutputBytes, rng)));
  } else if (shape.mapOutputRatio !== undefined) {
    for (let i = 0; i < n; i++) outputBytes[i] = Math.round(inputBytes[i] * shape.mapOutputRatio);
  } else if (shuffle !== undefined) {
    outputBytes.set(apportion(shuffle, inputBytes));
  }
  return new MapTasks(inputBytes, work, outputBytes, replicaStart, replicaNodes);
}

/** The input splits of a job without explicit tasks: their sizes, and the replicas of each. */
function splits(shape: Shape, rng: Random, ctx: MapContext): { sizes: Float64Array; replicaStart: Int32Array; replicaNodes: Int32Array } {
  if (shape.input !== undefined) {
    const blocks = ctx.files.get(shape.input);
    if (blocks === undefined) throw new Error(`unknown file '${shape.input}' after checks (a bug)`);
    const tasks = MapTasks.from(blocks.map((block) => ({ inputBytes: block.bytes, replicas: block.replicas, work: 0, outputBytes: 0 })));
    return { sizes: tasks.inputBytes, replicaStart: tasks.replicaStart, replicaNodes: tasks.replicaNodes };
  }
  if (shape.inputBytes === undefined) {
    const n = shape.maps === undefined ? 1 : drawCount(shape.maps, rng, 1, 'maps');
    return { sizes: new Float64Array(n), replicaStart: new Int32Array(n + 1), replicaNodes: new Int32Array(0) };
  }
  const total = Math.max(0, Math.round(sample(shape.inputBytes, rng)));
  const sizes =
    shape.maps !== undefined
      ? apportion(total, new Float64Array(drawCount(shape.maps, rng, 1, 'maps')).fill(1))
      : splitIntoBlocks(total, shape.blockSize ?? ctx.blockSize);
  const replicaStart = new Int32Array(sizes.length + 1);
  const replicaNodes = new Int32Array(sizes.length * Math.min(ctx.replication, ctx.placer.nodeCount));
  let placed = 0;
  for (let i = 0; i < sizes.length; i++) {
    if (sizes[i] > 0) placed += ctx.placer.placeInto(ctx.replication, ctx.placementRng, replicaNodes, placed);
    replicaStart[i + 1] = placed;
  }
  return { sizes, replicaStart, replicaNodes: placed === replicaNodes.length ? replicaNodes : replicaNodes.slice(0, placed) };
}

/** The reduces; their count and works drawn from `rng` after the maps'. */
export function buildReduces(shape: Shape, rng: Random): ReduceTask[] {
  if (shape.reduceTasks !== undefined) return shape.reduceTasks.map((t) => ({ shuffleShare: t.shuffleShare, work: t.work }));
  const n = shape.reduces === undefined ? 0 : drawCount(shape.reduces, rng, 0, 'reduces');
  const reduceTime = shape.reduceTime;
  if (n > 0 && reduceTime === undefined) throw new Error('reduces without reduceTime after checks (a bug)');
  return Array.from({ length: n }, () => ({ shuffleShare: 1 / n, work: reduceTime === undefined ? 0 : sample(reduceTime, rng) }));
}

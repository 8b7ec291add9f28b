/**
 * A job's tasks, from its shape: the maps (as listed, one per block of its
 * input file, or one per split of its input bytes) with their input
 * replicas, work and output, and the reduces with their work and shares of
 * the shuffle.
 */
import { apportion } from '../util/apportion.js';
import { checkJobTasks, SizeLimitError, type Limits } from './size-limits.js';
import { sample, sampleWithin } from './distributions.js';
import { BYTES_RANGE, inRange, TIME_RANGE } from '../model/model-range.js';
import type { Shape } from './job-shape.js';
import type { Random } from '../util/random.js';
import type { ReplicaPlacer } from './replica-placement.js';
import { splitIntoBlocks, type Block } from './resolve-storage.js';
import type { Distribution } from './quantity-schemas.js';
import { MapTasks } from '../model/map-tasks.js';
import type { ReduceTask } from '../model/workload.js';

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
  const shuffle = shape.shuffleBytes === undefined ? undefined : Math.round(sampleWithin(shape.shuffleBytes, rng, 'shuffleBytes', BYTES_RANGE));
  const work = new Float64Array(n);
  if (shape.mapTime !== undefined) for (let i = 0; i < n; i++) work[i] = sampleWithin(shape.mapTime, rng, 'mapTime', TIME_RANGE);
  const outputBytes = new Float64Array(n);
  if (shape.mapOutputBytes !== undefined) {
    for (let i = 0; i < n; i++) outputBytes[i] = Math.round(sampleWithin(shape.mapOutputBytes, rng, 'mapOutputBytes', BYTES_RANGE));
  } else if (shape.mapOutputRatio !== undefined) {
    for (let i = 0; i < n; i++) outputBytes[i] = ratioOutput(inputBytes[i], shape.mapOutputRatio);
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
    const n = shape.maps === undefined ? 1 : drawCount(shape.maps, rng, 'maps', ctx.limits);
    return { sizes: new Float64Array(n), replicaStart: new Int32Array(n + 1), replicaNodes: new Int32Array(0) };
  }
  const total = Math.round(sampleWithin(shape.inputBytes, rng, 'inputBytes', BYTES_RANGE));
  const sizes =
    shape.maps !== undefined
      ? apportion(total, new Float64Array(drawCount(shape.maps, rng, 'maps', ctx.limits)).fill(1))
      : splitIntoBlocks(total, shape.blockSize ?? ctx.blockSize, ctx.limits);
  const replicaStart = new Int32Array(sizes.length + 1);
  const replicaNodes = new Int32Array(sizes.length * Math.min(ctx.replication, ctx.placer.nodeCount));
  let placed = 0;
  for (let i = 0; i < sizes.length; i++) {
    if (sizes[i] > 0) placed += ctx.placer.placeInto(ctx.replication, ctx.placementRng, replicaNodes, placed);
    replicaStart[i + 1] = placed;
  }
  return { sizes, replicaStart, replicaNodes: placed === replicaNodes.length ? replicaNodes : replicaNodes.slice(0, placed) };
}

/** The reduces; their count and works drawn from `rng` after the maps', then (skewed) the order of their shares. */
export function buildReduces(shape: Shape, rng: Random, limits: Limits): ReduceTask[] {
  if (shape.reduceTasks !== undefined) return shape.reduceTasks.map((t) => ({ shuffleShare: t.shuffleShare, work: t.work }));
  const n = shape.reduces === undefined ? 0 : drawCount(shape.reduces, rng, 'reduces', limits);
  const reduceTime = shape.reduceTime;
  if (n > 0 && reduceTime === undefined) throw new Error('reduces without reduceTime after checks (a bug)');
  const works = Array.from({ length: n }, () => (reduceTime === undefined ? 0 : sampleWithin(reduceTime, rng, 'reduceTime', TIME_RANGE)));
  const skew = shape.reduceSkew ?? 0;
  const shares = reduceShares(n, skew, rng);
  // Skewed, a reduce's work follows its share (reduceTime is a reduce's of the mean share, 1/n).
  return works.map((work, k) => ({ shuffleShare: shares[k], work: skew === 0 ? work : work * shares[k] * n }));
}

/**
 * `n` reduces' shares of the map output: equal, or with skew s > 0 a Zipf
 * law, in proportion to 1/rank^s, the ranks shuffled among the reduces by
 * `rng` (a partitioner's heavy keys land on any reduce).
 */
function reduceShares(n: number, skew: number, rng: Random): number[] {
  if (skew === 0 || n < 2) return new Array<number>(n).fill(1 / n);
  const weights = Array.from({ length: n }, (_, rank) => (rank + 1) ** -skew);
  const total = weights.reduce((sum, w) => sum + w, 0);
  for (let k = n - 1; k > 0; k--) {
    const j = rng.int(0, k);
    [weights[k], weights[j]] = [weights[j], weights[k]];
  }
  return weights.map((w) => w / total);
}

/** The job's output to HDFS, drawn from `rng` after its reduces; 0 when the shape gives none. */
export function buildOutput(shape: Shape, rng: Random): number {
  return shape.outputBytes === undefined ? 0 : Math.round(sampleWithin(shape.outputBytes, rng, 'outputBytes', BYTES_RANGE));
}

/** A map's output as a multiple of its input; refused at mapOutputRatio past the largest size. */
function ratioOutput(inputBytes: number, ratio: number): number {
  const bytes = Math.round(inputBytes * ratio);
  if (inRange(bytes, BYTES_RANGE)) return bytes;
  throw new SizeLimitError({ path: ['mapOutputRatio'], expected: `map outputs ${BYTES_RANGE.text}`, found: `${inputBytes} bytes × ${ratio}` });
}

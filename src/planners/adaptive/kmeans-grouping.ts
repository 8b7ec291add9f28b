/**
 * k-means grouping of job types, the variant of the journal successor of
 * Rasooli and Down's paper (COSHH, "A Hybrid Hadoop Scheduler for
 * Heterogeneous Systems", FGCS 2014), which clusters job types on the same
 * features the exact classification compares: execution rates on every
 * resource and arrival rate.
 *
 * Our choices, where the papers leave them open:
 * - Features are natural logarithms, so distance measures ratios: a type
 *   twice as fast as another is as far from it on a slow resource as on a
 *   fast one. A rate of 0 (the type does not run there) is raised to 10⁻⁶ of
 *   the largest value of that feature first, which keeps it far from every
 *   positive rate.
 * - Priority is not averaged: a class has one priority, as in the paper, so
 *   types of different priorities never share a cluster. The number of
 *   classes is counted over all priorities and must be at least the number
 *   of priority levels; beyond the number of distinct feature vectors it is
 *   lowered to that number (more classes would be empty).
 * - Given no number of classes, we take the smallest whose spread (the
 *   largest distance of a type from its class's centre on any one feature,
 *   in log units) is within a tolerance; at one class per distinct vector
 *   the spread is 0, so one is always found.
 * - Seeding is k-means++ within each priority level, from a seeded
 *   generator (one centre per level first, then by squared distance to the
 *   nearest centre of the same level); the best of a few restarts (least sum
 *   of squared distances) is kept; Lloyd's iterations run until no type
 *   moves. The same draws, the same classes.
 */
import { Random } from '../../util/random.js';
import type { JobTypeEstimate } from './job-type.js';

export interface KMeansOptions {
  /** Number of classes; without it, the smallest number whose spread is within `spreadTolerance`. */
  readonly classes?: number;
  /** Largest distance of a type from its class centre on any feature, in natural-log units (0.1: within about 10 %). */
  readonly spreadTolerance?: number;
  /** The generator of the k-means++ draws, fresh for each grouping (the same classes for the same types); `new Random(1)` by default. */
  readonly random?: () => Random;
}

export const KMEANS_SPREAD_TOLERANCE = 0.1;
const RESTARTS = 5;
const MAX_ITERATIONS = 100;
/** A zero feature is raised to this fraction of the feature's largest value before its logarithm. */
const ZERO_FLOOR = 1e-6;

/** Groups of type indices, each ascending, ordered by their first index. */
export function kmeansGroups(types: readonly JobTypeEstimate[], options: KMeansOptions = {}): number[][] {
  if (types.length === 0) return [];
  const points = logFeatures(types);
  const levelOf = priorityLevels(types);
  // Levels are numbered from 0 by first appearance: as many as there are distinct ones.
  const levels = new Set(levelOf).size;
  const distinct = new Set(points.map((p, i) => `${levelOf[i]}:${p.join(',')}`)).size;
  const tolerance = options.spreadTolerance ?? KMEANS_SPREAD_TOLERANCE;
  const random = options.random?.() ?? new Random(1);
  if (options.classes !== undefined) {
    if (!Number.isInteger(options.classes) || options.classes < levels) {
      throw new RangeError(`k-means: ${options.classes} classes, expected a whole number ≥ ${levels} (one class per priority level at least)`);
    }
    return groupsOf(bestClustering(points, levelOf, Math.min(options.classes, distinct), random));
  }
  if (!(tolerance >= 0)) throw new RangeError(`k-means: spread tolerance ${tolerance}, expected a number ≥ 0`);
  for (let k = levels; ; k++) {
    const clustering = bestClustering(points, levelOf, k, random.fork());
    if (k >= distinct || spread(points, clustering) <= tolerance) return groupsOf(clustering);
  }
}

/** Each type's features: log rates on every resource, then log arrival rate. */
function logFeatures(types: readonly JobTypeEstimate[]): number[][] {
  const raw = types.map((type) => [...type.rates, type.arrivalRate]);
  const dims = raw[0].length;
  const floors = Array.from({ length: dims }, (_, d) => {
    // A fold, not Math.max(...types): spreading 150,000 job types as arguments overflows the stack.
    const top = raw.reduce((largest, values) => Math.max(largest, values[d]), -Infinity);
    return top > 0 ? top * ZERO_FLOOR : 1;
  });
  return raw.map((values) => values.map((x, d) => Math.log(Math.max(x, floors[d]))));
}

/** Each type's priority level, numbered by first appearance. */
function priorityLevels(types: readonly JobTypeEstimate[]): number[] {
  const level = new Map<number, number>();
  return types.map((type) => {
    let l = level.get(type.priority);
    if (l === undefined) level.set(type.priority, (l = level.size));
    return l;
  });
}

interface Clustering {
  /** Cluster of each point. */
  readonly cluster: number[];
  readonly centres: number[][];
  readonly cost: number;
}

function bestClustering(points: readonly number[][], levelOf: readonly number[], k: number, random: Random): Clustering {
  let best: Clustering | undefined;
  for (let r = 0; r < RESTARTS; r++) {
    const clustering = lloyd(points, levelOf, seedCentres(points, levelOf, k, random.fork()));
    if (best === undefined || clustering.cost < best.cost) best = clustering;
  }
  return best as Clustering;
}

/** k-means++ seeding within levels: one point of each level, then points drawn by squared distance to their level's nearest centre. */
function seedCentres(points: readonly number[][], levelOf: readonly number[], k: number, random: Random): Seeds {
  const levels = new Set(levelOf).size;
  const centres: number[][] = [];
  const centreLevel: number[] = [];
  for (let l = 0; l < levels; l++) {
    const members = points.flatMap((_, i) => (levelOf[i] === l ? [i] : []));
    centres.push([...points[random.pick(members)]]);
    centreLevel.push(l);
  }
  while (centres.length < k) {
    const weights = points.map((p, i) => nearest(p, levelOf[i], centres, centreLevel).distance);
    const total = weights.reduce((sum, w) => sum + w, 0);
    if (!(total > 0)) break;
    let u = random.next() * total;
    let pick = -1;
    // The point where the running sum passes u; the last one with weight if rounding leaves u ≥ 0.
    for (let i = 0; i < weights.length && u >= 0; i++) {
      if (weights[i] === 0) continue;
      pick = i;
      u -= weights[i];
    }
    centres.push([...points[pick]]);
    centreLevel.push(levelOf[pick]);
  }
  return { centres, centreLevel };
}

interface Seeds {
  readonly centres: number[][];
  readonly centreLevel: number[];
}

function lloyd(points: readonly number[][], levelOf: readonly number[], seeds: Seeds): Clustering {
  const { centres, centreLevel } = seeds;
  const cluster = points.map(() => -1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let moved = false;
    points.forEach((p, i) => {
      const c = nearest(p, levelOf[i], centres, centreLevel).index;
      if (c !== cluster[i]) {
        cluster[i] = c;
        moved = true;
      }
    });
    if (refillEmpty(points, cluster, centres, centreLevel)) moved = true;
    if (!moved) break;
    centres.forEach((centre, c) => {
      const members = points.filter((_, i) => cluster[i] === c);
      if (members.length > 0) centre.forEach((_, d) => (centre[d] = members.reduce((sum, p) => sum + p[d], 0) / members.length));
    });
  }
  const cost = points.reduce((sum, p, i) => sum + squaredDistance(p, centres[cluster[i]]), 0);
  return { cluster, centres, cost };
}

/**
 * An empty cluster takes the point of its level farthest from its centre,
 * from a cluster that keeps another member; true when one did.
 */
function refillEmpty(points: readonly number[][], cluster: number[], centres: number[][], centreLevel: readonly number[]): boolean {
  const sizes = centres.map((_, c) => cluster.filter((x) => x === c).length);
  let refilled = false;
  centres.forEach((centre, c) => {
    if (sizes[c] > 0) return;
    let far = -1;
    let farthest = 0;
    points.forEach((p, i) => {
      const d = squaredDistance(p, centres[cluster[i]]);
      if (centreLevel[cluster[i]] === centreLevel[c] && sizes[cluster[i]] > 1 && d > farthest) {
        far = i;
        farthest = d;
      }
    });
    if (far < 0) return;
    sizes[cluster[far]]--;
    cluster[far] = c;
    sizes[c] = 1;
    centre.splice(0, centre.length, ...points[far]);
    refilled = true;
  });
  return refilled;
}

function nearest(p: readonly number[], level: number, centres: readonly number[][], centreLevel: readonly number[]): { index: number; distance: number } {
  let index = -1;
  let distance = Infinity;
  centres.forEach((centre, c) => {
    if (centreLevel[c] !== level) return;
    const d = squaredDistance(p, centre);
    if (d < distance) {
      index = c;
      distance = d;
    }
  });
  return { index, distance };
}

function squaredDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += (a[d] - b[d]) ** 2;
  return sum;
}

/** The largest distance of a point from its cluster's centre on any one feature. */
function spread(points: readonly number[][], clustering: Clustering): number {
  let largest = 0;
  points.forEach((p, i) => p.forEach((x, d) => (largest = Math.max(largest, Math.abs(x - clustering.centres[clustering.cluster[i]][d])))));
  return largest;
}

function groupsOf(clustering: Clustering): number[][] {
  const groups = new Map<number, number[]>();
  clustering.cluster.forEach((c, i) => {
    const group = groups.get(c);
    if (group === undefined) groups.set(c, [i]);
    else group.push(i);
  });
  return [...groups.values()];
}

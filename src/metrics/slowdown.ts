/**
 * Slowdown: a succeeded job's completion time (end − submit) divided by a
 * lower bound on it, the time the job would need alone on the whole empty
 * cluster with free I/O:
 *
 *   LB = max(longest map work / fastest map speed, Σ map work / Σ_nodes mapSlots·speed)
 *      + max(longest reduce work / fastest reduce speed, Σ reduce work / Σ_nodes reduceSlots·speed)
 *
 * The reduce term is 0 for a map-only job. Each max is a valid bound for its
 * phase (one task cannot beat the fastest node; the phase cannot beat the
 * cluster's total rate), and a job's reduce work follows its last map. "Fastest"
 * is over nodes that have a slot of that kind. With unified slots a node's
 * containers serve either kind, so both phases see all containers. I/O,
 * heartbeats and node failures are ignored, so simulated runs give slowdown ≥ 1.
 * Jobs whose bound is 0 (no work) are skipped, as are jobs with work of a kind
 * no node has slots for.
 */
import type { Cluster, Job, RunRecord } from '../model/index.js';

export interface SlowdownMetrics {
  /** Over succeeded jobs with a positive bound; null when there are none. */
  readonly meanSlowdown: number | null;
  readonly maxSlowdown: number | null;
}

/** Per-kind capacity of the whole cluster. */
interface Capacity {
  readonly fastestMap: number;
  readonly mapRate: number;
  readonly fastestReduce: number;
  readonly reduceRate: number;
}

function clusterCapacity(cluster: Cluster): Capacity {
  let fastestMap = 0;
  let mapRate = 0;
  let fastestReduce = 0;
  let reduceRate = 0;
  for (const node of cluster.nodes) {
    if (node.mapSlots > 0) {
      fastestMap = Math.max(fastestMap, node.speed);
      mapRate += node.mapSlots * node.speed;
    }
    if (node.reduceSlots > 0) {
      fastestReduce = Math.max(fastestReduce, node.speed);
      reduceRate += node.reduceSlots * node.speed;
    }
  }
  return { fastestMap, mapRate, fastestReduce, reduceRate };
}

function phaseBound(works: ArrayLike<number>, fastest: number, rate: number): number {
  let longest = 0;
  let total = 0;
  for (let i = 0; i < works.length; i++) {
    longest = Math.max(longest, works[i]);
    total += works[i];
  }
  if (total === 0) return 0;
  if (fastest <= 0 || rate <= 0) return NaN;
  return Math.max(longest / fastest, total / rate);
}

/**
 * The job's completion-time lower bound alone on the empty cluster (see the
 * file comment); NaN when the job has work of a kind no node can run.
 */
export function jobLowerBound(job: Job, cluster: Cluster): number {
  return boundWith(job, clusterCapacity(cluster));
}

function boundWith(job: Job, c: Capacity): number {
  const reduceWorks = job.reduces.map((reduce) => reduce.work);
  return phaseBound(job.maps.work, c.fastestMap, c.mapRate) + phaseBound(reduceWorks, c.fastestReduce, c.reduceRate);
}

export function slowdownMetrics(run: RunRecord): SlowdownMetrics {
  const capacity = clusterCapacity(run.scenario.cluster);
  let sum = 0;
  let max = -Infinity;
  let n = 0;
  run.jobs.forEach((record, j) => {
    if (record.status !== 'succeeded' || record.end === null) return;
    const bound = boundWith(run.scenario.jobs[j], capacity);
    if (!(bound > 0)) return;
    const s = (record.end - record.submit) / bound;
    sum += s;
    if (s > max) max = s;
    n++;
  });
  return n === 0 ? { meanSlowdown: null, maxSlowdown: null } : { meanSlowdown: sum / n, maxSlowdown: max };
}

/**
 * What a policy knows of how much work a task is (seconds at speed 1, so a
 * task of work w takes w / speed on a node of that speed). A real scheduler
 * does not know it in advance; it learns it from the attempts that have
 * ended, as Hadoop's schedulers do from the job's finished tasks. A planner
 * that needs durations (DMRS, UAAS, the adaptive scheduler) takes them from
 * here and says which kind it used.
 *
 * - `learned` (the default): a finished attempt of duration d on a node of
 *   speed s shows work d × s (reading its input or fetching its shuffle
 *   included, as a TaskTracker's report would). A map is estimated at the
 *   work per input byte of its job's finished maps (the mean work when maps
 *   read nothing); before any of its job's maps has finished, at that of
 *   every finished map so far; before any map has finished at all, at its
 *   input read once from an average disk of the cluster (a map without input:
 *   one heartbeat interval). A reduce is estimated at the mean work of its
 *   job's finished reduces, else of every finished reduce, else at the job's
 *   estimated map work shared among its reduces (a reduce phase as heavy as
 *   the map phase).
 * - `oracle`: the scenario's true work, for comparison (what an offline
 *   planner is given), asked of the run's oracle (the run records it).
 *
 * Only succeeded attempts are learned from; a job's figures are dropped when
 * it ends, the cluster-wide ones are kept.
 */
import { z } from 'zod';
import type { JobView, TaskEnd, TaskOracle } from '../../sim/policy.js';
import type { PartSetup } from '../types.js';

export const ESTIMATE_SOURCES = ['learned', 'oracle'] as const;
export type EstimateSource = (typeof ESTIMATE_SOURCES)[number];

/** Estimates a policy feeds from its own `onTaskEnded` and `onJobFinished` (or hands to the composed policy as a part). */
export interface TaskEstimates {
  readonly source: EstimateSource;
  onTaskEnded(end: TaskEnd): void;
  onJobFinished(job: JobView): void;
  /** Work of map `task` of `job`, seconds at speed 1. */
  mapWork(job: JobView, task: number): number;
  /** Work of reduce `task` of `job`, seconds at speed 1. */
  reduceWork(job: JobView, task: number): number;
}

/** What estimates are built from: the cluster and settings to learn from, the oracle to ask. */
export type EstimateSetup = Pick<PartSetup, 'cluster' | 'settings' | 'oracle'>;

export function taskEstimates(source: EstimateSource, setup: EstimateSetup): TaskEstimates {
  return source === 'oracle' ? new OracleEstimates(setup.oracle) : new LearnedEstimates(setup);
}

/** Work seen so far: maps (with the bytes they read) and reduces. */
class Observed {
  mapWork = 0;
  mapBytes = 0;
  maps = 0;
  reduceWork = 0;
  reduces = 0;

  add(end: TaskEnd, work: number): void {
    if (end.kind === 'map') {
      this.mapWork += work;
      this.mapBytes += end.job.spec.maps[end.task].inputBytes;
      this.maps++;
    } else {
      this.reduceWork += work;
      this.reduces++;
    }
  }

  /** Work of a map reading `bytes`, from these observations (they include at least one map). */
  mapEstimate(bytes: number): number {
    return bytes > 0 && this.mapBytes > 0 ? (bytes * this.mapWork) / this.mapBytes : this.mapWork / this.maps;
  }
}

class LearnedEstimates implements TaskEstimates {
  readonly source = 'learned';
  private readonly cluster = new Observed();
  private readonly jobs = new Map<number, Observed>();
  private readonly priorSecondsPerByte: number;
  private readonly priorMapWork: number;

  constructor({ cluster, settings }: EstimateSetup) {
    const nodes = cluster.nodes;
    const meanDiskRate = nodes.reduce((sum, node) => sum + node.diskReadRate, 0) / Math.max(1, nodes.length);
    this.priorSecondsPerByte = meanDiskRate > 0 ? 1 / meanDiskRate : 0;
    this.priorMapWork = settings.heartbeatInterval;
  }

  onTaskEnded(end: TaskEnd): void {
    if (end.status !== 'succeeded') return;
    const work = end.duration * end.node.spec.speed;
    this.cluster.add(end, work);
    let job = this.jobs.get(end.job.index);
    if (job === undefined) {
      job = new Observed();
      this.jobs.set(end.job.index, job);
    }
    job.add(end, work);
  }

  onJobFinished(job: JobView): void {
    this.jobs.delete(job.index);
  }

  mapWork(job: JobView, task: number): number {
    const bytes = job.spec.maps[task].inputBytes;
    const own = this.jobs.get(job.index);
    if (own !== undefined && own.maps > 0) return own.mapEstimate(bytes);
    if (this.cluster.maps > 0) return this.cluster.mapEstimate(bytes);
    return bytes > 0 ? bytes * this.priorSecondsPerByte : this.priorMapWork;
  }

  reduceWork(job: JobView): number {
    const own = this.jobs.get(job.index);
    if (own !== undefined && own.reduces > 0) return own.reduceWork / own.reduces;
    if (this.cluster.reduces > 0) return this.cluster.reduceWork / this.cluster.reduces;
    let maps = 0;
    for (let task = 0; task < job.spec.mapCount; task++) maps += this.mapWork(job, task);
    return maps / Math.max(1, job.spec.reduceCount);
  }
}

class OracleEstimates implements TaskEstimates {
  readonly source = 'oracle';

  constructor(private readonly oracle: TaskOracle) {}

  onTaskEnded(): void {}

  onJobFinished(): void {}

  mapWork(job: JobView, task: number): number {
    return this.oracle.mapWork(job, task);
  }

  reduceWork(job: JobView, task: number): number {
    return this.oracle.reduceWork(job, task);
  }
}

/** The `estimates` option of a scheduler that plans with durations. */
export const estimatesOption = z.enum(ESTIMATE_SOURCES).default('learned');
export const ESTIMATES_EXPECTED = "'learned' (from the attempts that have ended; the default) or 'oracle' (the scenario's true work)";

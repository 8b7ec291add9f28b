/**
 * Hadoop's `Schedulable`: one abstraction for pools and jobs, each counted
 * separately for map and for reduce slots. A schedulable has a weight, a
 * minimum share, a demand (running plus pending tasks of its kind), a number
 * of running tasks and a fair share; the fair-share computation
 * (`fair-share.ts`) and the order (`ordering.ts`) read only those, so they
 * treat pools and jobs alike.
 *
 * - A job's demand counts only while the job is runnable (within its pool's
 *   and user's running-job limits), and for reduces only once slow-start has
 *   let them launch, as in Hadoop's JobSchedulable.updateDemand. Its weight is
 *   the job's weight times Hadoop's priority factor (VERY_HIGH 4, HIGH 2,
 *   NORMAL 1, LOW 0.5, VERY_LOW 0.25), times log2(1 + demand) with size-based
 *   weights; a job that is not runnable has weight 1 and demand 0. Its min
 *   share is 0.
 * - A pool's demand is the sum of its jobs', its weight and min share come from
 *   the scenario's pool, and its running count is its jobs' sum. A fair-mode
 *   pool divides its fair share among its jobs by the same computation; a
 *   FIFO-mode pool offers slots to its jobs by priority, then submit time.
 *
 * Demands, weights and fair shares are recomputed at each update (every
 * `updateInterval`); running counts are read live at each heartbeat, as
 * Hadoop's getRunningTasks does.
 *
 * Differs from Hadoop: Hadoop also caps a pool's demand by the pool's
 * maxMaps / maxReduces; the scenario model has no such field.
 */
import { fifoOrder } from '../job-queue.js';
import type { Pool } from '../../model/workload.js';
import type { JobView } from '../types.js';
import { FairShareSolver, type ShareClaim } from './fair-share.js';
import { fairShareKey, moveEarlier, moveLater, sortByFairShare, type Ordered } from './ordering.js';
import { hasTaskFor } from '../has-task-for.js';

export const MAP = 0;
export const REDUCE = 1;
export type TaskKind = typeof MAP | typeof REDUCE;

/** Hadoop's getPriorityFactor, by priority rank (VERY_HIGH first). */
const PRIORITY_FACTOR = [4, 2, 1, 0.5, 0.25];

export abstract class Schedulable implements ShareClaim, Ordered {
  weight = 1;
  minShare = 0;
  demand = 0;
  fairShare = 0;
  running = 0;
  key = Infinity;

  constructor(
    readonly name: string,
    public startTime: number,
    readonly tieBreak: number,
  ) {}

  /** Recompute `key` after running, demand, min share or fair share changed. */
  refreshKey(): void {
    this.key = fairShareKey(this.running, this.minShare, this.demand, this.fairShare);
  }
}

/** A job's scheduler state shared by its map and reduce schedulables (Hadoop's JobInfo). */
export class JobInfo {
  /** Within its pool's and its user's running-job limits. */
  runnable = false;
  readonly map: JobSchedulable;
  readonly reduce: JobSchedulable;

  constructor(readonly job: JobView) {
    this.map = new JobSchedulable(this, MAP);
    this.reduce = new JobSchedulable(this, REDUCE);
  }
}

export class JobSchedulable extends Schedulable {
  readonly job: JobView;
  /** The heartbeat at which the job was offered a slot of this kind and could not use it. */
  triedAt = -1;

  constructor(
    readonly info: JobInfo,
    readonly kind: TaskKind,
  ) {
    super(info.job.spec.id, info.job.spec.submitTime, info.job.index);
    this.job = info.job;
  }

  /** Running tasks of this kind, live. */
  readRunning(): number {
    return this.kind === MAP ? this.job.runningMaps : this.job.runningReduces;
  }

  /** Whether the job may launch a task of this kind now (it still has to find one for the node). */
  canLaunch(): boolean {
    if (!this.info.runnable) return false;
    return hasTaskFor(this.job, this.kind === MAP ? 'map' : 'reduce');
  }

  updateDemand(sizeBasedWeight: boolean): void {
    const job = this.job;
    if (!this.info.runnable) {
      this.demand = 0;
      this.weight = 1;
      return;
    }
    if (this.kind === MAP) this.demand = job.runningMaps + job.pendingMaps;
    // Before slow-start no reduce is running and none may launch: demand 0.
    else this.demand = job.runningReduces + (job.hasRunnableReduce ? job.pendingReduces : 0);
    let weight = job.spec.weight * PRIORITY_FACTOR[job.priorityRank];
    if (sizeBasedWeight) weight *= Math.log2(1 + this.demand);
    this.weight = weight;
  }
}

export class PoolSchedulable extends Schedulable {
  /** The pool's jobs: by FIFO order in a FIFO-mode pool, by fair-share order (as of the last refresh) in a fair one. */
  readonly jobs: JobSchedulable[] = [];
  readonly fair: boolean;
  /** During a heartbeat: jobs before this index cannot launch anything more on the node. */
  cursor = 0;
  /** The heartbeat at which no job of the pool could use the node's slot. */
  exhaustedAt = -1;
  /** Preemption (`preemption.ts`): the last time the pool was not starved for its min share, and for half its fair share. */
  lastTimeAtMinShare = 0;
  lastTimeAtHalfFairShare = 0;
  /** Fair mode: the jobs' fair shares changed, or a job arrived, since they were last sorted. */
  private resort = true;
  /** The stamp `prepare` last ran with, and whether some job could launch then. */
  private preparedStamp = -1;
  private hadWork = false;
  private readonly solver = new FairShareSolver();

  constructor(
    readonly spec: Pool,
    readonly kind: TaskKind,
    rank: number,
  ) {
    super(spec.id, Infinity, rank);
    this.weight = spec.weight;
    this.minShare = kind === MAP ? spec.minShare.map : spec.minShare.reduce;
    this.fair = spec.schedulingMode === 'fair';
  }

  add(job: JobSchedulable): void {
    const jobs = this.jobs;
    if (this.fair) {
      jobs.push(job);
      this.solver.add(job);
      this.resort = true;
    } else {
      let at = jobs.length;
      while (at > 0 && fifoOrder(jobs[at - 1].job, job.job) > 0) at--;
      jobs.splice(at, 0, job);
    }
    if (job.startTime < this.startTime) this.startTime = job.startTime;
  }

  remove(job: JobSchedulable): void {
    const at = this.jobs.indexOf(job);
    if (at < 0) return;
    this.jobs.splice(at, 1);
    if (this.fair) this.solver.remove(job);
    let start = Infinity;
    for (const other of this.jobs) if (other.startTime < start) start = other.startTime;
    this.startTime = start;
  }

  /** Hadoop's PoolSchedulable.updateDemand: the jobs' demands and weights, and their sum. */
  updateDemand(sizeBasedWeight: boolean): void {
    let demand = 0;
    for (const job of this.jobs) {
      job.updateDemand(sizeBasedWeight);
      demand += job.demand;
    }
    this.demand = demand;
  }

  /** Hadoop's redistributeShare: a fair-mode pool's share divided among its jobs. */
  redistributeShare(): void {
    if (!this.fair) return;
    this.solver.solve(this.fairShare);
    this.resort = true;
  }

  /**
   * At a heartbeat, before the pool is offered the node's slots: the live
   * running counts and the keys, and in fair mode the jobs in order. Returns
   * whether some job may launch a task of the pool's kind; a pool where none
   * can is marked exhausted for this heartbeat.
   *
   * Between updates a job's key only drops (its tasks end; its launches are
   * counted at once by `launched`), so the jobs whose count changed move up
   * into the order kept from the last heartbeat; after an update, or an
   * arrival, they are sorted again.
   */
  prepare(beat: number, stamp: number): boolean {
    this.cursor = 0;
    if (stamp === this.preparedStamp) {
      // Nothing changed since: the same counts, keys and order.
      if (!this.hadWork) this.exhaustedAt = beat;
      return this.hadWork;
    }
    this.preparedStamp = stamp;
    const jobs = this.jobs;
    const reorder = this.fair && !this.resort;
    let running = 0;
    let work = false;
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i];
      const count = job.readRunning();
      running += count;
      if (!work && job.canLaunch()) work = true;
      if (count !== job.running) {
        job.running = count;
        if (reorder) {
          job.refreshKey();
          moveEarlier(jobs, i);
        }
      }
    }
    this.running = running;
    this.refreshKey();
    this.hadWork = work;
    if (!work) {
      this.exhaustedAt = beat;
      return false;
    }
    if (this.fair && this.resort) {
      for (let i = 0; i < jobs.length; i++) jobs[i].refreshKey();
      sortByFairShare(jobs);
      this.resort = false;
    }
    return true;
  }

  /** `jobs[i]` has just launched a task on the node. */
  launched(i: number): void {
    const job = this.jobs[i];
    job.running++;
    this.running++;
    this.refreshKey();
    this.cursor = i;
    if (this.fair) {
      job.refreshKey();
      moveLater(this.jobs, i);
    }
  }
}

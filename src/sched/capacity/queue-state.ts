/**
 * One Capacity Scheduler queue during a run: its jobs (initialized ones in
 * FIFO order, and those waiting for `maxRunningJobs`), and, per kind of slot,
 * its capacity and ceiling in slots, the slots its tasks and each of its users
 * hold, and the users and jobs with a task of that kind waiting to run.
 *
 * Hadoop's `CapacitySchedulerQueue.updateAll` recounts all of this from every
 * initialized job at each heartbeat. Here the counts are kept up to date
 * instead, so that a heartbeat costs time in the jobs that are running tasks,
 * not in the whole backlog:
 * - Slots held are summed over the "live" jobs only: those with a task
 *   running at the last refresh, or launched since. A job without a running
 *   task holds nothing, and only a launch by this scheduler gives it one.
 * - Whether a job has a map (a reduce) waiting is remembered per job and
 *   re-read for live jobs at each refresh and for a job at each launch. A job
 *   without running tasks can only gain waiting work when a node failure
 *   makes lost map outputs run again; `refresh(…, full)` re-reads every job,
 *   which the scheduler does when the live cluster's slots change and at
 *   least once per heartbeat interval.
 *
 * Users are small integers local to the queue, numbered as their first job
 * arrives; jobs are the run's job indices. Both tables grow as jobs arrive; a
 * refresh allocates nothing.
 */
import { JobQueue } from '../job-queue.js';
import { withRoomFor } from '../job-column.js';
import type { JobView } from '../types.js';
import type { QueueConfig } from './queue-config.js';
import { percentOfSlots } from './slots.js';
import { isUserOverLimit, userLimit } from './user-limits.js';
import { hasTaskFor } from '../has-task-for.js';

export const MAP = 0;
export const REDUCE = 1;
export type SlotKind = typeof MAP | typeof REDUCE;

/** Bits of `JobTable.work`: the job has a map waiting; a reduce waiting (past slow-start). */
const WORK_BIT = [1, 2] as const;

/** Per-job facts shared by the queues of one run (each job is in one queue), by job index. */
export class JobTable {
  /** User of each job, local to the job's queue. */
  user = new Int32Array(0);
  /** Position of each job in its queue's live list, or -1. */
  liveAt = new Int32Array(0);
  /** Waiting work (`WORK_BIT`s) of each initialized job, as last read. */
  work = new Uint8Array(0);

  /** A job arrives: room for it, and its user. */
  add(job: number, user: number): void {
    this.user = withRoomFor(this.user, job);
    this.liveAt = withRoomFor(this.liveAt, job, -1);
    this.work = withRoomFor(this.work, job);
    this.user[job] = user;
  }
}

export class QueueState {
  /** Initialized jobs, by priority then submit time: the jobs that may get slots. */
  readonly running = new JobQueue();
  /** Jobs beyond `maxRunningJobs`, initialized in the same order as room appears. */
  readonly waiting = new JobQueue();
  /** Guaranteed slots of each kind now. */
  readonly capacity = [0, 0];
  /** Ceiling in slots of each kind now (Infinity when none). */
  readonly maxCapacity = [Infinity, Infinity];
  /** Slots of each kind the queue's tasks hold. */
  readonly occupied = [0, 0];
  /** Users with a task of each kind waiting to run. */
  readonly activeUsers = [0, 0];
  /** Initialized jobs with a task of each kind waiting to run. */
  readonly candidates = [0, 0];
  /** Slots of each kind held per user. */
  userSlots: [Float64Array, Float64Array] = [new Float64Array(0), new Float64Array(0)];
  /** Initialized jobs with a task of each kind waiting, per user. */
  private userWaitingJobs: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];
  /** Each user's number in the queue. */
  private readonly users = new Map<string, number>();
  /** Jobs that may hold slots (see the file comment). */
  private readonly live: JobView[] = [];

  constructor(
    readonly config: QueueConfig,
    /** Position in the scheduler's list of queues. */
    readonly index: number,
    /** Position of the queue's name in name order: the tie-break between equally served queues. */
    readonly rank: number,
    private readonly jobs: JobTable,
  ) {}

  /** A job arrives: it is initialized at once if the queue runs fewer than `maxRunningJobs`. */
  submit(job: JobView): void {
    this.jobs.add(job.index, this.userOf(job.spec.user));
    if (this.running.jobs.length < this.config.maxRunningJobs) this.initialize(job);
    else this.waiting.add(job);
  }

  /** A job ended (or failed, possibly while waiting): its place goes to the first waiting job. */
  finish(job: JobView): void {
    const before = this.running.jobs.length;
    this.running.remove(job);
    if (this.running.jobs.length === before) {
      this.waiting.remove(job);
      return;
    }
    // It stays live until the next refresh, which zeroes what its user held through it.
    this.setWork(job, 0);
    while (this.running.jobs.length < this.config.maxRunningJobs && this.waiting.jobs.length > 0) {
      this.initialize(this.waiting.jobs.shift()!);
    }
  }

  /**
   * Capacities over the live cluster's slots, and the slots the queue's jobs
   * and users hold. With `full`, re-reads every initialized job's waiting work.
   */
  refresh(mapSlots: number, reduceSlots: number, full: boolean): void {
    const { capacity, maxCapacity } = this.config;
    this.capacity[MAP] = percentOfSlots(capacity, mapSlots);
    this.capacity[REDUCE] = percentOfSlots(capacity, reduceSlots);
    // A ceiling that rounds to no slot at all still lets one task run (Hadoop would drop the ceiling).
    this.maxCapacity[MAP] = maxCapacity >= 100 ? Infinity : Math.max(1, percentOfSlots(maxCapacity, mapSlots));
    this.maxCapacity[REDUCE] = maxCapacity >= 100 ? Infinity : Math.max(1, percentOfSlots(maxCapacity, reduceSlots));
    if (full) {
      for (const job of this.running.jobs) {
        this.readWork(job);
        if (this.jobs.liveAt[job.index] < 0 && job.runningMaps + job.runningReduces > 0) this.addLive(job);
      }
    }
    const live = this.live;
    const user = this.jobs.user;
    const [mapsOf, reducesOf] = this.userSlots;
    for (const job of live) {
      mapsOf[user[job.index]] = 0;
      reducesOf[user[job.index]] = 0;
    }
    let maps = 0;
    let reduces = 0;
    for (let i = live.length - 1; i >= 0; i--) {
      const job = live[i];
      const u = user[job.index];
      maps += job.runningMaps;
      reduces += job.runningReduces;
      mapsOf[u] += job.runningMaps;
      reducesOf[u] += job.runningReduces;
      this.readWork(job);
      if (job.runningMaps + job.runningReduces === 0) this.dropLive(job);
    }
    this.occupied[MAP] = maps;
    this.occupied[REDUCE] = reduces;
  }

  /** Hadoop's `assignSlotsToQueue`: one more task of this kind would pass the queue's ceiling. */
  atMaxCapacity(kind: SlotKind): boolean {
    return this.occupied[kind] + 1 > this.maxCapacity[kind];
  }

  /** How full the queue is against its guarantee; a queue guaranteed no slot counts as full (1). */
  fillRatio(kind: SlotKind): number {
    const capacity = this.capacity[kind];
    return capacity === 0 ? 1 : this.occupied[kind] / capacity;
  }

  /** The most slots of this kind any one user may hold after taking one more, now. */
  userLimit(kind: SlotKind): number {
    return userLimit({
      capacity: this.capacity[kind],
      occupied: this.occupied[kind],
      activeUsers: this.activeUsers[kind],
      minimumUserLimitPercent: this.config.minimumUserLimitPercent,
      userLimitFactor: this.config.userLimitFactor,
    });
  }

  /** Whether the user of `job` may not take one more slot of this kind under `limit`. */
  isOverLimit(kind: SlotKind, job: JobView, limit: number): boolean {
    return isUserOverLimit(this.userSlots[kind][this.jobs.user[job.index]], limit);
  }

  /** A task of this kind of `job` was launched. */
  recordLaunch(kind: SlotKind, job: JobView): void {
    this.occupied[kind]++;
    this.userSlots[kind][this.jobs.user[job.index]]++;
    if (this.jobs.liveAt[job.index] < 0) this.addLive(job);
    this.readWork(job);
  }

  private initialize(job: JobView): void {
    this.running.add(job);
    this.jobs.work[job.index] = 0;
    this.readWork(job);
  }

  private readWork(job: JobView): void {
    this.setWork(job, (hasTaskFor(job, 'map') ? WORK_BIT[MAP] : 0) | (hasTaskFor(job, 'reduce') ? WORK_BIT[REDUCE] : 0));
  }

  /** Records the job's waiting work, keeping the per-user and per-queue counts in step. */
  private setWork(job: JobView, bits: number): void {
    const before = this.jobs.work[job.index];
    if (before === bits) return;
    this.jobs.work[job.index] = bits;
    const user = this.jobs.user[job.index];
    this.countWork(MAP, user, before, bits);
    this.countWork(REDUCE, user, before, bits);
  }

  private countWork(kind: SlotKind, user: number, before: number, after: number): void {
    const had = (before & WORK_BIT[kind]) !== 0;
    const has = (after & WORK_BIT[kind]) !== 0;
    if (had === has) return;
    const delta = has ? 1 : -1;
    const jobs = (this.userWaitingJobs[kind][user] += delta);
    this.candidates[kind] += delta;
    // The user's first waiting job makes it active; its last one leaving makes it inactive.
    if (jobs === (has ? 1 : 0)) this.activeUsers[kind] += delta;
  }

  /** The user's number in the queue, given it at its first job. */
  private userOf(id: string): number {
    let user = this.users.get(id);
    if (user === undefined) {
      user = this.users.size;
      this.users.set(id, user);
      this.userSlots = [withRoomFor(this.userSlots[MAP], user), withRoomFor(this.userSlots[REDUCE], user)];
      this.userWaitingJobs = [withRoomFor(this.userWaitingJobs[MAP], user), withRoomFor(this.userWaitingJobs[REDUCE], user)];
    }
    return user;
  }

  private addLive(job: JobView): void {
    this.jobs.liveAt[job.index] = this.live.length;
    this.live.push(job);
  }

  private dropLive(job: JobView): void {
    const at = this.jobs.liveAt[job.index];
    const last = this.live.pop()!;
    if (last !== job) {
      this.live[at] = last;
      this.jobs.liveAt[last.index] = at;
    }
    this.jobs.liveAt[job.index] = -1;
  }
}

/** A job's live state in the runtime; policies see it as a read-only JobView. */
import { JOB_PRIORITIES, type Job } from '../model/workload.js';
import type { JobStatus } from '../model/run-record.js';
import type { JobView } from './policy.js';
import { PendingMaps } from './pending-maps.js';
import { JobShuffle } from './shuffle.js';
import type { NetworkModel } from './network.js';

export const TASK_PENDING = 0;
export const TASK_RUNNING = 1;
export const TASK_DONE = 2;

export class JobState implements JobView {
  readonly priorityRank: number;
  pendingMaps: number;
  runningMaps = 0;
  succeededMaps = 0;
  pendingReduces: number;
  runningReduces = 0;
  succeededReduces = 0;
  /** Slow-start has been reached once; Hadoop never takes it back. */
  reducesUnlocked: boolean;
  submitted = false;
  firstStart: number | null = null;
  mapsDone: number | null = null;
  end: number | null = null;
  status: JobStatus = 'unfinished';
  failure: string | null = null;

  readonly mapState: Uint8Array;
  /** Attempts made so far per map (the next attempt's number). */
  readonly mapAttempts: Int32Array;
  /** Attempt id of the running attempt, or of the attempt whose output counts once done. */
  readonly mapAttempt: Int32Array;
  readonly reduceState: Uint8Array;
  readonly reduceAttempts: Int32Array;
  readonly reduceAttempt: Int32Array;
  readonly pending: PendingMaps;
  readonly shuffle: JobShuffle;
  /** Maps that must have finished before reduces may launch. */
  readonly slowStartMaps: number;

  constructor(
    readonly index: number,
    readonly spec: Job,
    slowStart: number,
    rackOf: Int32Array,
    isAlive: (node: number) => boolean,
    network: NetworkModel,
  ) {
    this.priorityRank = JOB_PRIORITIES.indexOf(spec.priority);
    const maps = spec.maps.length;
    const reduces = spec.reduces.length;
    this.pendingMaps = maps;
    this.pendingReduces = reduces;
    this.mapState = new Uint8Array(maps);
    this.mapAttempts = new Int32Array(maps);
    this.mapAttempt = new Int32Array(maps).fill(-1);
    this.reduceState = new Uint8Array(reduces);
    this.reduceAttempts = new Int32Array(reduces);
    this.reduceAttempt = new Int32Array(reduces).fill(-1);
    // Hadoop: ceil(slowstart × maps) maps must complete first.
    this.slowStartMaps = Math.ceil(slowStart * maps);
    this.reducesUnlocked = this.slowStartMaps === 0;
    this.pending = new PendingMaps(
      spec.maps.map((m) => m.replicas),
      rackOf,
      (task) => this.mapState[task] === TASK_PENDING,
      isAlive,
    );
    this.shuffle = new JobShuffle(spec, network);
  }

  get hasRunnableReduce(): boolean {
    return this.reducesUnlocked && this.pendingReduces > 0;
  }

  /** Reduces pending that may launch now (0 before slow-start). */
  get runnableReduces(): number {
    return this.reducesUnlocked ? this.pendingReduces : 0;
  }
}

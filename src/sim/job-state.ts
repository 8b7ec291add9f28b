/** A job's live state in the runtime, with its truth; policies see it through a `JobPort`. */
import type { Job } from '../model/workload.js';
import { NO_RESOURCES, type Resources } from '../model/resources.js';
import type { JobRecord, JobStatus } from '../model/run-record.js';
import type { Settings } from '../model/scenario.js';
import { checkHeap } from '../util/heap-guard.js';
import { PendingMaps } from './pending-maps.js';
import { JobShuffle, type ShuffleClock } from './network/shuffle.js';
import type { BatchSplitter } from './network/batch-parts.js';
import type { NetworkModel } from './network/network.js';
import type { ArrayPool } from './array-pool.js';
import { reduceRampUpLimit } from './reduce-ramp-up.js';
import type { SpeculationContext } from './backup-rule.js';
import { builtinBackupRules, type BackupRuleFactory } from './backup-rules.js';
import { TaskBackups } from './task-backups.js';
import { TASK_PENDING } from './task-states.js';
import { JobFailures, type FailureRules } from './job-failures.js';

/** Hadoop 1's rules on a cluster of slots, with its default limit (mapred.max.tracker.failures). */
const HADOOP1_FAILURE_RULES: FailureRules = { maxFailuresPerTracker: 4, yarn: false, avoidsFailedNodes: true };


/** What a job's submission takes from the run, the same for every job. */
export interface JobSetup {
  /** Each node's rack, and the number of racks. */
  readonly rackOf: Int32Array;
  readonly rackCount: number;
  readonly isAlive: (node: number) => boolean;
  /** The cluster's trackers (its live nodes), as a job's blacklist counts them. */
  readonly trackers: () => number;
  readonly network: NetworkModel;
  readonly clock: ShuffleClock;
  /** The arrays as long as the cluster's nodes, racks or switches, reused from job to job. */
  readonly arrays: ArrayPool;
  /** How a reduce's batches split into parts, sharing the network. */
  readonly splitter: BatchSplitter;
}

/** YARN's reduce ramp-up as a job sees it: the limit, and the free containers (on a resource cluster, memory) it could get. */
export interface ReduceRampUp {
  readonly limit: number;
  headroom(): number;
}

/** What speculative execution reads of the run, per kind of task (null: that kind is not backed up). */
export interface SpeculationContexts {
  readonly maps: SpeculationContext | null;
  readonly reduces: SpeculationContext | null;
}

/** Every job's state for a run, by index; YARN's reduce ramp-up reads the cluster's free containers (or memory). */
export function jobStatesFor(
  workload: readonly Job[],
  settings: Settings,
  /** Every node has map and reduce slots (no unified containers). */
  splitSlots: boolean,
  headroom: () => number,
  /** What each kind's speculation reads, for the kinds `settings.speculation` backs up. */
  speculation: SpeculationContexts,
  /** Makes each job's rule for each kind backed up. */
  backupRules: BackupRuleFactory,
): JobState[] {
  const yarn = settings.yarn;
  const rampUp: ReduceRampUp | null = yarn === null ? null : { limit: yarn.reduceRampUpLimit, headroom };
  const failureRules: FailureRules = {
    maxFailuresPerTracker: settings.taskFailures.maxFailuresPerTracker,
    yarn: yarn !== null,
    avoidsFailedNodes: yarn === null && splitSlots,
  };
  return workload.map((job, i) => {
    if (i % 1024 === 0) checkHeap(() => `setting up the run of ${workload.length} jobs: ${i} ready`);
    return new JobState(i, job, settings.slowStart, rampUp, speculation, failureRules, backupRules);
  });
}

export class JobState {
  pendingMaps: number;
  runningMaps = 0;
  succeededMaps = 0;
  pendingReduces: number;
  runningReduces = 0;
  succeededReduces = 0;
  /** Past slow-start: enough maps have succeeded (a map re-run for its lost output can take it back, `JobTracker.rerunMapsOn`). */
  reducesUnlocked: boolean;
  submitted = false;
  firstStart: number | null = null;
  mapsDone: number | null = null;
  /** The longest successful map attempt so far, seconds (Hadoop 1's reduces time their fetch retries by it). */
  longestMap = 0;
  end: number | null = null;
  status: JobStatus = 'unfinished';
  failure: string | null = null;

  // Per-task state, built when the job is submitted (most of a long trace's
  // jobs are not yet submitted or already done at any moment).
  mapState!: Uint8Array;
  /** Attempts made so far per map (the next attempt's number). */
  mapAttempts!: Int32Array;
  /** Attempt id of the running attempt, or of the attempt whose output counts once done. */
  mapAttempt!: Int32Array;
  reduceState!: Uint8Array;
  reduceAttempts!: Int32Array;
  reduceAttempt!: Int32Array;
  /** With speculation of maps, of reduces: their backups and the rule that picks them (`task-backups.ts`); null while that kind is not backed up. */
  mapBackups: TaskBackups | null = null;
  reduceBackups: TaskBackups | null = null;
  /** Failed attempts of each map and reduce so far (not those killed, nor those lost with their node). */
  mapFailures!: Uint8Array;
  reduceFailures!: Uint8Array;
  /** Where its tasks failed, and its blacklist of nodes (`job-failures.ts`); null until an attempt fails. */
  failures: JobFailures | null = null;
  private trackers!: () => number;
  pending!: PendingMaps;
  /** The shuffle, for jobs with reduces. */
  shuffle: JobShuffle | null = null;
  /** Maps that must have finished before reduces may launch. */
  readonly slowStartMaps: number;

  // YARN mode: the job's ApplicationMaster.
  /** Node of its running AM, or -1 (none yet, or lost and waiting for a container again). */
  amNode = -1;
  /** AM attempts started so far. */
  amAttempts = 0;
  /** Its running AM's row in the run's AM containers. */
  amContainer = -1;
  /** Time its setup is over (the AM's start plus the job's setup), or NaN when none is due. */
  setUpAt = NaN;
  /** Time its commit is over, or NaN when none is due. */
  commitAt = NaN;
  /** The container each of its maps and reduces takes on a resource cluster (none on slots, which are counted). */
  readonly mapRequest: Resources;
  readonly reduceRequest: Resources;

  constructor(
    readonly index: number,
    /** The job with its tasks' work and output: the runtime's alone. */
    readonly job: Job,
    slowStart: number,
    /** Reduce ramp-up (YARN mode), or null. */
    private readonly rampUp: ReduceRampUp | null = null,
    /** What speculative execution of each kind reads (`backup-rule.ts`); a null kind is not backed up. */
    private readonly speculation: SpeculationContexts = { maps: null, reduces: null },
    /** What its failed attempts lead to (`job-failures.ts`). */
    private readonly failureRules: FailureRules = HADOOP1_FAILURE_RULES,
    /** Makes the rule that picks a task to back up, with speculation on (`backup-rules.ts`). */
    private readonly backupRules: BackupRuleFactory = builtinBackupRules('hadoop1'),
  ) {
    this.pendingMaps = job.maps.length;
    this.pendingReduces = job.reduces.length;
    this.mapRequest = job.mapContainer ?? NO_RESOURCES;
    this.reduceRequest = job.reduceContainer ?? NO_RESOURCES;
    // Hadoop: ceil(slowstart × maps) maps must complete first.
    this.slowStartMaps = Math.ceil(slowStart * job.maps.length);
    this.reducesUnlocked = this.slowStartMaps === 0;
  }

  /** The job arrives: build its per-task state. */
  submit(setup: JobSetup): void {
    const maps = this.job.maps.length;
    const reduces = this.job.reduces.length;
    this.submitted = true;
    // One buffer for the four integer columns and one for the four byte columns: each typed array of
    // more than a few entries is a buffer allocated outside the heap, while a view on one costs little.
    const ints = new Int32Array(2 * (maps + reduces));
    this.mapAttempts = ints.subarray(0, maps);
    this.mapAttempt = ints.subarray(maps, 2 * maps).fill(-1);
    this.reduceAttempts = ints.subarray(2 * maps, 2 * maps + reduces);
    this.reduceAttempt = ints.subarray(2 * maps + reduces).fill(-1);
    const bytes = new Uint8Array(2 * (maps + reduces));
    this.mapState = bytes.subarray(0, maps);
    this.mapFailures = bytes.subarray(maps, 2 * maps);
    this.reduceState = bytes.subarray(2 * maps, 2 * maps + reduces);
    this.reduceFailures = bytes.subarray(2 * maps + reduces);
    this.trackers = setup.trackers;
    this.pending = new PendingMaps(
      this.job.maps,
      setup.rackOf,
      setup.rackCount,
      (task) => this.mapState[task] === TASK_PENDING,
      setup.isAlive,
      setup.arrays,
      this.mapFailures,
      (task, node) => this.avoids(true, task, node),
    );
    const { maps: mapContext, reduces: reduceContext } = this.speculation;
    if (mapContext !== null) {
      const avoids = (task: number, node: number) => this.avoids(true, task, node);
      const pending = () => this.pendingMaps;
      this.mapBackups = new TaskBackups(maps, mapContext.told, pending, (backup) =>
        this.backupRules({ job: this.index, isMap: true, columns: { state: this.mapState, attempt: this.mapAttempt, backup, avoids }, context: mapContext, pending }),
      );
    }
    if (reduceContext !== null && reduces > 0) {
      const avoids = (task: number, node: number) => this.avoids(false, task, node);
      const pending = () => this.pendingReduces;
      this.reduceBackups = new TaskBackups(reduces, reduceContext.told, pending, (backup) =>
        this.backupRules({ job: this.index, isMap: false, columns: { state: this.reduceState, attempt: this.reduceAttempt, backup, avoids }, context: reduceContext, pending }),
      );
    }
    if (reduces > 0) this.shuffle = new JobShuffle(this.job, setup.network, setup.rackOf.length, setup.arrays, setup.clock, setup.splitter);
  }

  /** An attempt of the task (a map if `isMap`) failed on `node`: counted, with the nodes it failed on and the job's blacklist. Returns the task's failures. */
  recordFailure(isMap: boolean, task: number, node: number): number {
    this.failures ??= new JobFailures(this.job.maps.length, this.failureRules);
    this.failures.record(isMap, task, node, this.trackers());
    return isMap ? ++this.mapFailures[task] : ++this.reduceFailures[task];
  }

  /** Whether the task failed on `node` and is not to run there again (Hadoop's TaskInProgress.hasFailedOnMachine). */
  avoids(isMap: boolean, task: number, node: number): boolean {
    return this.failures !== null && this.failures.avoids(isMap, task, node, this.trackers());
  }

  /** Whether the job takes no task on `node`, its failures there having blacklisted it (Hadoop 1's shouldRunOnTaskTracker). */
  blacklists(node: number): boolean {
    return this.failures !== null && this.failures.blacklists(node, this.trackers());
  }

  /** The job has ended: drop what only a running job needs. */
  release(): void {
    if (!this.submitted) return; // failed before its setup was over (YARN mode: its AM failed)
    this.pending.clear();
    this.shuffle?.clear();
    this.mapBackups = null;
    this.reduceBackups = null;
  }

  /**
   * A map slot offered to the job may launch a backup: map speculation is
   * on, no map is left to launch, some running map has one attempt, the
   * job is under its cap of backups, and a candidate may be found.
   */
  get mayBackUpMap(): boolean {
    return this.pendingMaps === 0 && mayBackUp(this.mapBackups, this.runningMaps);
  }

  /** After `mayBackUpMap` (a map if `isMap`) or `mayBackUpReduce` said no, until when that holds if its rule is told nothing (`BackupRule.noHoldsUntil`). */
  noHoldsUntil(isMap: boolean): number {
    return this.backupsOf(isMap)?.rule.noHoldsUntil() ?? Infinity;
  }

  /** A reduce slot offered to the job may launch a backup: as `mayBackUpMap`, for reduces. */
  get mayBackUpReduce(): boolean {
    return this.pendingReduces === 0 && mayBackUp(this.reduceBackups, this.runningReduces);
  }

  /** Its columns of attempts that may be running: its maps', reduces', and backups'. */
  attemptColumns(): Int32Array[] {
    const columns = [this.mapAttempt, this.reduceAttempt];
    for (const backups of [this.mapBackups, this.reduceBackups]) if (backups !== null) columns.push(backups.attempt);
    return columns;
  }

  /** The job as it ended (or not), for the run record. */
  record(): JobRecord {
    const { job } = this;
    return { id: job.id, user: job.user, pool: job.pool, weight: job.weight, submit: job.submitTime, firstStart: this.firstStart, mapsDone: this.mapsDone, end: this.end, status: this.status, failure: this.failure };
  }

  /** The backups of maps (`isMap`) or of reduces, or null when that kind is not backed up. */
  backupsOf(isMap: boolean): TaskBackups | null {
    return isMap ? this.mapBackups : this.reduceBackups;
  }

  /** The running attempt of the task (a map if `isMap`) other than `attempt`, or -1. */
  otherAttempt(isMap: boolean, task: number, attempt: number): number {
    const backup = this.backupsOf(isMap)?.attempt[task] ?? -1;
    if (backup < 0) return -1;
    const first = isMap ? this.mapAttempt[task] : this.reduceAttempt[task];
    return first === attempt ? backup : first;
  }

  /** Past slow-start, a reduce pending, and (YARN mode) room for one more under the ramp-up limit. */
  get hasRunnableReduce(): boolean {
    return this.reducesUnlocked && this.pendingReduces > 0 && this.rampUpRoom();
  }

  private rampUpRoom(): boolean {
    const rampUp = this.rampUp;
    if (rampUp === null) return true;
    // On containers a request is none (memory 0): each task then weighs one container.
    const weight = (request: Resources) => (request.memory > 0 ? request.memory : 1);
    return this.runningReduces < reduceRampUpLimit(this, this.job.maps.length, rampUp.headroom(), rampUp.limit, weight(this.mapRequest), weight(this.reduceRequest));
  }

  /** Reduces pending past slow-start (0 before it); in YARN mode the ramp-up may hold some back. */
  get runnableReduces(): number {
    return this.reducesUnlocked ? this.pendingReduces : 0;
  }
}

/** Some running task of the kind has one attempt, the job is under its cap of backups, and its rule may find a candidate. */
function mayBackUp(backups: TaskBackups | null, running: number): boolean {
  if (backups === null || running <= 2 * backups.count) return false;
  return backups.rule.mayBackUp(backups.count, running - backups.count);
}

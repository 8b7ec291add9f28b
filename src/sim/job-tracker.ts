/**
 * The job tracker: every job's and task's state through a run. Jobs are
 * submitted in order, set up, offered to the policy, and end once every task
 * is done and their output committed (or fail). Attempts launch on the
 * policy's decisions, run (`TaskExecution`), and end: done, failed (of
 * themselves, or with their node), or killed; a task that loses an attempt,
 * or a map whose output a lost node held, becomes pending again. A task
 * whose attempts fail of themselves too often fails its job, and a job whose
 * tasks keep failing on a node stops using it (`job-failures.ts`; in slot
 * mode, so may the whole cluster: `cluster-blacklist.ts`).
 *
 * It keeps the counts the policy port shows (runnable maps and reduces, the
 * state version) and wakes idle nodes when work of a kind appears. It tells
 * the parts above it what happens through two small interfaces: the
 * ApplicationMasters of YARN mode (`AmHost`) and the policy (`JobEvents`).
 */
import { KIND_MAP, KIND_REDUCE, STATUS_FAILED, STATUS_KILLED, STATUS_SUCCEEDED, type JobRecord } from '../model/run-record.js';
import type { Settings } from '../model/scenario.js';
import { ArrayPool } from './array-pool.js';
import { STATUS_RUNNING, type AttemptLog } from './attempt-log.js';
import type { ClusterState } from './cluster-state.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_ATTEMPT_FAILED, EV_JOB_COMMITTED, EV_JOB_SET_UP, EV_JOB_SUBMIT, EV_READ_RETRY, EV_TASK_END } from './event-types.js';
import type { Heartbeats } from './heartbeats.js';
import type { JobSetup, JobState } from './job-state.js';
import { TASK_DONE, TASK_PENDING, TASK_RUNNING } from './task-states.js';
import { BatchSplitter } from './network/batch-parts.js';
import type { NetworkModel } from './network/network.js';
import type { ReduceFetch } from './network/reduce-fetch.js';
import type { NodeState } from './node-state.js';
import type { TaskExecution } from './task-execution.js';
import type { ClusterBlacklist } from './cluster-blacklist.js';
import { SetupCleanupTasks } from './setup-cleanup-tasks.js';
import { BackupWakes } from './backup-wakes.js';
import type { RulesTold } from './backup-rule.js';
import { NodeSuccesses } from './node-successes.js';


/** YARN mode's ApplicationMasters, as the job tracker needs them. */
export interface AmHost {
  /** A submitted job waits for a container for its AM; its setup starts when the AM does. */
  waitFor(job: JobState): void;
  /** The job has ended: its AM frees its container (or stops waiting for one). */
  release(job: JobState): void;
  /** Jobs whose AM waits only for room: within the cluster's AM limit, and let start by the policy's queue limits. */
  admittedWaiting(): readonly JobState[];
}

/** Who hears of reduces starting their shuffle (the fetch failures of a failed node's output). */
export interface ShuffleStarts {
  shuffleStarted(job: JobState, fetch: ReduceFetch): void;
}

/** What the policy hears of jobs and attempts, in the order it happens. */
export interface JobEvents {
  jobSubmitted(job: JobState): void;
  /** An attempt has ended (its record is final), before the slot it held is offered again. */
  taskEnded(attempt: number): void;
  jobFinished(job: JobState): void;
}

export class JobTracker {
  /** Submitted, unfinished jobs in submission order. */
  readonly activeJobs: JobState[] = [];
  /** Pending maps of submitted jobs, and pending reduces past slow-start. */
  runnableMaps = 0;
  runnableReduces = 0;
  /** Changes whenever a task launches or ends, a job arrives or leaves, a node fails or recovers, or a block copy ends. */
  stateVersion = 0;
  jobsDone = 0;
  /** By kind (KIND_MAP, KIND_REDUCE): tasks with a backup running, in every job. */
  readonly backupsRunning = [0, 0];
  /** Attempts that have succeeded on each node. */
  readonly succeededOn: NodeSuccesses;
  private readonly jobSetup: JobSetup;
  private ams: AmHost | null = null;
  private events!: JobEvents;
  /** Slot mode: Hadoop 1's cluster-wide blacklist, which hears of the jobs that succeed with nodes on theirs. */
  clusterBlacklist: ClusterBlacklist | null = null;
  /** Slot mode with `settings.setupCleanupSlots`: the setup and cleanup tasks that hold slots. */
  readonly setupTasks: SetupCleanupTasks | null;
  /** When backups may start, and the idle nodes woken for them. */
  readonly backupWakes: BackupWakes;

  constructor(
    private readonly loop: EventLoop,
    private readonly log: AttemptLog,
    private readonly cluster: ClusterState,
    private readonly execution: TaskExecution,
    private readonly heartbeats: Heartbeats,
    network: NetworkModel,
    /** Every job of the run (`jobStatesFor`), by index. */
    readonly jobs: readonly JobState[],
    readonly settings: Settings,
    /** By kind, the count the jobs' speculation rules move as they are told things (`RulesTold`). */
    told: readonly RulesTold[],
  ) {
    this.succeededOn = new NodeSuccesses(cluster.nodes.length);
    const slots = [() => cluster.mapCapacity, () => cluster.reduceCapacity];
    this.backupWakes = new BackupWakes(loop, heartbeats, jobs, settings.speculation, this, told, slots);
    this.setupTasks = settings.setupCleanupSlots && settings.yarn === null ? new SetupCleanupTasks(cluster, heartbeats) : null;
    this.jobSetup = {
      rackOf: cluster.rackOf,
      rackCount: cluster.rackCount,
      isAlive: cluster.isAlive,
      trackers: () => cluster.liveNodes,
      network,
      clock: execution.shuffleClock,
      arrays: new ArrayPool(),
      splitter: new BatchSplitter(cluster.rackOf.length, settings.parallelCopies),
    };
    loop.on(EV_JOB_SUBMIT, (job) => this.submit(job));
    loop.on(EV_JOB_SET_UP, (job) => this.setUpIfDue(this.jobs[job]));
    loop.on(EV_JOB_COMMITTED, (job) => this.committedIfDue(this.jobs[job]));
    loop.on(EV_TASK_END, (attempt) => this.taskEnded(attempt));
    loop.on(EV_READ_RETRY, (attempt) => this.readRetried(attempt));
    loop.on(EV_ATTEMPT_FAILED, (attempt) => {
      if (execution.failures.failsNow(attempt, loop.now)) this.attemptFailed(attempt, 'failed in its compute');
    });
  }

  /**
   * Who hears of jobs, attempts and shuffles starting, (YARN mode) who runs the
   * ApplicationMasters and (slot mode) the cluster's blacklist; then the
   * first job's submission.
   */
  /** YARN mode: the jobs whose AM waits only for room (`AmHost.admittedWaiting`); none otherwise. */
  amsWaitingForRoom(): readonly JobState[] {
    return this.ams?.admittedWaiting() ?? [];
  }

  start(events: JobEvents, shuffleStarts: ShuffleStarts, ams: AmHost | null, clusterBlacklist: ClusterBlacklist | null): void {
    this.events = events;
    // A reduce's shuffle starts once its JVM is up, at its launch or after.
    this.execution.fetchStarted = (job, fetch) => shuffleStarts.shuffleStarted(job, fetch);
    this.execution.progressChanged = (job, isMap, task) => this.backupWakes.progressChanged(job, isMap, task);
    // A replica copied in may make a map local where no heartbeat found one.
    this.execution.copies.copied = () => this.stateVersion++;
    this.ams = ams;
    this.clusterBlacklist = clusterBlacklist;
    if (this.jobs.length > 0) this.loop.schedule(this.jobs[0].job.submitTime, EV_JOB_SUBMIT, 0);
  }

  get allJobsEnded(): boolean {
    return this.jobsDone === this.jobs.length;
  }

  /** Map `task` of `job` starts on `node` (a backup if it is running: speculative execution); returns the attempt. The launch has been checked. */
  launchMap(job: JobState, task: number, node: NodeState): number {
    this.stateVersion++;
    const attempt = this.log.add(job.index, task, KIND_MAP, job.mapAttempts[task]++, node.index, this.loop.now);
    this.execution.startMap(attempt, job, task, node.index);
    if (job.mapState[task] === TASK_RUNNING) {
      this.backupStarted(job, true, task, attempt, node);
      return attempt;
    }
    job.mapState[task] = TASK_RUNNING;
    job.mapAttempt[task] = attempt;
    job.mapBackups?.changed(task);
    job.pendingMaps--;
    job.runningMaps++;
    this.runnableMaps--;
    node.runningMaps++;
    this.cluster.hold(node, job.mapRequest);
    job.firstStart ??= this.loop.now;
    if (job.mapBackups !== null && job.pendingMaps === 0) this.backupWakes.tailStarted(job, KIND_MAP);
    return attempt;
  }

  /** Reduce `task` of `job` starts on `node` (a backup if it is running: speculative execution); returns the attempt. The launch has been checked. */
  launchReduce(job: JobState, task: number, node: NodeState): number {
    this.stateVersion++;
    const attempt = this.log.add(job.index, task, KIND_REDUCE, job.reduceAttempts[task]++, node.index, this.loop.now);
    if (job.reduceState[task] === TASK_RUNNING) {
      this.backupStarted(job, false, task, attempt, node);
    } else {
      job.reduceState[task] = TASK_RUNNING;
      job.reduceAttempt[task] = attempt;
      job.reduceBackups?.changed(task);
      job.pendingReduces--;
      job.runningReduces++;
      this.runnableReduces--;
      node.runningReduces++;
      this.cluster.hold(node, job.reduceRequest);
      job.firstStart ??= this.loop.now;
      if (job.reduceBackups !== null && job.pendingReduces === 0) this.backupWakes.tailStarted(job, KIND_REDUCE);
    }
    this.execution.startReduce(attempt, job, task, node.index);
    return attempt;
  }

  /** `attempt` on `node` backs up the running task (a map if `isMap`): two attempts run. */
  private backupStarted(job: JobState, isMap: boolean, task: number, attempt: number, node: NodeState): void {
    this.backupsRunning[isMap ? KIND_MAP : KIND_REDUCE]++;
    job.backupsOf(isMap)!.backupStarted(task, attempt);
    this.countRunning(job, isMap, node, 1);
    this.cluster.hold(node, isMap ? job.mapRequest : job.reduceRequest);
    this.backupWakes.ratesMoved(job);
  }

  /** A running attempt of the kind starts (`change` 1) or stops (-1) on `node`. */
  private countRunning(job: JobState, isMap: boolean, node: NodeState, change: number): void {
    if (isMap) {
      job.runningMaps += change;
      node.runningMaps += change;
    } else {
      job.runningReduces += change;
      node.runningReduces += change;
    }
  }

  /** The job's setup starts (at its submission, or in YARN mode when its AM starts); its tasks may run when it is over. */
  startSetup(job: JobState): void {
    const setup = job.job.setupTime ?? this.settings.jobSetup;
    if (setup === 0 && this.ams === null) {
      this.setUp(job);
      return;
    }
    if (this.setupTasks !== null) {
      this.setupTasks.wait(job, false);
      return;
    }
    // An AM starts inside a heartbeat: its job is set up after that heartbeat, even with no setup time.
    job.setUpAt = this.loop.now + setup;
    this.loop.schedule(job.setUpAt, EV_JOB_SET_UP, job.index);
  }

  /** Ends a running attempt early (its node failed, or its job was killed); the task becomes pending again. */
  endAttempt(attempt: number, status: number): void {
    const log = this.log;
    log.finish(attempt, status, this.loop.now);
    this.stateVersion++;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    const node = this.cluster.nodes[log.node[attempt]];
    this.execution.stop(attempt);
    const isMap = log.kind[attempt] === KIND_MAP;
    if (!isMap) job.shuffle!.stopFetch(task, attempt);
    this.countRunning(job, isMap, node, -1);
    const other = job.otherAttempt(isMap, task, attempt);
    if (other >= 0) {
      // Its backup (or the attempt it backed up) runs on: the task stays running.
      this.soleAttempt(job, isMap, task, other);
    } else if (isMap) {
      job.mapState[task] = TASK_PENDING;
      job.mapBackups?.stopped(task);
      job.pendingMaps++;
      job.pending.add(task);
      this.addRunnable(1, 0);
    } else {
      job.reduceState[task] = TASK_PENDING;
      job.reduceBackups?.stopped(task);
      job.pendingReduces++;
      // Runnable again only past slow-start, which a map re-run may have taken back.
      this.addRunnable(0, job.reducesUnlocked ? 1 : 0);
    }
    this.events.taskEnded(attempt);
    this.cluster.release(node, log.kind[attempt] === KIND_MAP ? job.mapRequest : job.reduceRequest);
    if (node.alive) this.heartbeats.slotFreed(node);
    if (job.status === 'unfinished') this.backupWakes.ratesMoved(job);
  }

  /**
   * Every map of `job` that finished on node `failed` (or those of `only`)
   * runs again; its first attempt is marked killed. The job's reduces may lose slow-start: Hadoop
   * counts the maps done again (JobInProgress.failedTask decrements
   * finishedMapTasks, which scheduleReduces compares with slow-start; YARN's
   * JobImpl decrements its succeeded maps), so no new reduce launches until
   * enough maps are done again. Reduces already running go on.
   */
  rerunMapsOn(job: JobState, failed: number, only: ReadonlySet<number> | null = null): void {
    let rerun = 0;
    for (let map = 0; map < job.job.maps.length; map++) {
      if (job.mapState[map] !== TASK_DONE || this.log.node[job.mapAttempt[map]] !== failed || (only !== null && !only.has(map))) continue;
      this.log.status[job.mapAttempt[map]] = STATUS_KILLED;
      job.mapState[map] = TASK_PENDING;
      job.succeededMaps--;
      job.pendingMaps++;
      job.mapsDone = null;
      job.pending.add(map);
      rerun++;
    }
    if (rerun === 0) return;
    job.mapBackups?.rerun();
    const runnableBefore = job.runnableReduces;
    if (job.succeededMaps < job.slowStartMaps) job.reducesUnlocked = false;
    this.addRunnable(rerun, job.runnableReduces - runnableBefore);
    // The shuffle waits for the re-runs (it lost their output when the node failed).
    job.shuffle!.mapsDone = false;
  }

  /**
   * Speculative execution: `task` (a map if `isMap`) finished by `attempt`,
   * which counts; the other attempt, if one runs, is killed at once
   * (Hadoop's TaskTracker hears it at its next heartbeat), its slot freed.
   */
  private taskWon(job: JobState, isMap: boolean, task: number, attempt: number): void {
    const loser = job.otherAttempt(isMap, task, attempt);
    this.soleAttempt(job, isMap, task, attempt);
    job.backupsOf(isMap)!.won(task, attempt);
    if (loser < 0) return;
    const log = this.log;
    log.finish(loser, STATUS_KILLED, this.loop.now);
    this.execution.stop(loser);
    if (!isMap) job.shuffle!.stopFetch(task, loser);
    const node = this.cluster.nodes[log.node[loser]];
    this.countRunning(job, isMap, node, -1);
    this.events.taskEnded(loser);
    this.cluster.release(node, isMap ? job.mapRequest : job.reduceRequest);
    if (node.alive) this.heartbeats.slotFreed(node);
  }

  /** `task` (a map if `isMap`) has one attempt again, `attempt`: the one that counts. */
  private soleAttempt(job: JobState, isMap: boolean, task: number, attempt: number): void {
    const backups = job.backupsOf(isMap);
    if (backups === null || backups.attempt[task] < 0) return;
    (isMap ? job.mapAttempt : job.reduceAttempt)[task] = attempt;
    this.backupsRunning[isMap ? KIND_MAP : KIND_REDUCE]--;
    backups.backupEnded(task);
  }

  /** Attempts running on a node, found through the active jobs (only a node failure asks). */
  attemptsRunningOn(node: number): number[] {
    const found: number[] = [];
    const consider = (attempt: number): void => {
      if (attempt >= 0 && this.log.status[attempt] === STATUS_RUNNING && this.log.node[attempt] === node) found.push(attempt);
    };
    for (const job of this.activeJobs) for (const attempts of job.attemptColumns()) attempts.forEach(consider);
    return found;
  }

  failJob(job: JobState, reason: string): void {
    // A job whose AM failed before its setup was over has no attempts.
    const attempts = job.submitted ? job.attemptColumns().flatMap((column) => Array.from(column)) : [];
    for (const attempt of attempts) {
      if (attempt >= 0 && this.log.status[attempt] === STATUS_RUNNING) this.endAttempt(attempt, STATUS_KILLED);
    }
    this.finishJob(job, 'failed', reason);
  }

  /** Each job as it ended (or not), for the run record. */
  records(): JobRecord[] {
    return this.jobs.map((job) => job.record());
  }

  private submit(index: number): void {
    const jobs = this.jobs;
    if (index + 1 < jobs.length) this.loop.schedule(jobs[index + 1].job.submitTime, EV_JOB_SUBMIT, index + 1);
    if (this.ams !== null) this.ams.waitFor(this.jobs[index]);
    else this.startSetup(this.jobs[index]);
  }

  /** A setup's end, unless the AM it belonged to was lost meanwhile (or the job failed). */
  private setUpIfDue(job: JobState): void {
    if (job.setUpAt !== this.loop.now || job.status !== 'unfinished') return;
    job.setUpAt = NaN;
    this.setupTasks?.release(job);
    this.setUp(job);
  }

  /** The job's setup is over: its tasks may run, and the policy hears of it. */
  private setUp(job: JobState): void {
    this.stateVersion++;
    job.submit(this.jobSetup);
    if (job.job.maps.length === 0 && job.job.reduces.length === 0) {
      this.commit(job);
      return;
    }
    this.activeJobs.push(job);
    this.events.jobSubmitted(job);
    this.addRunnable(job.pendingMaps, job.runnableReduces);
  }

  private taskEnded(attempt: number): void {
    const log = this.log;
    if (log.status[attempt] !== STATUS_RUNNING || log.end[attempt] !== this.loop.now) return; // cancelled or moved
    log.finish(attempt, STATUS_SUCCEEDED, this.loop.now);
    this.execution.succeeded(attempt);
    this.succeededOn.add(log.node[attempt]);
    this.stateVersion++;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    const node = this.cluster.nodes[log.node[attempt]];
    this.cluster.release(node, log.kind[attempt] === KIND_MAP ? job.mapRequest : job.reduceRequest);
    if (log.kind[attempt] === KIND_MAP) {
      node.runningMaps--;
      job.mapState[task] = TASK_DONE;
      job.runningMaps--;
      job.succeededMaps++;
      job.longestMap = Math.max(job.longestMap, log.end[attempt] - log.start[attempt]);
      if (job.mapBackups !== null) this.taskWon(job, true, task, attempt);
      this.mapOutputReady(job, task, node.index);
      // Its maps' mean rate moved: a map of it may be backed up now.
      if (this.heartbeats.wakesForBackups(KIND_MAP) && job.mayBackUpMap) this.heartbeats.backupsMayStart(KIND_MAP);
    } else {
      node.runningReduces--;
      const traffic = job.shuffle!.endFetch(task, attempt);
      log.bytesIn[attempt] = traffic.bytesIn;
      log.networkBytes[attempt] = traffic.networkBytes;
      log.byteHops[attempt] = traffic.byteHops;
      job.reduceState[task] = TASK_DONE;
      job.runningReduces--;
      job.succeededReduces++;
      if (job.reduceBackups !== null) this.taskWon(job, false, task, attempt);
    }
    if (job.status === 'unfinished') {
      // The job's reduces' rates moved (a reduce's mean, or the maps' outputs they copy): one may be backed up now.
      if (job.reduceBackups !== null && this.heartbeats.wakesForBackups(KIND_REDUCE) && job.mayBackUpReduce) this.heartbeats.backupsMayStart(KIND_REDUCE);
      this.backupWakes.ratesMoved(job);
    }
    // A map re-run after a failure can end after the reduces (Hadoop 1 waits for every map of the job too).
    const jobDone = job.succeededReduces === job.job.reduces.length && job.succeededMaps === job.job.maps.length;
    this.events.taskEnded(attempt);
    if (jobDone) this.commit(job);
    this.heartbeats.slotFreed(node);
  }

  private mapOutputReady(job: JobState, task: number, node: number): void {
    const maps = job.job.maps.length;
    if (job.succeededMaps === maps) job.mapsDone = this.loop.now;
    if (job.job.reduces.length === 0) return;
    const shuffle = job.shuffle!;
    shuffle.addOutput(task, node);
    if (!job.reducesUnlocked && job.succeededMaps >= job.slowStartMaps) {
      job.reducesUnlocked = true;
      this.addRunnable(0, job.pendingReduces);
    }
    // Not `succeededMaps === maps`: outputs lost with a failed node count as succeeded until the failure is noticed.
    if (shuffle.hasEveryOutput) shuffle.allMapsDone();
  }

  /** A map's block is still unreadable after the DFS client's retries: the attempt fails. */
  private readRetried(attempt: number): void {
    const log = this.log;
    if (log.status[attempt] !== STATUS_RUNNING || !this.cluster.nodes[log.node[attempt]].alive) return;
    if (this.execution.retryRead(attempt)) return;
    this.attemptFailed(attempt, 'could not read its input block: every replica was on a failed node');
  }

  /**
   * A running attempt fails of itself (`why` it did, for the job's failure):
   * the failure counts against its task and, on its node, against the job;
   * its task is pending again, or the job fails once the task has failed on
   * every attempt Hadoop allows (mapred.map.max.attempts,
   * mapred.reduce.max.attempts; mapred.max.map.failures.percent is 0).
   */
  private attemptFailed(attempt: number, why: string): void {
    const log = this.log;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    const isMap = log.kind[attempt] === KIND_MAP;
    const failures = job.recordFailure(isMap, task, log.node[attempt]);
    this.endAttempt(attempt, STATUS_FAILED);
    const limits = this.settings.taskFailures;
    const limit = isMap ? limits.maxMapAttempts : limits.maxReduceAttempts;
    if (failures >= limit && job.status === 'unfinished') {
      const kind = isMap ? 'map' : 'reduce';
      this.failJob(job, `${kind} ${task} failed on ${failures} attempts, the most allowed (taskFailures.max${isMap ? 'Map' : 'Reduce'}Attempts); its last attempt ${why}`);
    }
  }

  /** Every task of the job is done: it ends once its output is committed. */
  private commit(job: JobState): void {
    const commit = job.job.commitTime ?? this.settings.jobCommit;
    if (commit === 0) this.finishJob(job, 'succeeded', null);
    else if (this.setupTasks !== null) this.setupTasks.wait(job, true);
    else this.committing(job, commit);
  }

  /** The job's commit takes `seconds` from now. */
  private committing(job: JobState, seconds: number): void {
    job.commitAt = this.loop.now + seconds;
    this.loop.schedule(job.commitAt, EV_JOB_COMMITTED, job.index);
  }

  /** A commit's end, unless the task that ran it was lost with its node meanwhile (or the job failed). */
  private committedIfDue(job: JobState): void {
    if (job.commitAt !== this.loop.now || job.status !== 'unfinished') return;
    job.commitAt = NaN;
    this.setupTasks?.release(job);
    this.finishJob(job, 'succeeded', null);
  }

  /**
   * Slot mode with `settings.setupCleanupSlots`: a heartbeat's node runs the
   * first setup or cleanup task waiting, if it has a free slot (and then the
   * policy is not asked). Returns whether one started.
   */
  placeSetupTask(node: NodeState): boolean {
    const task = this.setupTasks?.place(node) ?? null;
    if (task === null) return false;
    this.stateVersion++;
    const { job, cleanup } = task;
    if (cleanup) this.committing(job, job.job.commitTime ?? this.settings.jobCommit);
    else {
      job.setUpAt = this.loop.now + (job.job.setupTime ?? this.settings.jobSetup);
      this.loop.schedule(job.setUpAt, EV_JOB_SET_UP, job.index);
    }
    return true;
  }

  /** The node failed: the setup and cleanup tasks it ran start again elsewhere (their ends are stale). */
  setupTasksLostOn(node: NodeState): void {
    for (const { job, cleanup } of this.setupTasks?.nodeFailed(node) ?? []) {
      if (cleanup) job.commitAt = NaN;
      else job.setUpAt = NaN;
    }
  }

  private finishJob(job: JobState, status: 'succeeded' | 'failed', failure: string | null): void {
    job.status = status;
    job.end = this.loop.now;
    job.failure = failure;
    // Hadoop 1 counts a fault against each node a job that succeeds had blacklisted.
    if (status === 'succeeded' && job.failures !== null) this.clusterBlacklist?.jobSucceeded(job.failures.blacklistedNodes());
    this.ams?.release(job);
    this.execution.copies.jobEnded(job);
    job.release();
    this.stateVersion++;
    this.jobsDone++;
    const at = this.activeJobs.indexOf(job);
    if (at < 0) return; // finished at submission
    this.activeJobs.splice(at, 1);
    this.addRunnable(-job.pendingMaps, -job.runnableReduces);
    job.pendingMaps = 0;
    job.pendingReduces = 0;
    this.events.jobFinished(job);
  }

  /** Change the runnable counts; when a kind goes from none to some, start waking idle nodes for it. */
  private addRunnable(maps: number, reduces: number): void {
    const mapsAppear = this.runnableMaps === 0 && maps > 0;
    const reducesAppear = this.runnableReduces === 0 && reduces > 0;
    this.runnableMaps += maps;
    this.runnableReduces += reduces;
    if (mapsAppear) this.heartbeats.workAppeared(KIND_MAP);
    if (reducesAppear) this.heartbeats.workAppeared(KIND_REDUCE);
  }
}

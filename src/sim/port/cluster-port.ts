/**
 * The cluster as a policy sees it (`ClusterView`): the clock, the nodes, the
 * capacities and runnable counts, the active jobs, and the look-ups a
 * JobTracker can answer (a pending map by locality, a runnable reduce, the
 * map output on each node, a running reduce's fetch). A read-only port onto
 * the runtime's state, which it keeps private.
 */
import type { ClusterState } from '../cluster-state.js';
import type { EventLoop } from '../engine/event-loop.js';
import { KIND_MAP, KIND_REDUCE, type TaskKind } from '../../model/run-record.js';
import type { AttemptLog } from '../attempt-log.js';
import { TASK_PENDING, TASK_RUNNING } from '../task-states.js';
import type { JobTracker } from '../job-tracker.js';
import type { NetworkModel } from '../network/network.js';
import { NO_RESOURCES, type Resources } from '../../model/resources.js';
import type { JobState } from '../job-state.js';
import { OFF_RACK, type ApplicationMasterView, type ClusterView, type JobView, type LocalityLevel, type NodeView, type ReduceFetchView, type RunningAttemptView } from '../policy.js';
import type { JobPort } from './job-port.js';
import type { NodePort } from './node-port.js';

/** How far running attempts are, as their trackers report it (the runtime's TaskExecution). */
export interface AttemptProgress {
  mapProgress(attempt: number, now: number): number;
  reduceProgress(attempt: number, now: number): number;
}

/** What `mapOutputBytes` shows for a job that keeps no map output for reduces. */
const NO_OUTPUT = new Float64Array(0);

export class ClusterPort implements ClusterView {
  readonly #loop: EventLoop;
  readonly #cluster: ClusterState;
  readonly #tracker: JobTracker;
  readonly #log: AttemptLog;
  readonly #network: NetworkModel;
  readonly #progress: AttemptProgress;
  readonly #activeJobs: readonly JobPort[];
  /** Each job's ApplicationMaster as the policy sees it (YARN mode), from when it is first shown. */
  readonly #amViews: ApplicationMasterView[] = [];
  readonly nodes: readonly NodeView[];

  constructor(
    loop: EventLoop,
    log: AttemptLog,
    cluster: ClusterState,
    tracker: JobTracker,
    network: NetworkModel,
    progress: AttemptProgress,
    nodes: readonly NodePort[],
    activeJobs: readonly JobPort[],
  ) {
    this.#loop = loop;
    this.#log = log;
    this.#cluster = cluster;
    this.#tracker = tracker;
    this.#network = network;
    this.#progress = progress;
    this.nodes = nodes;
    this.#activeJobs = activeJobs;
  }

  get now(): number {
    return this.#loop.now;
  }

  get mapCapacity(): number {
    return this.#cluster.mapCapacity;
  }

  get reduceCapacity(): number {
    return this.#cluster.reduceCapacity;
  }

  get liveNodes(): number {
    return this.#cluster.liveNodes;
  }

  get memoryCapacity(): number {
    return this.#cluster.memoryCapacity;
  }

  get vcoreCapacity(): number {
    return this.#cluster.vcoreCapacity;
  }

  get runnableMaps(): number {
    return this.#tracker.runnableMaps;
  }

  get runnableReduces(): number {
    return this.#tracker.runnableReduces;
  }

  get stateVersion(): number {
    return this.#tracker.stateVersion;
  }

  get activeJobs(): readonly JobView[] {
    return this.#activeJobs;
  }

  get mayBackUpMaps(): boolean {
    return this.#tracker.backupWakes.mayBackUp(KIND_MAP);
  }

  get mayBackUpReduces(): boolean {
    return this.#tracker.backupWakes.mayBackUp(KIND_REDUCE);
  }

  get waitingApplicationMasters(): readonly ApplicationMasterView[] {
    const yarn = this.#tracker.settings.yarn;
    const container = yarn !== null && this.#cluster.hasResources ? yarn.amContainer : NO_RESOURCES;
    return this.#tracker.amsWaitingForRoom().map((job) => this.amView(job, container));
  }

  /** A job's AM as the policy sees it, one object per job. */
  amView(job: JobState, container: Resources): ApplicationMasterView {
    return (this.#amViews[job.index] ??= { job: job.index, pool: job.job.pool, user: job.job.user, container });
  }

  fits(job: JobView, kind: TaskKind, node: NodeView): boolean {
    const state = this.#tracker.jobs[job.index];
    const at = this.#cluster.nodes[node.index];
    return kind === 'map' ? at.freeMapSlots > 0 && at.fits(state.mapRequest) : at.freeReduceSlots > 0 && at.fits(state.reduceRequest);
  }

  findMap(job: JobView, node: NodeView, maxLevel: LocalityLevel): number {
    const state = this.#tracker.jobs[job.index];
    if (state.blacklists(node.index) || !this.#cluster.nodes[node.index].fits(state.mapRequest)) return -1;
    const task = state.pending.find(node.index, maxLevel);
    if (task >= 0 || maxLevel !== OFF_RACK || !state.mayBackUpMap) return task;
    return this.backupFound(state, true, node.index);
  }

  findReduce(job: JobView, node: NodeView): number {
    const state = this.#tracker.jobs[job.index];
    if (state.blacklists(node.index) || !this.#cluster.nodes[node.index].fits(state.reduceRequest)) return -1;
    if (!state.hasRunnableReduce) return state.mayBackUpReduce ? this.backupFound(state, false, node.index) : -1;
    if (state.failures === null) return state.reduceState.indexOf(TASK_PENDING);
    // Hadoop keeps the reduces not running ordered by failures, most first, and skips those that failed on the node.
    let best = -1;
    for (let task = 0; task < state.reduceState.length; task++) {
      if (state.reduceState[task] !== TASK_PENDING || state.avoids(false, task, node.index)) continue;
      if (best < 0 || state.reduceFailures[task] > state.reduceFailures[best]) best = task;
    }
    return best;
  }

  /**
   * The task the job's backup rule finds to back up on `node` (-1: none),
   * checked: a rule of the caller's own (`SimulateOptions.backupRules`) that
   * names a task no backup can go to is refused by name, not left for the
   * launch to blame on the scheduler.
   */
  private backupFound(state: JobState, isMap: boolean, node: number): number {
    const task = state.backupsOf(isMap)!.rule.find(node);
    if (task < 0) return -1;
    const kind = isMap ? 'map' : 'reduce';
    const tasks = isMap ? state.mapState : state.reduceState;
    const running = isMap ? state.mapAttempt : state.reduceAttempt;
    const why = !(Number.isInteger(task) && task < tasks.length)
      ? `the job has ${tasks.length} ${kind}s`
      : tasks[task] !== TASK_RUNNING
        ? 'it is not running'
        : state.backupsOf(isMap)!.attempt[task] >= 0
          ? 'it has a backup already'
          : this.#log.node[running[task]] === node
            ? 'it runs on that node'
            : null;
    if (why === null) return task;
    throw new Error(
      `the backup rule of job '${state.job.id}' found ${kind} ${task} to back up on node '${this.#cluster.nodes[node].spec.id}', but ${why}: a rule's find must give a ${kind} running alone on another node, or -1`,
    );
  }

  isMapPending(job: JobView, task: number): boolean {
    const state = this.#tracker.jobs[job.index];
    return state.submitted && state.status === 'unfinished' && state.mapState[task] === TASK_PENDING;
  }

  isReduceRunnable(job: JobView, task: number): boolean {
    const state = this.#tracker.jobs[job.index];
    return state.submitted && state.status === 'unfinished' && state.hasRunnableReduce && state.reduceState[task] === TASK_PENDING;
  }

  mapOutputBytes(job: JobView): ArrayLike<number> {
    return this.#tracker.jobs[job.index].shuffle?.bytesPerNode() ?? NO_OUTPUT;
  }

  reduceFetch(job: JobView, task: number): ReduceFetchView | null {
    const shuffle = this.#tracker.jobs[job.index].shuffle;
    const fetch = shuffle?.fetches.firstOf(task) ?? null;
    if (fetch === null) return null;
    return { node: fetch.node, fetchedBytes: shuffle!.fetchedBytes(fetch) };
  }

  runningAttempts(job: JobView, kind: TaskKind): readonly RunningAttemptView[] {
    const state = this.#tracker.jobs[job.index];
    const isMap = kind === 'map';
    const states = isMap ? state.mapState : state.reduceState;
    const attempts = isMap ? state.mapAttempt : state.reduceAttempt;
    const running: RunningAttemptView[] = [];
    for (let task = 0; task < states.length; task++) {
      if (states[task] !== TASK_RUNNING) continue;
      const attempt = attempts[task];
      running.push(this.#running(task, attempt, isMap));
      const backup = state.backupsOf(isMap)?.attempt[task] ?? -1;
      if (backup >= 0) running.push(this.#running(task, backup, isMap));
    }
    return running;
  }

  #running(task: number, attempt: number, isMap: boolean): RunningAttemptView {
    const now = this.#loop.now;
    const progress = isMap ? this.#progress.mapProgress(attempt, now) : this.#progress.reduceProgress(attempt, now);
    return { task, node: this.#log.node[attempt], start: this.#log.start[attempt], progress };
  }

  hops(from: number, to: number): number {
    return this.#network.hops(from, to);
  }
}

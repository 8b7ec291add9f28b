/**
 * What a policy answers with (`Decisions`): launches on the heartbeating
 * node, kills (carried out at the victim's node's next heartbeat,
 * `kill-requests.ts`), block copies (`block-copies.ts`), and wakes. Every
 * call is checked against the runtime's state (the node is heartbeating
 * and has a free slot of the kind, the job is one of this run, submitted
 * and unfinished, the task pending and, for a reduce, past slow-start and
 * the ramp-up) and carried out at once; a wrong one is a `PolicyError`
 * naming the policy.
 */
import { LOCALITY_NONE } from '../../model/run-record.js';
import { TIME_RANGE } from '../../model/model-range.js';
import type { AttemptLog } from '../attempt-log.js';
import type { BlockCopies } from '../block-copies.js';
import type { EventLoop } from '../engine/event-loop.js';
import { EV_WAKE } from '../event-types.js';
import type { JobState } from '../job-state.js';
import { TASK_PENDING, TASK_RUNNING } from '../task-states.js';
import type { KillRequests } from '../kill-requests.js';
import type { TaskKind } from '../../model/run-record.js';
import type { JobTracker } from '../job-tracker.js';
import type { NodeState } from '../node-state.js';
import { NODE_LOCAL, PolicyError, type Decisions, type JobView, type LocalityLevel } from '../policy.js';

export class DecisionPort implements Decisions {
  readonly #loop: EventLoop;
  readonly #log: AttemptLog;
  readonly #tracker: JobTracker;
  readonly #kills: KillRequests;
  /** The policy's view of each job, by index: what a launch must name. */
  readonly #views: readonly (JobView | undefined)[];
  readonly #policy: () => string;
  /** Where the block copies asked for go. */
  readonly #copies: BlockCopies;
  /** The cluster's nodes, which a replica may be asked on. */
  readonly #nodeCount: number;
  /** Times of the wakes in the queue, so one asked for twice is queued once. */
  readonly #wakes = new Set<number>();
  /** The node whose heartbeat is being answered, or null outside one. */
  #node: NodeState | null = null;

  constructor(
    loop: EventLoop,
    log: AttemptLog,
    tracker: JobTracker,
    kills: KillRequests,
    copies: BlockCopies,
    views: readonly (JobView | undefined)[],
    policy: () => string,
    nodeCount: number,
  ) {
    this.#loop = loop;
    this.#log = log;
    this.#tracker = tracker;
    this.#kills = kills;
    this.#views = views;
    this.#policy = policy;
    this.#copies = copies;
    this.#nodeCount = nodeCount;
  }

  /** Launches are allowed on `node` until `endHeartbeat`. */
  beginHeartbeat(node: NodeState): void {
    this.#node = node;
  }

  endHeartbeat(): void {
    this.#node = null;
  }

  /** A queued wake at `time` has come (or was dropped): the same time may be asked for again. */
  wakeDone(time: number): void {
    this.#wakes.delete(time);
  }

  launchMap(job: JobView, task: number): LocalityLevel {
    const node = this.launchingNode('launchMap');
    const state = this.launchedJob(job, 'map', task);
    if (node.freeMapSlots <= 0) this.reject(`launchMap on node '${node.spec.id}' with no free map slot`);
    if (!node.fits(state.mapRequest)) this.reject(this.noRoom(node, state, 'map'));
    if (state.mapState[task] === TASK_RUNNING) this.checkBackup(state, 'map', task, node);
    else if (state.mapState[task] !== TASK_PENDING) this.reject(`map ${task} of job '${state.job.id}' is not pending`);
    const attempt = this.#tracker.launchMap(state, task, node);
    const locality = this.#log.locality[attempt];
    return locality === LOCALITY_NONE ? NODE_LOCAL : (locality as LocalityLevel);
  }

  /** A running task launched again is a backup: speculation of its kind on, one attempt running, and not on this node. */
  private checkBackup(state: JobState, kind: TaskKind, task: number, node: NodeState): void {
    const isMap = kind === 'map';
    const what = `${kind} ${task} of job '${state.job.id}' is running`;
    const backups = state.backupsOf(isMap);
    if (backups === null) this.reject(`${what} (a backup needs settings.speculation.${kind}s)`);
    if (backups.attempt[task] >= 0) this.reject(`${what} with a backup already`);
    if (this.#log.node[(isMap ? state.mapAttempt : state.reduceAttempt)[task]] === node.index) this.reject(`${what} on node '${node.spec.id}' itself`);
  }

  launchReduce(job: JobView, task: number): void {
    const node = this.launchingNode('launchReduce');
    const state = this.launchedJob(job, 'reduce', task);
    if (node.freeReduceSlots <= 0) this.reject(`launchReduce on node '${node.spec.id}' with no free reduce slot`);
    if (!node.fits(state.reduceRequest)) this.reject(this.noRoom(node, state, 'reduce'));
    if (state.reduceState[task] === TASK_RUNNING) {
      this.checkBackup(state, 'reduce', task, node);
    } else {
      if (!state.reducesUnlocked) this.reject(`reduce ${task} of job '${state.job.id}' launched before slow-start`);
      if (state.reduceState[task] !== TASK_PENDING) this.reject(`reduce ${task} of job '${state.job.id}' is not pending`);
      if (!state.hasRunnableReduce) this.reject(`reduce ${task} of job '${state.job.id}' launched past the reduce ramp-up limit`);
    }
    this.#tracker.launchReduce(state, task, node);
  }

  kill(job: JobView, kind: TaskKind, task: number): void {
    const state = this.namedJob(job, kind, task, 'killed');
    const isMap = kind === 'map';
    if ((isMap ? state.mapState[task] : state.reduceState[task]) !== TASK_RUNNING) this.reject(`kill of ${kind} ${task} of job '${state.job.id}', which is not running`);
    this.#kills.request(isMap ? state.mapAttempt[task] : state.reduceAttempt[task]);
  }

  replicate(job: JobView, task: number, node: number): void {
    const state = this.jobOfRun(job);
    if (!state.submitted) this.reject(`job '${state.job.id}' given a replica before its submission`);
    if (!Number.isInteger(task) || task < 0 || task >= state.job.maps.length) this.reject(`job '${state.job.id}' has no map ${task}`);
    const nodes = this.#nodeCount;
    if (!Number.isInteger(node) || node < 0 || node >= nodes) this.reject(`replicate on node ${node}: the cluster's nodes are 0 … ${nodes - 1}`);
    // A job that has ended has no map to read the replica: a request that came late is ignored, as one for a map done.
    if (state.status === 'unfinished') this.#copies.request(state, task, node);
  }

  wakeAt(time: number): void {
    const now = this.#loop.now;
    if (!(time >= now) || !(time <= TIME_RANGE.max)) {
      this.reject(`wakeAt(${time}): a wake must be at a finite time no earlier than now (${now}), in the model's range ${TIME_RANGE.text}`);
    }
    if (this.#wakes.has(time)) return;
    this.#wakes.add(time);
    this.#loop.schedule(time, EV_WAKE, 0);
  }

  private launchingNode(call: string): NodeState {
    if (this.#node === null) this.reject(`${call} outside a heartbeat`);
    return this.#node;
  }

  /** The runtime's state of a job a policy names to launch a task of, after checking the job and task may launch. */
  private launchedJob(job: JobView, kind: TaskKind, task: number): JobState {
    return this.namedJob(job, kind, task, 'launched');
  }

  /** The runtime's state of a job a policy names, after checking it is one of the run's, active, with such a task. */
  private namedJob(job: JobView, kind: TaskKind, task: number, verb: string): JobState {
    const state = this.jobOfRun(job);
    if (!state.submitted) this.reject(`job '${state.job.id}' ${verb} before its submission`);
    if (state.status !== 'unfinished') this.reject(`job '${state.job.id}' has already ${state.status}`);
    const count = kind === 'map' ? state.job.maps.length : state.job.reduces.length;
    if (!Number.isInteger(task) || task < 0 || task >= count) this.reject(`job '${state.job.id}' has no ${kind} ${task}`);
    return state;
  }

  /** The runtime's state of a job a policy names, after checking it is one of the run's. */
  private jobOfRun(job: JobView): JobState {
    const state = this.#tracker.jobs[job.index];
    if (state === undefined || this.#views[job.index] !== job) this.reject(`job ${job.index} is not a job of this run`);
    return state;
  }

  private noRoom(node: NodeState, state: JobState, kind: TaskKind): string {
    const request = kind === 'map' ? state.mapRequest : state.reduceRequest;
    const free = `${node.freeMemory / 2 ** 20} MB and ${node.freeVcores} vcores free`;
    return `a ${kind} of job '${state.job.id}' (${request.memory / 2 ** 20} MB, ${request.vcores} vcores) launched on node '${node.spec.id}' with ${free}`;
  }

  private reject(message: string): never {
    throw new PolicyError(this.#policy(), message);
  }
}

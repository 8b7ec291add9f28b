/**
 * The cluster runtime: a Hadoop JobTracker on a virtual clock. Jobs arrive,
 * nodes heartbeat their free slots, the policy answers with launches that are
 * checked and carried out here, tasks read, shuffle, compute and end, nodes
 * fail and recover. See docs/model.md for what is and is not modelled.
 *
 * Heartbeats that could not launch anything (no free slot, or nothing
 * runnable of the free slots' kind) are not simulated: such a node is idle,
 * keeps its heartbeat phase, and waits in a queue ordered by its next tick.
 * When work of a kind appears, the idle nodes with a free slot of that kind
 * are woken one at a time in tick order (a wake chain): each heartbeats at its
 * own tick, and the next is woken only if work is left when it is done. This
 * gives the heartbeats Hadoop would deliver, minus those that find nothing.
 *
 * In YARN mode (settings.yarn) the runtime is also the ResourceManager's
 * side of each job's ApplicationMaster: a job first waits for a container
 * for its AM, given at a node's heartbeat before the policy is called, first
 * come first served; its setup starts when the AM does, and the AM holds its
 * container until the job ends. The MapReduce AM's reduce ramp-up is in
 * JobState (`hasRunnableReduce`), so every policy sees it.
 *
 * A policy that declares its declines last until the state changes
 * (`Policy.declinesUntilStateChanges`) has a node's heartbeat that launched
 * nothing followed by none until something happens: the node is parked, its
 * periodic ticks counted but not delivered, and resumed at its next tick once
 * any other event comes or a heartbeat elsewhere changes the state.
 */
import {
  KIND_MAP,
  KIND_REDUCE,
  LOCALITY_NODE,
  LOCALITY_NONE,
  LOCALITY_OFF,
  LOCALITY_RACK,
  STATUS_FAILED,
  STATUS_KILLED,
  STATUS_SUCCEEDED,
  type AmContainerRecord,
  type JobRecord,
  type RunRecord,
} from '../model/run-record.js';
import { InputError } from '../util/input-error.js';
import { TIME_RANGE } from '../model/model-range.js';
import type { MapTasks } from '../model/map-tasks.js';
import type { Scenario, YarnSettings } from '../model/scenario.js';
import { taskCounts } from '../model/workload.js';
import { checkHeap } from '../util/heap-guard.js';
import { randomStream } from '../util/random-streams.js';
import { AttemptLog } from './attempt-log.js';
import { EventQueue } from './engine/event-queue.js';
import { ArrayPool } from './array-pool.js';
import { JobState, TASK_DONE, TASK_PENDING, TASK_RUNNING, type JobSetup, type ReduceRampUp } from './job-state.js';
import { nextTick } from './heartbeat-tick.js';
import { IdleNodes } from './idle-nodes.js';
import { TreeNetwork, type NetworkModel } from './network/network.js';
import { NodeState } from './node-state.js';
import {
  NODE_LOCAL,
  PolicyError,
  type ClusterView,
  type Decisions,
  type JobView,
  type LocalityLevel,
  type NodeView,
  type Policy,
  type PolicyFactory,
  type ReduceFetchView,
  type TaskEnd,
  type TaskOracle,
} from './policy.js';
import type { ReduceFetch, ShuffleClock } from './network/shuffle.js';
import { DataMovement } from './network/data-movement.js';
import { wholeCount } from './whole-count.js';

// Event types double as priorities at equal times: a slot freed at t is seen
// by a heartbeat at t, and a job submitted at t is seen by it too.
const EV_TRANSFER_END = 0;
const EV_READ_RETRY = 1;
const EV_TASK_END = 2;
const EV_JOB_COMMITTED = 3;
const EV_NODE_RECOVER = 4;
const EV_NODE_FAIL = 5;
// The JobTracker notices a failure after it (at once with no expiry interval).
const EV_NODE_LOST = 6;
const EV_JOB_SUBMIT = 7;
const EV_JOB_SET_UP = 8;
// A policy's wake at t comes before the heartbeats at t, so they see what it decided.
const EV_WAKE = 9;
const EV_HEARTBEAT = 10;

/**
 * A map whose input block has no live replica: HDFS's client tries it three
 * times (dfs.client.max.block.acquire.failures), 3 s apart, then the attempt
 * fails; Hadoop gives a task four attempts (mapred.map.max.attempts), then
 * fails the job.
 */
const BLOCK_RETRY_SECONDS = 9;
const MAX_MAP_ATTEMPTS = 4;

/** Attempt status while it runs; never left in a finished record. */
const STATUS_RUNNING = 255;

/** What `mapOutputBytes` shows for a job that keeps no map output for reduces. */
const NO_OUTPUT = new Float64Array(0);

/** Events between two progress reports: often enough for the live view (mrsched serve) to draw its charts growing. */
const PROGRESS_EVERY = 1 << 13;
/** Events between two looks at the heap. */
const HEAP_CHECK_EVERY = 1 << 13;

export interface SimulationProgress {
  readonly now: number;
  readonly jobsDone: number;
  readonly jobsTotal: number;
  readonly attempts: number;
  /** Maps and reduces running now in each pool, pools in the order their first job was given. */
  readonly pools: readonly { readonly pool: string; readonly maps: number; readonly reduces: number }[];
}

export interface SimulateOptions {
  /** Called every few tens of thousands of events. */
  readonly onProgress?: (progress: SimulationProgress) => void;
  /** Replaces the default tree network (narrowest link, no contention). */
  readonly network?: NetworkModel;
  /**
   * Stop, marking the remaining jobs unfinished, after this many seconds in
   * which only heartbeats happened and nothing launched. Default 1000
   * heartbeat intervals.
   */
  readonly stallLimit?: number;
  /**
   * Every node heartbeats at 0, H, 2H, … instead of at its own random phase.
   * For hand-checkable runs.
   */
  readonly alignHeartbeats?: boolean;
}

export class Runtime implements ClusterView, Decisions {
  now = 0;
  readonly nodes: NodeState[];
  readonly jobs: JobState[];
  readonly activeJobs: JobState[] = [];
  mapCapacity = 0;
  reduceCapacity = 0;
  liveNodes = 0;

  private readonly queue = new EventQueue(EV_HEARTBEAT);
  private readonly log: AttemptLog;
  private readonly network: NetworkModel;
  private readonly isAlive = (node: number): boolean => this.nodes[node].alive;
  private readonly heartbeatInterval: number;
  private readonly stallLimit: number;
  /** Pending maps of submitted jobs, and pending reduces past slow-start (read-only to policies). */
  runnableMaps = 0;
  runnableReduces = 0;
  stateVersion = 0;
  /** Queued events other than heartbeats; when 0 only heartbeats can change anything. */
  private queuedActivity = 0;
  private lastActivity = 0;
  private heartbeatNode: NodeState | null = null;
  /** Idle nodes with a free map / reduce slot, and the node each wake chain woke last (-1: none). */
  private readonly idleForMaps: IdleNodes;
  private readonly idleForReduces: IdleNodes;
  private mapChain = -1;
  private reduceChain = -1;
  /** Nodes whose ticks are skipped until the state moves from `parkedVersion`; each one's `heartbeatAt` is its next tick. */
  private readonly parked: NodeState[] = [];
  private parkedVersion = -1;
  private jobsDone = 0;
  private events = 0;
  private stalled = false;
  /** Times of the wakes in the queue, so one asked for twice is queued once. */
  private readonly wakes = new Set<number>();
  /** How data moves over the network (alone, or sharing it), and what the shuffles see of it. */
  private readonly movement: DataMovement;
  private readonly clock: ShuffleClock;
  /** What every job's submission takes from the run. */
  private readonly jobSetup: JobSetup;
  /** YARN mode, or null. */
  private readonly yarn: YarnSettings | null;
  /** Jobs waiting for a container for their ApplicationMaster, in submission order. */
  private readonly waitingForAM: JobState[] = [];
  /** Jobs whose AM holds a container (on a failed node too, until the failure is noticed). */
  private readonly jobsWithAM = new Set<JobState>();
  /** Every AM container of the run, in the order they started. */
  private readonly amContainers: { job: number; node: number; start: number; end: number | null }[] = [];
  /** Containers free on live nodes: the headroom of YARN's reduce ramp-up (meaningful with unified containers, which YARN mode requires). */
  private freeContainers = 0;
  private readonly policy: Policy;
  /** The policy read the truth through the oracle. */
  private oracleRead = false;

  constructor(
    readonly scenario: Scenario,
    createPolicy: PolicyFactory,
    private readonly options: SimulateOptions = {},
  ) {
    const { cluster, settings } = scenario;
    this.network = options.network ?? new TreeNetwork(cluster);
    const { maps, reduces } = taskCounts(scenario.jobs);
    this.log = new AttemptLog(maps + reduces);
    this.heartbeatInterval = settings.heartbeatInterval;
    this.stallLimit = options.stallLimit ?? 1000 * settings.heartbeatInterval;
    const rackIndex = new Map(cluster.racks.map((rack, i) => [rack, i]));
    const rackOf = Int32Array.from(cluster.nodes, (node) => rackIndex.get(node.rack)!);
    // Nodes start heartbeating at random phases, as TaskTrackers do after they start.
    const phases = randomStream(settings.seed, 'heartbeat-phases');
    this.nodes = cluster.nodes.map((spec, i) => {
      const phase = options.alignHeartbeats ? 0 : phases.next() * this.heartbeatInterval;
      return new NodeState(i, spec, rackOf[i], phase - this.heartbeatInterval);
    });
    for (const node of this.nodes) {
      this.mapCapacity += node.spec.mapSlots;
      this.reduceCapacity += node.spec.reduceSlots;
      this.freeContainers += node.spec.totalSlots;
    }
    this.liveNodes = this.nodes.length;
    this.idleForMaps = new IdleNodes(this.nodes.length, this.heartbeatInterval);
    this.idleForReduces = new IdleNodes(this.nodes.length, this.heartbeatInterval);
    for (const node of this.nodes) this.goIdle(node);
    this.yarn = settings.yarn;
    const rampUp: ReduceRampUp | null =
      this.yarn === null ? null : { limit: this.yarn.reduceRampUpLimit, headroom: () => this.freeContainers };
    this.jobs = scenario.jobs.map((job, i) => {
      if (i % 1024 === 0) checkHeap(() => `setting up the run of ${scenario.jobs.length} jobs: ${i} ready`);
      return new JobState(i, job, settings.slowStart, rampUp);
    });
    this.movement = new DataMovement(this.network, settings.network, {
      now: () => this.now,
      transferEnds: (attempt, time) => this.push(time, EV_TRANSFER_END, attempt),
    });
    this.clock = {
      now: () => this.now,
      startBatch: (fetch, bytes) => this.movement.startBatch(fetch, bytes, this.jobs[this.log.job[fetch.attempt]].shuffle!),
      copied: (fetch) => this.movement.copied(fetch),
      stopBatch: (fetch) => this.movement.stop(fetch.attempt, fetch),
      shuffled: (fetch) => this.shuffled(fetch),
    };
    this.jobSetup = {
      rackOf,
      rackCount: cluster.racks.length,
      isAlive: this.isAlive,
      network: this.network,
      clock: this.clock,
      arrays: new ArrayPool(),
    };
    this.policy = createPolicy({ oracle: this.oracle() });
  }

  /** The scenario's truth for the policy, each read recorded. */
  private oracle(): TaskOracle {
    const jobOf = (job: JobView): Scenario['jobs'][number] => {
      this.oracleRead = true;
      const state = this.jobs[job.index];
      if (state === undefined || state !== job) this.reject(`the oracle was asked about job ${job.index}, which is not a job of this run`);
      if (!state.submitted) this.reject(`the oracle was asked about job '${state.spec.id}' before its submission`);
      return state.job;
    };
    return {
      mapWork: (job, task) => jobOf(job).maps.work[task],
      reduceWork: (job, task) => jobOf(job).reduces[task].work,
      workload: () => {
        this.oracleRead = true;
        return this.scenario.jobs;
      },
    };
  }

  run(): RunRecord {
    const { jobs, settings } = this.scenario;
    if (jobs.length > 0) this.push(jobs[0].submitTime, EV_JOB_SUBMIT, 0);
    settings.failures.forEach((failure, i) => {
      this.push(failure.at, EV_NODE_FAIL, i);
      this.push(failure.at + settings.trackerExpiry, EV_NODE_LOST, i);
      if (failure.recoverAt !== null) this.push(failure.recoverAt, EV_NODE_RECOVER, i);
    });
    const queue = this.queue;
    while (queue.size > 0) {
      const time = queue.peekTime();
      const type = queue.peekType();
      const arg = queue.peekArg();
      queue.pop();
      // Anything but a heartbeat may change what a parked node's heartbeat would find.
      if (type !== EV_HEARTBEAT && this.parked.length > 0) this.resumeParked(time);
      if (type === EV_WAKE) {
        this.wakes.delete(time);
        if (this.jobsDone === this.jobs.length) continue; // nothing left to decide
      }
      this.now = time;
      this.events++;
      if (type === EV_HEARTBEAT || type === EV_WAKE) {
        if (this.queuedActivity === 0 && time - this.lastActivity > this.stallLimit) {
          this.stalled = true;
          break;
        }
        if (type === EV_HEARTBEAT) this.heartbeat(this.nodes[arg]);
        else this.policy.onWake?.(this, this);
        if (this.parked.length > 0 && this.stateVersion !== this.parkedVersion) this.resumeParked(time);
      } else {
        this.queuedActivity--;
        this.lastActivity = time;
        if (type === EV_TASK_END) this.taskEnd(arg);
        else if (type === EV_TRANSFER_END) this.transferEnd(arg);
        else if (type === EV_READ_RETRY) this.retryRead(arg);
        else if (type === EV_JOB_SUBMIT) this.submit(arg);
        else if (type === EV_JOB_SET_UP) this.setUpIfDue(this.jobs[arg]);
        else if (type === EV_JOB_COMMITTED) this.finishJob(this.jobs[arg], 'succeeded', null);
        else if (type === EV_NODE_FAIL) this.failNode(settings.failures[arg].node, arg);
        else if (type === EV_NODE_LOST) this.noticeFailure(settings.failures[arg].node, arg);
        else this.recoverNode(settings.failures[arg].node);
      }
      if ((this.events & (HEAP_CHECK_EVERY - 1)) === 0) this.checkHeap();
      if ((this.events & (PROGRESS_EVERY - 1)) === 0) this.reportProgress();
    }
    // No event left but jobs are: no live node can run them (or the scheduler never launched).
    if (this.jobsDone < this.jobs.length) this.stalled = true;
    this.reportProgress();
    return this.record();
  }

  // ---- ClusterView ----

  findMap(job: JobView, node: NodeView, maxLevel: LocalityLevel): number {
    return this.jobs[job.index].pending.find(node.index, maxLevel);
  }

  isMapPending(job: JobView, task: number): boolean {
    const state = this.jobs[job.index];
    return state.submitted && state.status === 'unfinished' && state.mapState[task] === TASK_PENDING;
  }

  findReduce(job: JobView): number {
    const state = this.jobs[job.index];
    if (!state.hasRunnableReduce) return -1;
    return state.reduceState.indexOf(TASK_PENDING);
  }

  isReduceRunnable(job: JobView, task: number): boolean {
    const state = this.jobs[job.index];
    return state.submitted && state.status === 'unfinished' && state.hasRunnableReduce && state.reduceState[task] === TASK_PENDING;
  }

  mapOutputBytes(job: JobView): ArrayLike<number> {
    return this.jobs[job.index].shuffle?.bytesPerNode() ?? NO_OUTPUT;
  }

  reduceFetch(job: JobView, task: number): ReduceFetchView | null {
    const fetch = this.jobs[job.index].shuffle?.fetches[task] ?? null;
    if (fetch === null) return null;
    return { node: fetch.node, fetchedBytes: this.jobs[job.index].shuffle!.fetchedBytes(fetch) };
  }

  hops(from: number, to: number): number {
    return this.network.hops(from, to);
  }

  // ---- Decisions ----

  launchMap(job: JobView, task: number): LocalityLevel {
    const node = this.launchingNode('launchMap');
    const state = this.launchedJob(job, 'map', task);
    if (node.freeMapSlots <= 0) this.reject(`launchMap on node '${node.spec.id}' with no free map slot`);
    if (state.mapState[task] !== TASK_PENDING) {
      this.reject(`map ${task} of job '${state.spec.id}' is not pending`);
    }
    this.stateVersion++;
    const maps = state.job.maps;
    const attempt = this.log.add(state.index, task, KIND_MAP, state.mapAttempts[task]++, node.index, this.now);
    const read = this.readInput(attempt, maps, task, node.index);
    // A read sharing the network ends with a transfer-end event, then the map computes.
    this.startAttempt(attempt, read === null ? NaN : this.now + read + maps.work[task] / node.spec.speed);
    if (read === null) this.push(this.now + BLOCK_RETRY_SECONDS, EV_READ_RETRY, attempt);
    state.mapState[task] = TASK_RUNNING;
    state.mapAttempt[task] = attempt;
    state.pendingMaps--;
    state.runningMaps++;
    this.runnableMaps--;
    node.runningMaps++;
    this.freeContainers--;
    state.firstStart ??= this.now;
    const locality = this.log.locality[attempt];
    return locality === LOCALITY_NONE ? NODE_LOCAL : (locality as LocalityLevel);
  }

  launchReduce(job: JobView, task: number): void {
    const node = this.launchingNode('launchReduce');
    const state = this.launchedJob(job, 'reduce', task);
    if (node.freeReduceSlots <= 0) this.reject(`launchReduce on node '${node.spec.id}' with no free reduce slot`);
    if (!state.reducesUnlocked) this.reject(`reduce ${task} of job '${state.spec.id}' launched before slow-start`);
    if (state.reduceState[task] !== TASK_PENDING) {
      this.reject(`reduce ${task} of job '${state.spec.id}' is not pending`);
    }
    if (!state.hasRunnableReduce) this.reject(`reduce ${task} of job '${state.spec.id}' launched past the reduce ramp-up limit`);
    this.stateVersion++;
    const attempt = this.log.add(state.index, task, KIND_REDUCE, state.reduceAttempts[task]++, node.index, this.now);
    this.log.locality[attempt] = LOCALITY_NONE;
    this.startAttempt(attempt, NaN);
    state.reduceState[task] = TASK_RUNNING;
    state.reduceAttempt[task] = attempt;
    state.pendingReduces--;
    state.runningReduces++;
    this.runnableReduces--;
    node.runningReduces++;
    this.freeContainers--;
    state.firstStart ??= this.now;
    const rate = this.network.fetchRate(node.index, this.scenario.settings.parallelCopies);
    state.shuffle!.startFetch(task, attempt, node.index, rate);
  }

  wakeAt(time: number): void {
    if (!(time >= this.now) || !Number.isFinite(time)) this.reject(`wakeAt(${time}): a wake must be at a finite time no earlier than now (${this.now})`);
    if (this.wakes.has(time)) return;
    this.wakes.add(time);
    this.queue.push(time, EV_WAKE, 0);
  }

  // ---- event handlers ----

  private submit(index: number): void {
    const jobs = this.scenario.jobs;
    if (index + 1 < jobs.length) this.push(jobs[index + 1].submitTime, EV_JOB_SUBMIT, index + 1);
    if (this.yarn !== null) this.waitForAM(this.jobs[index]);
    else this.startSetup(this.jobs[index]);
  }

  /** The job's setup starts (at its submission, or in YARN mode when its AM starts); its tasks may run when it is over. */
  private startSetup(job: JobState): void {
    const setup = job.job.setupTime ?? this.scenario.settings.jobSetup;
    if (setup === 0 && this.yarn === null) {
      this.setUp(job);
      return;
    }
    // An AM starts inside a heartbeat: its job is set up after that heartbeat, even with no setup time.
    job.setUpAt = this.now + setup;
    this.push(job.setUpAt, EV_JOB_SET_UP, job.index);
  }

  /** A setup's end, unless the AM it belonged to was lost meanwhile (or the job failed). */
  private setUpIfDue(job: JobState): void {
    if (job.setUpAt !== this.now || job.status !== 'unfinished') return;
    job.setUpAt = NaN;
    this.setUp(job);
  }

  /** The job's setup is over: its tasks may run, and the policy hears of it. */
  private setUp(job: JobState): void {
    this.stateVersion++;
    job.submit(this.jobSetup);
    if (job.shuffle !== null) job.shuffle.pool = this.movement.newPool();
    if (job.job.maps.length === 0 && job.job.reduces.length === 0) {
      this.commit(job);
      return;
    }
    this.activeJobs.push(job);
    this.policy.onJobSubmitted?.(job, this, this);
    this.addRunnable(job.pendingMaps, job.runnableReduces);
  }

  private heartbeat(node: NodeState): void {
    if (node.heartbeatAt !== this.now) return; // superseded by an earlier one
    node.heartbeatAt = Infinity;
    node.lastHeartbeat = this.now;
    let declined = false;
    if (node.alive && this.hasWorkFor(node)) {
      const attemptsBefore = this.log.count;
      const versionBefore = this.stateVersion;
      const amsPlaced = this.placeAMs(node);
      if (this.hasTaskWorkFor(node)) {
        this.heartbeatNode = node;
        this.policy.onHeartbeat(node, this, this);
        this.heartbeatNode = null;
      }
      if (amsPlaced || this.log.count > attemptsBefore) this.lastActivity = this.now;
      declined = !amsPlaced && this.stateVersion === versionBefore;
    }
    if (!this.hasWorkFor(node)) this.goIdle(node);
    // With no other event queued the ticks go on, so that a run only heartbeats can still stall.
    else if (declined && this.policy.declinesUntilStateChanges === true && this.queuedActivity > 0) this.park(node);
    else this.scheduleHeartbeat(node, this.now + this.heartbeatInterval);
    if (this.mapChain === node.index) {
      this.mapChain = -1;
      this.wakeNextIdle(KIND_MAP);
    }
    if (this.reduceChain === node.index) {
      this.reduceChain = -1;
      this.wakeNextIdle(KIND_REDUCE);
    }
  }

  private taskEnd(attempt: number): void {
    const log = this.log;
    if (log.status[attempt] !== STATUS_RUNNING || log.end[attempt] !== this.now) return; // cancelled or moved
    log.status[attempt] = STATUS_SUCCEEDED;
    this.stateVersion++;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    const node = this.nodes[log.node[attempt]];
    let jobDone: boolean;
    this.freeContainers++;
    if (log.kind[attempt] === KIND_MAP) {
      node.runningMaps--;
      job.mapState[task] = TASK_DONE;
      job.runningMaps--;
      job.succeededMaps++;
      this.mapOutputReady(job, task, node.index);
      // A map re-run after a failure can end after the reduces (Hadoop 1 waits for every map of the job too).
      jobDone = job.succeededReduces === job.job.reduces.length && job.succeededMaps === job.job.maps.length;
    } else {
      node.runningReduces--;
      const traffic = job.shuffle!.traffic(job.shuffle!.fetches[task]!);
      log.bytesIn[attempt] = traffic.bytesIn;
      log.networkBytes[attempt] = traffic.networkBytes;
      log.byteHops[attempt] = traffic.byteHops;
      job.shuffle!.fetches[task] = null;
      job.reduceState[task] = TASK_DONE;
      job.runningReduces--;
      job.succeededReduces++;
      jobDone = job.succeededReduces === job.job.reduces.length && job.succeededMaps === job.job.maps.length;
    }
    this.reportTaskEnd(attempt);
    if (jobDone) this.commit(job);
    this.slotFreed(node);
  }

  /** Tells the policy an attempt has ended (only if it listens: the report is an allocation per attempt). */
  private reportTaskEnd(attempt: number): void {
    if (this.policy.onTaskEnded === undefined) return;
    const log = this.log;
    const status = log.status[attempt];
    const end: TaskEnd = {
      job: this.jobs[log.job[attempt]],
      kind: log.kind[attempt] === KIND_MAP ? 'map' : 'reduce',
      task: log.task[attempt],
      attempt: log.attempt[attempt],
      node: this.nodes[log.node[attempt]],
      start: log.start[attempt],
      end: log.end[attempt],
      duration: log.end[attempt] - log.start[attempt],
      status: status === STATUS_SUCCEEDED ? 'succeeded' : status === STATUS_FAILED ? 'failed' : 'killed',
    };
    this.policy.onTaskEnded(end, this, this);
  }

  private mapOutputReady(job: JobState, task: number, node: number): void {
    const maps = job.job.maps.length;
    if (job.succeededMaps === maps) job.mapsDone = this.now;
    if (job.job.reduces.length === 0) return;
    const shuffle = job.shuffle!;
    shuffle.addOutput(task, node);
    this.movement.poolRate(shuffle.pool, shuffle.sourceRate());
    if (!job.reducesUnlocked && job.succeededMaps >= job.slowStartMaps) {
      job.reducesUnlocked = true;
      this.addRunnable(0, job.pendingReduces);
    }
    if (job.succeededMaps === maps) shuffle.allMapsDone();
  }

  /**
   * A transfer has ended (unless the event went stale: its attempt ended, or
   * its end moved): a map's read, after which it computes, or a reduce's batch.
   */
  private transferEnd(attempt: number): void {
    const log = this.log;
    if (log.status[attempt] !== STATUS_RUNNING) return;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    if (log.kind[attempt] === KIND_MAP) {
      if (!this.movement.ended(attempt, NaN)) return;
      const end = this.now + job.job.maps.work[task] / this.nodes[log.node[attempt]].spec.speed;
      log.end[attempt] = end;
      this.push(end, EV_TASK_END, attempt);
      return;
    }
    const fetch = job.shuffle!.fetches[task];
    if (fetch === null || fetch.attempt !== attempt || !this.movement.ended(attempt, fetch.batchEnd)) return;
    job.shuffle!.batchEnded(fetch);
  }

  /** A reduce has copied everything: it computes, and ends. */
  private shuffled(fetch: ReduceFetch): void {
    const job = this.jobs[this.log.job[fetch.attempt]];
    const end = this.now + job.job.reduces[fetch.task].work / this.nodes[fetch.node].spec.speed;
    this.log.end[fetch.attempt] = end;
    this.push(end, EV_TASK_END, fetch.attempt);
  }

  /**
   * A node fails: its attempts stop where they are (to the JobTracker they
   * run on until it notices), the map output on it is lost (reduces keep
   * what they copied, and wait for the rest), its block replicas are
   * unreadable. Nothing is re-run before the failure is noticed.
   */
  private failNode(index: number, failure: number): void {
    const node = this.nodes[index];
    if (!node.alive) return;
    this.freeContainers -= node.freeMapSlots;
    node.alive = false;
    node.unnoticedFailure = failure;
    this.stateVersion++;
    this.idleForMaps.remove(index);
    this.idleForReduces.remove(index);
    this.mapCapacity -= node.spec.mapSlots;
    this.reduceCapacity -= node.spec.reduceSlots;
    this.liveNodes--;
    for (const attempt of this.attemptsRunningOn(index)) {
      this.log.end[attempt] = NaN; // it will not end by itself
      this.movement.stop(attempt);
      if (this.log.kind[attempt] === KIND_REDUCE) this.jobs[this.log.job[attempt]].shuffle!.fetches[this.log.task[attempt]] = null;
    }
    for (const job of this.activeJobs) {
      const shuffle = job.shuffle;
      if (shuffle === null || !shuffle.hasOutputOn(index)) continue;
      shuffle.loseOutputsOn(index);
      this.movement.poolRate(shuffle.pool, shuffle.sourceRate());
      for (const fetch of shuffle.fetches) if (fetch !== null) shuffle.resume(fetch);
    }
  }

  /**
   * The JobTracker notices failure `failure` of node `index` (the expiry
   * interval after it, or when the node registers again): the node's
   * attempts fail, and, as Hadoop does, every map that had finished on it is
   * run again for each job whose reduces are not all done (their output was
   * on it). Then the policy hears of it.
   */
  private noticeFailure(index: number, failure: number): void {
    const node = this.nodes[index];
    if (node.unnoticedFailure !== failure) return; // noticed already, when it registered again
    node.unnoticedFailure = -1;
    for (const attempt of this.attemptsRunningOn(index)) this.endAttempt(attempt, STATUS_FAILED);
    for (const job of this.activeJobs) {
      if (job.job.reduces.length > job.succeededReduces) this.rerunMapsOn(job, index);
    }
    this.restartAMsOn(node);
    this.policy.onNodeFailed?.(node, this, this);
  }

  private recoverNode(index: number): void {
    const node = this.nodes[index];
    if (node.alive) return;
    // A TaskTracker registering again is a new one to the JobTracker: the old one's failure is noticed now.
    if (node.unnoticedFailure >= 0) this.noticeFailure(index, node.unnoticedFailure);
    node.alive = true;
    this.freeContainers += node.freeMapSlots;
    this.stateVersion++;
    this.mapCapacity += node.spec.mapSlots;
    this.reduceCapacity += node.spec.reduceSlots;
    this.liveNodes++;
    // It registers again at once; its disks (and block replicas) come back with it.
    node.lastHeartbeat = this.now - this.heartbeatInterval;
    if (this.hasWorkFor(node)) this.scheduleHeartbeat(node, this.now);
    else this.goIdle(node);
    this.policy.onNodeRecovered?.(node, this, this);
  }

  // ---- helpers ----

  /** Every map of `job` that finished on node `failed` runs again; its first attempt is marked killed. */
  private rerunMapsOn(job: JobState, failed: number): void {
    let rerun = 0;
    for (let map = 0; map < job.job.maps.length; map++) {
      if (job.mapState[map] !== TASK_DONE || this.log.node[job.mapAttempt[map]] !== failed) continue;
      this.log.status[job.mapAttempt[map]] = STATUS_KILLED;
      job.mapState[map] = TASK_PENDING;
      job.succeededMaps--;
      job.pendingMaps++;
      job.mapsDone = null;
      job.pending.add(map);
      rerun++;
    }
    if (rerun === 0) return;
    this.addRunnable(rerun, 0);
    // The shuffle waits for the re-runs (it lost their output when the node failed).
    job.shuffle!.mapsDone = false;
  }

  /**
   * The DFS client's retries of a map's unreadable block are over: it reads
   * from a replica that came back, or the attempt fails (and the job, once a
   * map has failed this way on every attempt Hadoop allows).
   */
  private retryRead(attempt: number): void {
    const log = this.log;
    if (log.status[attempt] !== STATUS_RUNNING || !this.nodes[log.node[attempt]].alive) return;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    const node = this.nodes[log.node[attempt]];
    const read = this.readInput(attempt, job.job.maps, task, node.index);
    if (read !== null) {
      if (!Number.isNaN(read)) {
        log.end[attempt] = this.now + read + job.job.maps.work[task] / node.spec.speed;
        this.push(log.end[attempt], EV_TASK_END, attempt);
      }
      return;
    }
    this.endAttempt(attempt, STATUS_FAILED);
    if (++job.mapReadFailures[task] >= MAX_MAP_ATTEMPTS) {
      this.failJob(job, `map ${task} could not read its input block in ${MAX_MAP_ATTEMPTS} attempts: every replica was on a failed node`);
    }
  }

  /** Attempts running on a node, found through the active jobs (only a node failure asks). */
  private attemptsRunningOn(node: number): number[] {
    const found: number[] = [];
    const consider = (attempt: number): void => {
      if (attempt >= 0 && this.log.status[attempt] === STATUS_RUNNING && this.log.node[attempt] === node) found.push(attempt);
    };
    for (const job of this.activeJobs) {
      job.mapAttempt.forEach(consider);
      job.reduceAttempt.forEach(consider);
    }
    return found;
  }

  /**
   * Reads map `task`'s input from the closest live replica; records locality
   * and traffic; returns its seconds, NaN when the read shares the network
   * (its end comes as an event), or null when no replica is live.
   */
  private readInput(attempt: number, maps: MapTasks, task: number, node: number): number | null {
    const log = this.log;
    const bytes = maps.inputBytes[task];
    log.bytesIn[attempt] = bytes;
    const { replicaStart, replicaNodes } = maps;
    if (replicaStart[task] === replicaStart[task + 1]) {
      log.locality[attempt] = LOCALITY_NONE;
      return 0;
    }
    let source = -1;
    let hops = Infinity;
    for (let i = replicaStart[task]; i < replicaStart[task + 1]; i++) {
      const replica = replicaNodes[i];
      if (!this.nodes[replica].alive) continue;
      const h = this.network.hops(replica, node);
      if (h < hops) {
        hops = h;
        source = replica;
      }
    }
    if (source < 0) {
      log.locality[attempt] = LOCALITY_OFF;
      return null;
    }
    if (source === node) {
      log.locality[attempt] = LOCALITY_NODE;
    } else {
      log.locality[attempt] = this.nodes[source].rackIndex === this.nodes[node].rackIndex ? LOCALITY_RACK : LOCALITY_OFF;
      log.networkBytes[attempt] = bytes;
      log.byteHops[attempt] = bytes * hops;
    }
    return this.movement.startRead(attempt, bytes, source, node);
  }

  private startAttempt(attempt: number, end: number): void {
    this.log.status[attempt] = STATUS_RUNNING;
    this.log.end[attempt] = end;
    if (!Number.isNaN(end)) this.push(end, EV_TASK_END, attempt);
  }

  /** Ends a running attempt early (its node failed, or its job was killed); the task becomes pending again. */
  private endAttempt(attempt: number, status: number): void {
    const log = this.log;
    log.status[attempt] = status;
    log.end[attempt] = this.now;
    this.stateVersion++;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    const node = this.nodes[log.node[attempt]];
    this.movement.stop(attempt);
    if (log.kind[attempt] === KIND_MAP) {
      node.runningMaps--;
      job.runningMaps--;
      job.mapState[task] = TASK_PENDING;
      job.pendingMaps++;
      job.pending.add(task);
      this.addRunnable(1, 0);
    } else {
      node.runningReduces--;
      job.runningReduces--;
      job.reduceState[task] = TASK_PENDING;
      job.pendingReduces++;
      job.shuffle!.fetches[task] = null;
      this.addRunnable(0, 1);
    }
    this.reportTaskEnd(attempt);
    if (node.alive) {
      this.freeContainers++;
      this.slotFreed(node);
    }
  }

  private failJob(job: JobState, reason: string): void {
    // A job whose AM failed before its setup was over has no attempts.
    const attempts = job.submitted ? [...job.mapAttempt, ...job.reduceAttempt] : [];
    for (const attempt of attempts) {
      if (attempt >= 0 && this.log.status[attempt] === STATUS_RUNNING) this.endAttempt(attempt, STATUS_KILLED);
    }
    this.finishJob(job, 'failed', reason);
  }

  /** Every task of the job is done: it ends once its output is committed. */
  private commit(job: JobState): void {
    const commit = job.job.commitTime ?? this.scenario.settings.jobCommit;
    if (commit > 0) this.push(this.now + commit, EV_JOB_COMMITTED, job.index);
    else this.finishJob(job, 'succeeded', null);
  }

  private finishJob(job: JobState, status: 'succeeded' | 'failed', failure: string | null): void {
    job.status = status;
    job.end = this.now;
    job.failure = failure;
    this.releaseAM(job);
    if (job.shuffle !== null) this.movement.releasePool(job.shuffle.pool);
    job.release();
    this.stateVersion++;
    this.jobsDone++;
    const at = this.activeJobs.indexOf(job);
    if (at < 0) return; // finished at submission
    this.activeJobs.splice(at, 1);
    this.addRunnable(-job.pendingMaps, -job.runnableReduces);
    job.pendingMaps = 0;
    job.pendingReduces = 0;
    this.policy.onJobFinished?.(job, this, this);
  }

  private launchingNode(call: string): NodeState {
    if (this.heartbeatNode === null) this.reject(`${call} outside a heartbeat`);
    return this.heartbeatNode;
  }

  /** The runtime's state of a job a policy names, after checking the job and task may launch. */
  private launchedJob(job: JobView, kind: 'map' | 'reduce', task: number): JobState {
    const state = this.jobs[job.index];
    if (state === undefined || state !== job) this.reject(`job ${job.index} is not a job of this run`);
    if (!state.submitted) this.reject(`job '${state.spec.id}' launched before its submission`);
    if (state.status !== 'unfinished') this.reject(`job '${state.spec.id}' has already ${state.status}`);
    const count = kind === 'map' ? state.job.maps.length : state.job.reduces.length;
    if (!Number.isInteger(task) || task < 0 || task >= count) {
      this.reject(`job '${state.spec.id}' has no ${kind} ${task}`);
    }
    return state;
  }

  private reject(message: string): never {
    throw new PolicyError(this.policy.name, message);
  }

  /** A heartbeat of the node could start something: a task, or (YARN mode) an ApplicationMaster. */
  private hasWorkFor(node: NodeState): boolean {
    return this.hasTaskWorkFor(node) || (this.placeableAMs() > 0 && node.freeMapSlots > 0);
  }

  private hasTaskWorkFor(node: NodeState): boolean {
    return (
      (this.runnableMaps > 0 && node.freeMapSlots > 0) || (this.runnableReduces > 0 && node.freeReduceSlots > 0)
    );
  }

  // ---- ApplicationMasters (YARN mode) ----

  /** AMs waiting that may start now: none while AMs hold the most containers they may (maxAmShare of the live ones, at least one AM). */
  private placeableAMs(): number {
    if (this.waitingForAM.length === 0) return 0;
    const limit = Math.max(1, wholeCount(this.yarn!.maxAmShare * this.mapCapacity));
    return this.jobsWithAM.size < limit ? this.waitingForAM.length : 0;
  }

  /** The job waits for a container for its AM, in submission order (a restarted AM goes back to its job's place). */
  private waitForAM(job: JobState): void {
    let at = this.waitingForAM.length;
    while (at > 0 && this.waitingForAM[at - 1].index > job.index) at--;
    this.waitingForAM.splice(at, 0, job);
    this.wakeNextIdle(KIND_MAP);
  }

  /**
   * The node's free containers go to waiting AMs first, first come first
   * served, before the policy is offered the rest. Returns whether one started.
   */
  private placeAMs(node: NodeState): boolean {
    let placed = false;
    while (node.freeMapSlots > 0 && this.placeableAMs() > 0) {
      const job = this.waitingForAM.shift()!;
      this.stateVersion++;
      node.runningAMs++;
      this.freeContainers--;
      job.amNode = node.index;
      job.amAttempts++;
      this.jobsWithAM.add(job);
      job.amContainer = this.amContainers.length;
      this.amContainers.push({ job: job.index, node: node.index, start: this.now, end: null });
      // A restarted AM picks up its job where it was (docs/model.md: what AM restarts simplify).
      if (!job.submitted) this.startSetup(job);
      placed = true;
    }
    return placed;
  }

  /** The job's AM leaves its container (the job ended, or the AM's node was lost); returns the node. */
  private endAM(job: JobState): NodeState {
    const node = this.nodes[job.amNode];
    this.stateVersion++;
    node.runningAMs--;
    job.amNode = -1;
    this.jobsWithAM.delete(job);
    this.amContainers[job.amContainer].end = this.now;
    return node;
  }

  /** The job has ended: its AM frees its container (or stops waiting for one), and an AM waiting for the AM limit may start. */
  private releaseAM(job: JobState): void {
    const waiting = this.waitingForAM.indexOf(job);
    if (waiting >= 0) this.waitingForAM.splice(waiting, 1);
    if (job.amNode < 0) return;
    const node = this.endAM(job);
    if (node.alive) {
      this.freeContainers++;
      this.slotFreed(node);
    }
    this.wakeNextIdle(KIND_MAP);
  }

  /**
   * A lost node's AMs are restarted by the ResourceManager in another
   * container, up to yarn.resourcemanager.am.max-attempts per job; then the
   * job fails. A setup in progress starts again with the new AM.
   */
  private restartAMsOn(node: NodeState): void {
    for (const job of [...this.jobsWithAM]) {
      if (job.amNode !== node.index) continue;
      this.endAM(job);
      job.setUpAt = NaN;
      if (job.amAttempts < this.yarn!.amMaxAttempts) this.waitForAM(job);
      else {
        const attempts = `${job.amAttempts} attempt${job.amAttempts === 1 ? '' : 's'}`;
        this.failJob(job, `its ApplicationMaster was lost with node '${node.spec.id}' after ${attempts} (settings.yarn.amMaxAttempts)`);
      }
    }
  }

  /** A slot of the node became free: it heartbeats now (out of band), at its next tick, or goes idle. */
  private slotFreed(node: NodeState): void {
    if (!this.hasWorkFor(node)) this.goIdle(node);
    else if (this.scenario.settings.outOfBandHeartbeat) this.scheduleHeartbeat(node, this.now);
    else this.scheduleHeartbeat(node, this.nextTick(node)); // no-op if one is already due
  }

  /** A live node with no heartbeat due waits for work of the kinds it has free slots for. */
  private goIdle(node: NodeState): void {
    if (!node.alive || node.heartbeatAt !== Infinity) return;
    if (node.freeMapSlots > 0) this.idleForMaps.add(node.index, node.lastHeartbeat);
    if (node.freeReduceSlots > 0) this.idleForReduces.add(node.index, node.lastHeartbeat);
  }

  /** Skips the node's ticks (its policy would decline them) until `resumeParked`. */
  private park(node: NodeState): void {
    node.heartbeatAt = this.now + this.heartbeatInterval;
    this.parked.push(node);
    this.parkedVersion = this.stateVersion;
  }

  /**
   * Each parked node heartbeats again at its first tick at or after `time`.
   * The ticks are stepped through as the delivered heartbeats would have
   * added them up, so that the times are those of a run that delivered them
   * all, to the last bit; a step costs an addition, not an event and a call.
   */
  private resumeParked(time: number): void {
    for (const node of this.parked) {
      let tick = node.heartbeatAt;
      let last = node.lastHeartbeat;
      while (tick < time) {
        last = tick;
        tick += this.heartbeatInterval;
      }
      node.lastHeartbeat = last;
      node.heartbeatAt = Infinity;
      this.scheduleHeartbeat(node, tick);
    }
    this.parked.length = 0;
  }

  /** Change the runnable counts; when a kind goes from none to some, start waking idle nodes for it. */
  private addRunnable(maps: number, reduces: number): void {
    const mapsAppear = this.runnableMaps === 0 && maps > 0;
    const reducesAppear = this.runnableReduces === 0 && reduces > 0;
    this.runnableMaps += maps;
    this.runnableReduces += reduces;
    if (mapsAppear) this.wakeNextIdle(KIND_MAP);
    if (reducesAppear) this.wakeNextIdle(KIND_REDUCE);
  }

  /** The wake chain of one kind: wake the idle node that ticks first, if work of the kind is left. */
  private wakeNextIdle(kind: number): void {
    const isMap = kind === KIND_MAP;
    if ((isMap ? this.mapChain : this.reduceChain) !== -1) return;
    // Waiting AMs take containers, which map slots stand for on the container clusters of YARN mode.
    if ((isMap ? this.runnableMaps + this.placeableAMs() : this.runnableReduces) === 0) return;
    const idle = isMap ? this.idleForMaps : this.idleForReduces;
    const index = idle.takeEarliest(this.now, isMap ? this.waitingForMaps : this.waitingForReduces);
    if (index < 0) return;
    const node = this.nodes[index];
    this.scheduleHeartbeat(node, this.nextTick(node));
    if (isMap) this.mapChain = index;
    else this.reduceChain = index;
  }

  /** Still idle with a free slot of the kind (a dead node has none). */
  private readonly waitingForMaps = (index: number): boolean => {
    const node = this.nodes[index];
    return node.heartbeatAt === Infinity && node.freeMapSlots > 0;
  };

  private readonly waitingForReduces = (index: number): boolean => {
    const node = this.nodes[index];
    return node.heartbeatAt === Infinity && node.freeReduceSlots > 0;
  };

  /** A node's first periodic heartbeat at or after now, keeping its phase. */
  private nextTick(node: NodeState): number {
    return nextTick(node.lastHeartbeat, this.now, this.heartbeatInterval);
  }

  /**
   * A node with a heartbeat due stays listed as idle: the wake chains pass
   * over it (it is not waiting) and drop it then. Most heartbeats of a busy
   * node are due again before any chain looks, and it would be listed again
   * at its next idle moment: taking it out and back at each cost more than
   * the wakes that pass over it.
   */
  private scheduleHeartbeat(node: NodeState, time: number): void {
    if (node.heartbeatAt <= time) return;
    this.checkNotPast(time);
    node.heartbeatAt = time;
    this.queue.push(time, EV_HEARTBEAT, node.index);
  }

  private push(time: number, type: number, arg: number): void {
    this.checkNotPast(time);
    this.queuedActivity++;
    this.queue.push(time, type, arg);
  }

  /**
   * Virtual time never runs backwards (scheduling into the past is a bug
   * here), nor past the model's range, where durations would be lost to
   * rounding (model-range.ts): a scenario that takes a run there is refused.
   */
  private checkNotPast(time: number): void {
    if (!(time >= this.now)) throw new Error(`internal: event at ${time} scheduled in the past (now ${this.now})`);
    if (time > TIME_RANGE.max) {
      throw new InputError(`the run of scenario '${this.scenario.name}'`, [
        { path: '', expected: `a run whose events all fall in times ${TIME_RANGE.text}`, found: `an event at ${time} s` },
      ]);
    }
  }

  /** Stops the run with an OutOfMemoryError, naming the scenario's size, while there is room to report it. */
  private checkHeap(): void {
    checkHeap(() => {
      const { maps, reduces } = taskCounts(this.scenario.jobs);
      const size = `${this.jobs.length} jobs, ${maps} maps and ${reduces} reduces on ${this.nodes.length} nodes`;
      return `simulating ${size}: ${this.jobsDone} jobs done, ${this.log.count} attempts, at ${this.now.toFixed(0)} s`;
    });
  }

  private reportProgress(): void {
    if (this.options.onProgress === undefined) return;
    const pools = new Map<string, { pool: string; maps: number; reduces: number }>();
    for (const job of this.jobs) {
      const pool = pools.get(job.spec.pool) ?? { pool: job.spec.pool, maps: 0, reduces: 0 };
      pool.maps += job.runningMaps;
      pool.reduces += job.runningReduces;
      pools.set(job.spec.pool, pool);
    }
    this.options.onProgress({ now: this.now, jobsDone: this.jobsDone, jobsTotal: this.jobs.length, attempts: this.log.count, pools: [...pools.values()] });
  }

  private record(): RunRecord {
    const jobs: JobRecord[] = this.jobs.map((job) => ({
      id: job.spec.id,
      user: job.spec.user,
      pool: job.spec.pool,
      weight: job.spec.weight,
      submit: job.spec.submitTime,
      firstStart: job.firstStart,
      mapsDone: job.mapsDone,
      end: job.end,
      status: job.status,
      failure: job.failure,
    }));
    return {
      scenario: this.scenario,
      scheduler: this.policy.name,
      seed: this.scenario.settings.seed,
      attempts: this.log.table(),
      jobs,
      endTime: this.now,
      events: this.events,
      stalled: this.stalled,
      ...(this.policy.plan === undefined ? {} : { plan: this.policy.plan }),
      oracleRead: this.oracleRead,
      ...(this.yarn === null ? {} : { applicationMasters: this.amContainers.map((am): AmContainerRecord => ({ ...am })) }),
    };
  }
}

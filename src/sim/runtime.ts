/**
 * The cluster runtime: a Hadoop JobTracker (and, in YARN mode, the
 * ResourceManager's side of the ApplicationMasters) on a virtual clock. It
 * assembles the parts and runs the loop; each part owns its events
 * (docs/architecture.md, "The engine"):
 *
 * - `EventLoop` (engine/): the clock and the queue, domain-free;
 * - `JobTracker`: jobs and tasks, from submission to commit;
 * - `TaskExecution`: how an attempt reads, shuffles and computes, over the
 *   network model (network/);
 * - `Heartbeats`: when each node offers its free slots, idle nodes, parking;
 * - `ApplicationMasters` (YARN mode), `NodeFailures`, and the
 *   `FetchFailures` by which reduces report output lost with a node;
 * - `PolicyPort` (port/): all that passes to and from the policy.
 *
 * Here: what a heartbeat does (ApplicationMasters first, then the policy),
 * when a run has stalled, and the run record. See docs/model.md for what is
 * and is not modelled.
 */
import { KIND_MAP, KIND_REDUCE, type RunRecord } from '../model/run-record.js';
import { TIME_RANGE } from '../model/model-range.js';
import type { Scenario } from '../model/scenario.js';
import { taskCounts } from '../model/workload.js';
import { InputError } from '../util/input-error.js';
import { checkHeap } from '../util/heap-guard.js';
import { randomStream } from '../util/random-streams.js';
import { ApplicationMasters } from './application-masters.js';
import { AttemptLog } from './attempt-log.js';
import type { RulesTold, SpeculationContext } from './backup-rule.js';
import { ClusterState } from './cluster-state.js';
import { EventLoop } from './engine/event-loop.js';
import { EV_BACKUP_LAG, EV_HEARTBEAT, EV_WAKE, EVENT_TYPES } from './event-types.js';
import { FetchFailures, HADOOP1_FETCH_FAILURES, YARN_FETCH_FAILURES } from './fetch-failures.js';
import { Heartbeats, type HeartbeatWork } from './heartbeats.js';
import { jobStatesFor, type JobState } from './job-state.js';
import { JobTracker } from './job-tracker.js';
import { TreeNetwork, type NetworkModel } from './network/network.js';
import { NodeFailures } from './node-failures.js';
import { ClusterBlacklist } from './cluster-blacklist.js';
import type { NodeState } from './node-state.js';
import type { PolicyFactory } from './policy.js';
import { PolicyPort } from './port/policy-port.js';
import { TaskExecution } from './task-execution.js';
import { KillRequests } from './kill-requests.js';
import { builtinBackupRules, type BackupRuleFactory } from './backup-rules.js';

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
  /** Called every few thousand events, and as `progressStep` says. */
  readonly onProgress?: (progress: SimulationProgress) => void;
  /**
   * Simulated seconds between two progress reports besides those by events
   * (a live chart's points by simulated time): a report follows the first
   * event at or past each step.
   */
  readonly progressStep?: number;
  /** Replaces the tree network built from the cluster (its resources, routes and rates; how transfers share it is settings.network). */
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
  /**
   * Makes the rule that backs up each job's tasks of a kind, for the kinds
   * `settings.speculation` backs up, in place of the one its `policy` names:
   * a straggler policy of the caller's own, or a replay of another run's
   * backups. The rule's contract is `BackupRule`'s (`backup-rule.ts`).
   */
  readonly backupRules?: BackupRuleFactory;
}

export class Runtime implements HeartbeatWork {
  private readonly loop: EventLoop;
  private readonly log: AttemptLog;
  private readonly cluster: ClusterState;
  private readonly heartbeats: Heartbeats;
  private readonly tracker: JobTracker;
  private readonly ams: ApplicationMasters | null;
  private readonly failures: NodeFailures;
  private readonly clusterBlacklist: ClusterBlacklist | null;
  private readonly fetchFailures: FetchFailures;
  private readonly port: PolicyPort;
  private readonly kills: KillRequests;
  private readonly execution: TaskExecution;
  private readonly stallLimit: number;
  /** Each pool's place in the progress reports (built at the first). */
  private poolIndex: Map<string, number> | null = null;
  /** When the next report by simulated time is due (`progressStep`; never without it). */
  private nextReportAt = Infinity;
  private lastActivity = 0;
  private stalled = false;

  constructor(
    private readonly scenario: Scenario,
    createPolicy: PolicyFactory,
    private readonly options: SimulateOptions = {},
  ) {
    const { cluster, settings, jobs } = scenario;
    const interval = settings.heartbeatInterval;
    const network = options.network ?? new TreeNetwork(cluster);
    const { maps, reduces } = taskCounts(jobs);
    this.log = new AttemptLog(maps + reduces);
    this.stallLimit = options.stallLimit ?? 1000 * interval;
    // With a step, the first event reports (the charts start at the run's start).
    if (options.progressStep !== undefined && options.progressStep > 0) this.nextReportAt = -Infinity;
    this.loop = new EventLoop(EVENT_TYPES, EV_HEARTBEAT, TIME_RANGE.max, (time) => this.tooLate(time));
    // Nodes start heartbeating at random phases, as TaskTrackers do after they start.
    const phases = randomStream(settings.seed, 'heartbeat-phases');
    const unit = settings.yarn?.minimumAllocation ?? null;
    this.cluster = new ClusterState(cluster, interval, () => (options.alignHeartbeats ? 0 : phases.next() * interval), unit);
    this.heartbeats = new Heartbeats(this.loop, this.cluster, interval, settings.outOfBandHeartbeat);
    const splitSlots = cluster.nodes.every((node) => node.slotModel === 'split');
    const headroom = this.cluster.hasResources ? () => this.cluster.freeMemory : () => this.cluster.freeContainers;
    const told: RulesTold[] = [{ count: 0 }, { count: 0 }];
    const speculation = (kind: number): SpeculationContext => ({
      log: this.log,
      expectedEnd: kind === KIND_MAP ? (attempt) => execution.mapExpectedEnd(attempt) : (attempt) => execution.reduceExpectedEnd(attempt),
      slots: kind === KIND_MAP ? () => this.cluster.mapCapacity : () => this.cluster.reduceCapacity,
      now: () => this.loop.now,
      pastWakesDueNow: () => this.loop.takenType > EV_BACKUP_LAG,
      backupsRunning: () => this.tracker.backupsRunning[kind],
      succeededOn: () => this.tracker.succeededOn,
      told: told[kind],
    });
    const states = jobStatesFor(
      jobs,
      settings,
      splitSlots,
      headroom,
      {
        maps: settings.speculation.maps ? speculation(KIND_MAP) : null,
        reduces: settings.speculation.reduces ? speculation(KIND_REDUCE) : null,
      },
      options.backupRules ?? builtinBackupRules(settings.speculation.policy),
    );
    const execution = new TaskExecution(this.loop, this.log, this.cluster, network, settings, scenario.storage.replication, states);
    this.execution = execution;
    this.tracker = new JobTracker(this.loop, this.log, this.cluster, execution, this.heartbeats, network, states, settings, told);
    this.kills = new KillRequests(this.log, this.tracker, this.heartbeats, this.cluster.nodes);
    this.port = new PolicyPort(this.loop, this.log, this.cluster, this.tracker, this.kills, network, execution, execution.copies, jobs, createPolicy);
    this.ams = settings.yarn === null ? null : new ApplicationMasters(this.loop, this.cluster, this.tracker, this.heartbeats, settings.yarn, this.port);
    const rule = settings.yarn === null ? HADOOP1_FETCH_FAILURES : YARN_FETCH_FAILURES;
    this.fetchFailures = new FetchFailures(this.loop, this.log, this.tracker, rule);
    const { maxTrackerBlacklists, blacklistWindow } = settings.taskFailures;
    // YARN's ResourceManager keeps no such list (it goes by the nodes' health).
    this.clusterBlacklist = settings.yarn === null ? new ClusterBlacklist(this.loop, this.cluster, this.heartbeats, maxTrackerBlacklists, blacklistWindow) : null;
    this.failures = new NodeFailures(this.loop, this.log, this.cluster, this.tracker, execution, this.heartbeats, this.ams, this.fetchFailures, this.port, settings);
  }

  run(): RunRecord {
    this.heartbeats.start(this);
    this.tracker.start(this.port, this.fetchFailures, this.ams, this.clusterBlacklist);
    this.failures.start();
    const { loop, heartbeats, tracker } = this;
    while (loop.size > 0) {
      const type = loop.take();
      const time = loop.takenTime;
      // Anything but a heartbeat may change what a parked node's heartbeat would find.
      if (type !== EV_HEARTBEAT) heartbeats.resumeParked(time);
      if (type === EV_WAKE && tracker.allJobsEnded) {
        this.port.wakeDropped(time); // nothing left to decide
        continue;
      }
      if (type === EV_HEARTBEAT || type === EV_WAKE) {
        if (this.activityQueued() === 0 && time - this.lastActivity > this.stallLimit) {
          loop.halt();
          this.stalled = true;
          break;
        }
        loop.handle();
        heartbeats.resumeIfStateChanged(time);
      } else {
        this.lastActivity = time;
        loop.handle();
      }
      if ((loop.handled & (HEAP_CHECK_EVERY - 1)) === 0) this.checkHeap();
      if ((loop.handled & (PROGRESS_EVERY - 1)) === 0 || loop.now >= this.nextReportAt) this.reportProgress();
    }
    // No event left but jobs are: no live node can run them (or the scheduler never launched).
    if (!tracker.allJobsEnded) this.stalled = true;
    this.reportProgress();
    return this.record();
  }

  // ---- HeartbeatWork ----

  get stateVersion(): number {
    return this.tracker.stateVersion;
  }

  hasWorkFor(node: NodeState): boolean {
    return this.hasTaskWorkFor(node) || (this.ams !== null && this.ams.placeable() > 0 && node.freeMapSlots > 0) || this.hasSetupTaskFor(node);
  }

  runnable(kind: number): number {
    // Waiting AMs take containers, which map slots stand for on the container clusters of YARN mode; setup and cleanup tasks take a map slot first.
    if (kind === KIND_MAP) return this.tracker.runnableMaps + (this.ams?.placeable() ?? 0) + (this.tracker.setupTasks?.pending ?? 0);
    return this.tracker.runnableReduces;
  }

  offer(node: NodeState): boolean {
    const attemptsBefore = this.log.count;
    const versionBefore = this.tracker.stateVersion;
    // Hadoop 1's JobTracker asks the scheduler nothing in a heartbeat that gives a setup or cleanup task.
    const setupPlaced = this.tracker.placeSetupTask(node);
    const amsPlaced = this.ams?.place(node) ?? false;
    if (!setupPlaced && this.hasTaskWorkFor(node)) this.port.heartbeat(node);
    if (setupPlaced || amsPlaced || this.log.count > attemptsBefore) this.lastActivity = this.loop.now;
    return !setupPlaced && !amsPlaced && this.tracker.stateVersion === versionBefore;
  }

  private hasSetupTaskFor(node: NodeState): boolean {
    const tasks = this.tracker.setupTasks;
    return tasks !== null && tasks.pending > 0 && (node.freeMapSlots > 0 || node.freeReduceSlots > 0);
  }

  killAsked(node: NodeState): void {
    this.kills.killOn(node);
  }

  get declinesUntilStateChanges(): boolean {
    return this.port.declinesUntilStateChanges;
  }

  mayPark(): boolean {
    return this.declinesUntilStateChanges && this.activityQueued() > 0;
  }

  // ---- the run ----

  private hasTaskWorkFor(node: NodeState): boolean {
    const tracker = this.tracker;
    const maps = tracker.runnableMaps > 0 || (node.backupWake[KIND_MAP] && tracker.backupWakes.mayBackUp(KIND_MAP));
    const reduces = tracker.runnableReduces > 0 || (node.backupWake[KIND_REDUCE] && tracker.backupWakes.mayBackUp(KIND_REDUCE));
    return (maps && node.freeMapSlots > 0) || (reduces && node.freeReduceSlots > 0);
  }

  /** Queued events other than heartbeats and wakes: when none is, only heartbeats can change anything. */
  private activityQueued(): number {
    const loop = this.loop;
    return loop.size - loop.queued(EV_HEARTBEAT) - loop.queued(EV_WAKE);
  }

  /**
   * A run whose clock would pass the model's range, where durations would be
   * lost to rounding (model-range.ts), is refused as the scenario's.
   */
  private tooLate(time: number): never {
    throw new InputError(`the run of scenario '${this.scenario.name}'`, [
      { path: '', expected: `a run whose events all fall in times ${TIME_RANGE.text}`, found: `an event at ${time} s` },
    ]);
  }

  /** Stops the run with an OutOfMemoryError, naming the scenario's size, while there is room to report it. */
  private checkHeap(): void {
    checkHeap(() => {
      const { maps, reduces } = taskCounts(this.scenario.jobs);
      const size = `${this.tracker.jobs.length} jobs, ${maps} maps and ${reduces} reduces on ${this.cluster.nodes.length} nodes`;
      return `simulating ${size}: ${this.tracker.jobsDone} jobs done, ${this.log.count} attempts, at ${this.loop.now.toFixed(0)} s`;
    });
  }

  private reportProgress(): void {
    if (this.options.onProgress === undefined) return;
    const step = this.options.progressStep;
    if (step !== undefined && step > 0) this.nextReportAt = this.loop.now + step;
    // The pools are listed once; each report walks only the jobs in the system, not the whole trace.
    const poolIndex = (this.poolIndex ??= poolsInOrder(this.tracker.jobs));
    const pools = [...poolIndex.keys()].map((pool) => ({ pool, maps: 0, reduces: 0 }));
    const { tracker, loop } = this;
    for (const job of tracker.activeJobs) {
      const pool = pools[poolIndex.get(job.job.pool)!];
      pool.maps += job.runningMaps;
      pool.reduces += job.runningReduces;
    }
    this.options.onProgress({ now: loop.now, jobsDone: tracker.jobsDone, jobsTotal: tracker.jobs.length, attempts: this.log.count, pools });
  }

  private record(): RunRecord {
    const policy = this.port.policy;
    return {
      scenario: this.scenario,
      scheduler: policy.name,
      seed: this.scenario.settings.seed,
      attempts: this.log.table(),
      jobs: this.tracker.records(),
      endTime: this.loop.now,
      events: this.loop.handled,
      stalled: this.stalled,
      ...(policy.plan === undefined ? {} : { plan: policy.plan }),
      oracleRead: this.port.oracle.wasRead,
      ...(this.execution.copies.bytes === 0 ? {} : { replicationBytes: this.execution.copies.bytes }),
      ...(this.ams === null ? {} : { applicationMasters: this.ams.records() }),
    };
  }
}

/** Each pool's index, the pools in the order their first job was given. */
function poolsInOrder(jobs: readonly JobState[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const job of jobs) if (!index.has(job.job.pool)) index.set(job.job.pool, index.size);
  return index;
}

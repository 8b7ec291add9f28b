/**
 * Node failures (`settings.failures`): a node fails at its time, the
 * JobTracker notices it `settings.trackerExpiry` later (or when the node
 * registers again, if sooner), and it may come back with its disks.
 *
 * - At the failure its attempts stop where they are (to the JobTracker they
 *   run on until it notices), the map output on it is lost (reduces keep
 *   what they copied, and wait for the rest), and its block replicas are
 *   unreadable. The reduces that need the lost output fail to fetch it, and
 *   their reports may have the maps run again before the failure is noticed
 *   (`fetch-failures.ts`).
 * - When it is noticed its attempts fail, and, as Hadoop does, every map that
 *   had finished on it runs again for each job whose reduces are not all done
 *   (their output was on it); its ApplicationMasters start again elsewhere.
 *   Then the policy hears of it.
 * - At its recovery it registers again at once, empty, with its disks.
 */
import { KIND_MAP, STATUS_FAILED } from '../model/run-record.js';
import type { Settings } from '../model/scenario.js';
import type { ApplicationMasters } from './application-masters.js';
import type { AttemptLog } from './attempt-log.js';
import type { ClusterState } from './cluster-state.js';
import type { EventLoop } from './engine/event-loop.js';
import type { FetchFailures } from './fetch-failures.js';
import { EV_NODE_FAIL, EV_NODE_LOST, EV_NODE_RECOVER } from './event-types.js';
import type { Heartbeats } from './heartbeats.js';
import type { JobTracker } from './job-tracker.js';
import type { NodeState } from './node-state.js';
import type { TaskExecution } from './task-execution.js';

/** What the policy hears of nodes. */
export interface NodeEvents {
  nodeFailed(node: NodeState): void;
  nodeRecovered(node: NodeState): void;
}

export class NodeFailures {
  constructor(
    private readonly loop: EventLoop,
    private readonly log: AttemptLog,
    private readonly cluster: ClusterState,
    private readonly tracker: JobTracker,
    private readonly execution: TaskExecution,
    private readonly heartbeats: Heartbeats,
    private readonly ams: ApplicationMasters | null,
    private readonly fetchFailures: FetchFailures,
    private readonly events: NodeEvents,
    private readonly settings: Settings,
  ) {
    const { failures } = settings;
    loop.on(EV_NODE_FAIL, (failure) => this.fail(failures[failure].node, failure));
    loop.on(EV_NODE_LOST, (failure) => this.notice(failures[failure].node, failure));
    loop.on(EV_NODE_RECOVER, (failure) => this.recover(failures[failure].node));
  }

  /** Schedules every failure, its notice and its recovery. */
  start(): void {
    const { failures, trackerExpiry } = this.settings;
    failures.forEach((failure, i) => {
      this.loop.schedule(failure.at, EV_NODE_FAIL, i);
      this.loop.schedule(failure.at + trackerExpiry, EV_NODE_LOST, i);
      if (failure.recoverAt !== null) this.loop.schedule(failure.recoverAt, EV_NODE_RECOVER, i);
    });
  }

  private fail(index: number, failure: number): void {
    const node = this.cluster.nodes[index];
    if (!node.alive) return;
    this.cluster.nodeDown(node);
    node.unnoticedFailure = failure;
    this.tracker.stateVersion++;
    this.heartbeats.nodeFailed(node);
    this.execution.nodeFailed(index);
    this.tracker.setupTasksLostOn(node);
    const log = this.log;
    for (const attempt of this.tracker.attemptsRunningOn(index)) {
      log.end[attempt] = NaN; // it will not end by itself
      this.execution.stop(attempt);
      const job = this.tracker.jobs[log.job[attempt]];
      const isMap = log.kind[attempt] === KIND_MAP;
      if (!isMap) job.shuffle!.stopFetch(log.task[attempt], attempt);
      // It stops progressing there: to the speculation rule it no longer moves (rate 0), and it may be backed up.
      this.tracker.backupWakes.progressChanged(job, isMap, log.task[attempt]);
    }
    for (const job of this.tracker.activeJobs) {
      const shuffle = job.shuffle;
      if (shuffle === null || !shuffle.hasOutputOn(index)) continue;
      shuffle.loseOutputsOn(index);
      shuffle.resumeAll();
      this.fetchFailures.outputsLost(job, index);
    }
  }

  /** The JobTracker notices failure `failure` of node `index` (unless it did already, when the node registered again). */
  private notice(index: number, failure: number): void {
    const node = this.cluster.nodes[index];
    if (node.unnoticedFailure !== failure) return;
    node.unnoticedFailure = -1;
    for (const attempt of this.tracker.attemptsRunningOn(index)) this.tracker.endAttempt(attempt, STATUS_FAILED);
    for (const job of this.tracker.activeJobs) {
      if (job.job.reduces.length > job.succeededReduces) this.tracker.rerunMapsOn(job, index);
    }
    this.fetchFailures.nodeNoticed(index);
    this.ams?.restartOn(node);
    this.events.nodeFailed(node);
  }

  private recover(index: number): void {
    const node: NodeState = this.cluster.nodes[index];
    if (node.alive) return;
    // A TaskTracker registering again is a new one to the JobTracker: the old one's failure is noticed now.
    if (node.unnoticedFailure >= 0) this.notice(index, node.unnoticedFailure);
    this.cluster.nodeUp(node);
    this.tracker.clusterBlacklist?.nodeRestarted(node);
    this.tracker.stateVersion++;
    this.heartbeats.nodeRecovered(node);
    this.events.nodeRecovered(node);
  }
}

/**
 * The policy port: all that passes between the runtime and the policy. The
 * runtime's parts report what happens (`JobEvents`, `NodeEvents`) and ask
 * for a node's heartbeat to be answered; the port calls the policy with its
 * views (a `JobPort` per job, a `NodePort` per node, the `ClusterPort`) and
 * the `DecisionPort` it launches through, and builds the policy with the
 * run's `TaskOracle`. The policy is handed nothing else: no runtime state,
 * no scenario, so nothing it walks reaches the truth.
 */
import type { Resources } from '../../model/resources.js';
import { KIND_MAP, STATUS_FAILED, STATUS_SUCCEEDED } from '../../model/run-record.js';
import type { Job } from '../../model/workload.js';
import type { AttemptLog } from '../attempt-log.js';
import type { BlockCopies } from '../block-copies.js';
import type { ClusterState } from '../cluster-state.js';
import type { EventLoop } from '../engine/event-loop.js';
import { EV_WAKE } from '../event-types.js';
import type { JobState } from '../job-state.js';
import type { JobEvents, JobTracker } from '../job-tracker.js';
import type { NetworkModel } from '../network/network.js';
import type { KillRequests } from '../kill-requests.js';
import type { NodeEvents } from '../node-failures.js';
import type { NodeState } from '../node-state.js';
import type { AmAdmission } from '../application-masters.js';
import type { Policy, PolicyFactory, TaskEnd } from '../policy.js';
import { ClusterPort, type AttemptProgress } from './cluster-port.js';
import { DecisionPort } from './decision-port.js';
import { JobPort } from './job-port.js';
import { NodePort } from './node-port.js';
import { RunOracle } from './run-oracle.js';

export class PolicyPort implements JobEvents, NodeEvents, AmAdmission {
  readonly policy: Policy;
  readonly oracle: RunOracle;
  /** Each job's view, from its submission on. */
  private readonly jobs: (JobPort | undefined)[] = [];
  /** Views of the tracker's active jobs, in the same order. */
  private readonly activeJobs: JobPort[] = [];
  private readonly nodes: NodePort[];
  private readonly view: ClusterPort;
  private readonly decisions: DecisionPort;

  constructor(
    private readonly loop: EventLoop,
    private readonly log: AttemptLog,
    cluster: ClusterState,
    tracker: JobTracker,
    kills: KillRequests,
    network: NetworkModel,
    progress: AttemptProgress,
    copies: BlockCopies,
    workload: readonly Job[],
    createPolicy: PolicyFactory,
  ) {
    const name = (): string => this.policy.name;
    this.nodes = cluster.nodes.map((node) => new NodePort(node));
    this.view = new ClusterPort(loop, log, cluster, tracker, network, progress, this.nodes, this.activeJobs);
    this.decisions = new DecisionPort(loop, log, tracker, kills, copies, this.jobs, name, cluster.nodes.length);
    this.oracle = new RunOracle(tracker.jobs, workload, this.jobs, name);
    this.policy = createPolicy({ oracle: this.oracle });
    loop.on(EV_WAKE, () => this.wake());
  }

  /** Whether the policy says a heartbeat it declined would be declined again until the state changes. */
  get declinesUntilStateChanges(): boolean {
    return this.policy.declinesUntilStateChanges === true;
  }

  /** The node's heartbeat: the policy launches on it what it will. */
  heartbeat(node: NodeState): void {
    this.decisions.beginHeartbeat(node);
    this.policy.onHeartbeat(this.nodes[node.index], this.view, this.decisions);
    this.decisions.endHeartbeat();
  }

  get judgesApplicationMasters(): boolean {
    return this.policy.mayStartApplicationMaster !== undefined;
  }

  /** Whether the policy lets the job's ApplicationMaster start now, `running` holding their containers; every AM's is `container`. */
  mayStart(job: JobState, running: ReadonlySet<JobState>, container: Resources): boolean {
    const ask = this.policy.mayStartApplicationMaster;
    if (ask === undefined) return true;
    const views = [...running].map((am) => this.view.amView(am, container));
    return ask.call(this.policy, this.view.amView(job, container), views, this.view);
  }

  /** A wake that comes after every job has ended is dropped: nothing is left to decide. */
  wakeDropped(time: number): void {
    this.decisions.wakeDone(time);
  }

  jobSubmitted(job: JobState): void {
    const view = new JobPort(job);
    this.jobs[job.index] = view;
    this.activeJobs.push(view);
    this.policy.onJobSubmitted?.(view, this.view, this.decisions);
  }

  /** Tells the policy an attempt has ended (only if it listens: the report is an allocation per attempt). */
  taskEnded(attempt: number): void {
    if (this.policy.onTaskEnded === undefined) return;
    const log = this.log;
    const status = log.status[attempt];
    const end: TaskEnd = {
      job: this.jobs[log.job[attempt]]!,
      kind: log.kind[attempt] === KIND_MAP ? 'map' : 'reduce',
      task: log.task[attempt],
      attempt: log.attempt[attempt],
      node: this.nodes[log.node[attempt]],
      start: log.start[attempt],
      end: log.end[attempt],
      duration: log.end[attempt] - log.start[attempt],
      status: status === STATUS_SUCCEEDED ? 'succeeded' : status === STATUS_FAILED ? 'failed' : 'killed',
    };
    this.policy.onTaskEnded(end, this.view, this.decisions);
  }

  jobFinished(job: JobState): void {
    const view = this.jobs[job.index]!;
    this.activeJobs.splice(this.activeJobs.indexOf(view), 1);
    view.release();
    this.policy.onJobFinished?.(view, this.view, this.decisions);
  }

  nodeFailed(node: NodeState): void {
    this.policy.onNodeFailed?.(this.nodes[node.index], this.view, this.decisions);
  }

  nodeRecovered(node: NodeState): void {
    this.policy.onNodeRecovered?.(this.nodes[node.index], this.view, this.decisions);
  }

  private wake(): void {
    this.decisions.wakeDone(this.loop.now);
    this.policy.onWake?.(this.view, this.decisions);
  }
}

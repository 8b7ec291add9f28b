/**
 * YARN mode's ApplicationMasters, the ResourceManager's side of them: a job
 * first waits for a container for its AM, given at a node's heartbeat before
 * the policy is offered the rest, first come first served and at most
 * `maxAmShare` of the live containers at once, each when the policy lets it
 * (a queue's AM limit: `Policy.mayStartApplicationMaster`, through
 * `AmAdmission`); its setup starts when the AM
 * does, and the AM holds its container until the job ends. A lost node's AMs
 * start again elsewhere, up to `amMaxAttempts` per job; then the job fails.
 * (The MapReduce AM's reduce ramp-up is in JobState, so every policy sees it.)
 */
import { NO_RESOURCES, type Resources } from '../model/resources.js';
import { KIND_MAP, type AmContainerRecord } from '../model/run-record.js';
import type { YarnSettings } from '../model/scenario.js';
import type { ClusterState } from './cluster-state.js';
import type { EventLoop } from './engine/event-loop.js';
import type { Heartbeats } from './heartbeats.js';
import type { JobState } from './job-state.js';
import type { AmHost, JobTracker } from './job-tracker.js';
import type { NodeState } from './node-state.js';
import { wholeCount } from './whole-count.js';

/** Who else has a say in whether a waiting AM may start: the policy, through its port. */
export interface AmAdmission {
  /** False when every AM may start as far as it is concerned (the policy has no such rule). */
  readonly judgesApplicationMasters: boolean;
  mayStart(job: JobState, running: ReadonlySet<JobState>, container: Resources): boolean;
}

export class ApplicationMasters implements AmHost {
  /** Jobs waiting for a container for their AM, in submission order. */
  private readonly waiting: JobState[] = [];
  /** Jobs whose AM holds a container (on a failed node too, until the failure is noticed). */
  private readonly running = new Set<JobState>();
  /** An AM's container on a resource cluster; none on containers, which are counted. */
  private readonly request: Resources;
  /** Every AM container of the run, in the order they started. */
  private readonly containers: { job: number; node: number; start: number; end: number | null }[] = [];
  /** Changes whenever a job starts or stops waiting. */
  private waitingChanges = 0;
  /** The AMs the admission lets start, found at this state version and these waiting AMs (asked for at every heartbeat). */
  private admittedVersion = -1;
  private admittedChanges = -1;
  private admitted: readonly JobState[] = [];

  constructor(
    private readonly loop: EventLoop,
    private readonly cluster: ClusterState,
    private readonly tracker: JobTracker,
    private readonly heartbeats: Heartbeats,
    private readonly yarn: YarnSettings,
    private readonly admission: AmAdmission,
  ) {
    this.request = cluster.hasResources ? yarn.amContainer : NO_RESOURCES;
  }

  /** AMs waiting that may start now: within the cluster's AM limit, those the admission lets start. */
  placeable(): number {
    return this.admittedWaiting().length;
  }

  /** The jobs of `placeable`, in submission order (what a queue's pending demand counts of AMs). */
  admittedWaiting(): readonly JobState[] {
    if (this.waiting.length === 0 || !this.underClusterLimit()) return [];
    if (!this.admission.judgesApplicationMasters) return this.waiting;
    if (this.admittedVersion !== this.tracker.stateVersion || this.admittedChanges !== this.waitingChanges) {
      this.admittedVersion = this.tracker.stateVersion;
      this.admittedChanges = this.waitingChanges;
      this.admitted = this.waiting.filter((job) => this.admission.mayStart(job, this.running, this.request));
    }
    return this.admitted;
  }

  /** The job waits for a container for its AM, in submission order (a restarted AM goes back to its job's place). */
  waitFor(job: JobState): void {
    let at = this.waiting.length;
    while (at > 0 && this.waiting[at - 1].index > job.index) at--;
    this.waiting.splice(at, 0, job);
    this.waitingChanges++;
    this.heartbeats.workAppeared(KIND_MAP);
  }

  /**
   * The node's free containers go to waiting AMs first, first come first
   * served among those the admission lets start (an AM its queue holds back
   * lets later ones of other queues pass), before the policy is offered the
   * rest. Returns whether one started.
   */
  place(node: NodeState): boolean {
    let placed = false;
    while (node.freeMapSlots > 0 && node.fits(this.request) && this.waiting.length > 0 && this.underClusterLimit()) {
      const next = this.waiting.findIndex((job) => this.admission.mayStart(job, this.running, this.request));
      if (next < 0) break;
      const [job] = this.waiting.splice(next, 1);
      this.waitingChanges++;
      this.tracker.stateVersion++;
      node.runningAMs++;
      this.cluster.hold(node, this.request);
      job.amNode = node.index;
      job.amAttempts++;
      this.running.add(job);
      job.amContainer = this.containers.length;
      this.containers.push({ job: job.index, node: node.index, start: this.loop.now, end: null });
      // A restarted AM picks up its job where it was (docs/model.md: what AM restarts simplify).
      if (!job.submitted) this.tracker.startSetup(job);
      placed = true;
    }
    return placed;
  }

  /** The job has ended: its AM frees its container (or stops waiting for one), and an AM waiting for the AM limit may start. */
  release(job: JobState): void {
    const waiting = this.waiting.indexOf(job);
    if (waiting >= 0) {
      this.waiting.splice(waiting, 1);
      this.waitingChanges++;
    }
    if (job.amNode < 0) return;
    const node = this.end(job);
    if (node.alive) this.heartbeats.slotFreed(node);
    this.heartbeats.workAppeared(KIND_MAP);
  }

  /**
   * A lost node's AMs are restarted by the ResourceManager in another
   * container, up to yarn.resourcemanager.am.max-attempts per job; then the
   * job fails. A setup in progress starts again with the new AM.
   */
  restartOn(node: NodeState): void {
    for (const job of [...this.running]) {
      if (job.amNode !== node.index) continue;
      this.end(job);
      job.setUpAt = NaN;
      if (job.amAttempts < this.yarn.amMaxAttempts) this.waitFor(job);
      else {
        const attempts = `${job.amAttempts} attempt${job.amAttempts === 1 ? '' : 's'}`;
        this.tracker.failJob(job, `its ApplicationMaster was lost with node '${node.spec.id}' after ${attempts} (settings.yarn.amMaxAttempts)`);
      }
    }
  }

  /** Every AM container of the run, for the run record. */
  records(): AmContainerRecord[] {
    return this.containers.map((am) => ({ ...am }));
  }

  /** The job's AM leaves its container (the job ended, or the AM's node was lost); returns the node. */
  private end(job: JobState): NodeState {
    const node = this.cluster.nodes[job.amNode];
    this.tracker.stateVersion++;
    node.runningAMs--;
    this.cluster.release(node, this.request);
    job.amNode = -1;
    this.running.delete(job);
    this.containers[job.amContainer].end = this.loop.now;
    return node;
  }

  /**
   * Whether one more AM keeps AMs within maxAmShare of the live containers
   * (on a resource cluster: of the live memory, as YARN's default resource
   * calculator counts it); at least one AM may run.
   */
  private underClusterLimit(): boolean {
    if (this.cluster.hasResources) {
      const amMemory = this.yarn.amContainer.memory;
      const limit = Math.max(amMemory, this.yarn.maxAmShare * this.cluster.memoryCapacity);
      return (this.running.size + 1) * amMemory <= limit + 1e-6;
    }
    const limit = Math.max(1, wholeCount(this.yarn.maxAmShare * this.cluster.mapCapacity));
    return this.running.size < limit;
  }
}

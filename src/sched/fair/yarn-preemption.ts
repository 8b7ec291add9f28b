/**
 * YARN's Fair Scheduler preemption on a resource cluster (FairScheduler's
 * update with FSLeafQueue.updateStarvedApps, FSAppAttempt's starvation, and
 * FSPreemptionThread), on with `schedulerOptions.fair.preemption`; the
 * order (`yarn-fair-order.ts`) runs a check every `preemptionInterval`.
 *
 * A check, when the cluster is more than 80% used in memory or vcores
 * (yarn.scheduler.fair.preemption.cluster-utilization-threshold's default):
 * - Fair shares, instantaneous: the queues' (`instantaneousQueueShares`),
 *   and each leaf's divided among its runnable jobs by the leaf's policy.
 * - In each leaf, its jobs with pending demand, in the leaf's order, and
 *   not within the pause after their last preemption: a job is fair-share
 *   starved while its usage is below min(`fairSharePreemptionThreshold` ×
 *   fair share, demand), by the leaf policy's comparison (memory; drf: the
 *   dominant share); past `fairSharePreemptionTimeout`, of the difference.
 *   The walk stops at the first job not starved, as Hadoop's does (the
 *   jobs after it keep their clocks).
 * - A leaf is min-share starved while its usage is below min(minResources,
 *   demand); past its `minSharePreemptionTimeouts` (its own, else its
 *   nearest parent's, else `defaultMinSharePreemptionTimeout`), the
 *   difference less the jobs' fair-share starvation goes to its jobs in
 *   order, each taking at most its pending demand beyond its fair-share
 *   starvation.
 * - Each starved job in turn, the least starved first (FSStarvedApps): its
 *   starvation as containers of its pending requests (reduces, then maps),
 *   as many whole containers as its memory holds; for each, the first
 *   live node (by index) where the node's free room plus running task
 *   containers taken the most recently started first make room. A
 *   container is taken only if its job stays at or above its fair share
 *   without it (and without the ones already taken). Each is killed
 *   (`decisions.kill`, at its node's next heartbeat); the job is not
 *   checked again for 4 heartbeats and 10 s (yarn.scheduler.fair.
 *   waitTimeBeforeNextStarvationCheck).
 *
 * Differs from YARN, and why:
 * - A job waiting for its AM's container is not yet the policy's
 *   (`sim/application-masters.ts`): it is never starved, and nothing is
 *   preempted to start an AM.
 * - AMs are never taken: the ResourceManager places them outside the
 *   policy. Hadoop takes an AM only when no node can be freed without one.
 * - Kills are asked for at once: the warning before the kill
 *   (waitTimeBeforeKill) is 0, as Hadoop's preemption tests set it.
 * - The room a kill frees is not kept for the starved job: it goes by the
 *   scheduling order, where a starved job is usually first.
 * - Requests ask for any node: a map's preferred nodes do not narrow the
 *   nodes searched. Hadoop visits its nodes in no set order; here by index.
 * - A job's min-share starvation is at most what is left of its leaf's;
 *   Hadoop's code, where a job's pending demand exceeds what is left, gives
 *   it that demand less what is left, which its tests cannot tell apart.
 *
 * A pool's `fairSharePreemptionTimeouts` and `fairSharePreemptionThresholds`
 * entries (else its nearest parent's, else the tree's) apply to its jobs;
 * no container is taken from a pool with `allowPreemptionFrom: false` or
 * under one (FSQueue.isPreemptable).
 */
import { NO_RESOURCES, fitsIn, scaleResources, sumResources, type Resources } from '../../model/resources.js';
import type { Pool } from '../../model/workload.js';
import type { ClusterView, Decisions, JobView, SlotKind } from '../types.js';
import type { FairOptions } from './options.js';
import { instantaneousQueueShares, UNBOUNDED, type PolicySchedulable, type QueueSpec, type SchedulingPolicy } from './yarn/index.js';
import { comparisonOf, smallerOf, type ResourceComparison } from './yarn/resource-calculator.js';

/** The cluster's use above which starvation is tracked (yarn.scheduler.fair.preemption.cluster-utilization-threshold). */
const UTILIZATION_THRESHOLD = 0.8;
/** yarn.scheduler.fair.waitTimeBeforeNextStarvationCheck, seconds. */
const WAIT_BEFORE_NEXT_STARVATION_CHECK = 10;

/** A job in its leaf, as the order keeps it. */
export interface PreemptionApp extends PolicySchedulable {
  readonly job: JobView;
  readonly runnable: boolean;
}

/** A queue of the order's tree. */
export interface PreemptionQueue extends PolicySchedulable {
  /** Full name, `root.a.b`. */
  readonly name: string;
  readonly spec: Pool;
  readonly policy: SchedulingPolicy;
  readonly parent: PreemptionQueue | null;
  readonly children: readonly PreemptionQueue[];
  readonly jobs: readonly PreemptionApp[];
}

/** What starvation reads of a job or a leaf. */
export interface Standing {
  readonly usage: Resources;
  readonly demand: Resources;
}

/** A pending request of a starved job: its container and how many. */
export interface StarvedRequest {
  readonly kind: SlotKind;
  readonly capability: Resources;
  readonly count: number;
}

/** A running task's container, as a preemption may take it. */
export interface TaskContainer {
  readonly app: PreemptionApp;
  readonly kind: SlotKind;
  readonly task: number;
  readonly start: number;
  readonly resources: Resources;
}

/**
 * FSAppAttempt.fairShareStarvation's rule without its clock: whether the
 * usage is below min(threshold × fair share, demand) by the policy's
 * comparison, and by how much, per type (what it is starved of once past
 * the timeout).
 */
export function fairShareShortfall(
  app: Standing & { readonly fairShare: Resources },
  threshold: number,
  compare: ResourceComparison,
  cluster: Resources,
): { readonly below: boolean; readonly amount: Resources } {
  const target = componentwiseMin(scaleResources(app.fairShare, threshold), app.demand);
  return { below: compare(cluster, app.usage, target, true) < 0, amount: minusNonNegative(target, app.usage) };
}

/** FSLeafQueue.minShareStarvation's rule without its clock: min(min share, demand) by the policy's comparison, less the usage. */
export function minShareShortfall(queue: Standing & { readonly minShare: Resources }, compare: ResourceComparison, cluster: Resources): Resources {
  return minusNonNegative(smallerOf(compare, cluster, queue.minShare, queue.demand), queue.usage);
}

/**
 * A leaf's min-share starvation left after its jobs' fair-share starvation,
 * handed to its jobs in order while some is left: each its pending demand
 * beyond its fair-share starvation, the last one what is left. The parts of
 * the jobs handed one, a prefix of `apps`.
 */
export function divideMinShareStarvation(
  apps: readonly { readonly pending: Resources; readonly fairShareStarvation: Resources }[],
  left: Resources,
  compare: ResourceComparison,
  cluster: Resources,
): Resources[] {
  const parts: Resources[] = [];
  let pending = left;
  for (const app of apps) {
    if (isNone(pending)) break;
    const wanted = minusNonNegative(app.pending, app.fairShareStarvation);
    if (compare(cluster, wanted, pending) > 0) {
      parts.push(pending);
      pending = NO_RESOURCES;
    } else {
      parts.push(wanted);
      pending = minusNonNegative(pending, wanted);
    }
  }
  return parts;
}

/**
 * FSAppAttempt.getStarvedResourceRequests: the starvation as whole
 * containers of the job's requests in turn, each as many as the memory
 * left holds (the scheduler's calculator, memory only), until none is left.
 */
export function starvedRequests(starvation: Resources, requests: readonly StarvedRequest[]): StarvedRequest[] {
  const starved: StarvedRequest[] = [];
  let pending = starvation;
  for (const request of requests) {
    if (isNone(pending)) break;
    const fit = Math.min(request.count, Math.floor(pending.memory / request.capability.memory));
    if (!(fit > 0)) continue;
    starved.push({ ...request, count: fit });
    pending = minusNonNegative(pending, scaleResources(request.capability, fit));
  }
  return starved;
}

/**
 * FSPreemptionThread.identifyContainersToPreemptOnNode without AMs: the
 * node's containers in order, each taken if `mayTake` says so given what is
 * already taken of its job, until the free room plus what is taken holds the
 * request; null if they never do. The check comes after each container, as
 * Hadoop's: a node with room enough still gives its first container, if
 * that may be taken, and an empty list if not.
 */
export function containersToFree(
  request: Resources,
  free: Resources,
  containers: readonly TaskContainer[],
  mayTake: (container: TaskContainer, takenOfApp: Resources) => boolean,
): TaskContainer[] | null {
  const taken: TaskContainer[] = [];
  let potential = free;
  for (const container of containers) {
    let ofApp = NO_RESOURCES;
    for (const other of taken) if (other.app === container.app) ofApp = sumResources(ofApp, other.resources);
    if (mayTake(container, ofApp)) {
      taken.push(container);
      potential = sumResources(potential, container.resources);
    }
    if (fitsIn(request, potential)) return taken;
  }
  return null;
}

interface Starved {
  readonly app: PreemptionApp;
  readonly starvation: Resources;
}

/** A job's fair share at a check, and how its leaf's policy compares amounts. */
interface Share {
  readonly fairShare: Resources;
  readonly compare: ResourceComparison;
}

/** The clocks and bookkeeping of preemption over the order's tree. */
export class YarnPreemption {
  /** Per job index: the last check at which it was not fair-share starved, and when it may next be checked. */
  private readonly lastTimeAtFairShare = new Map<number, number>();
  private readonly nextStarvationCheck = new Map<number, number>();
  /** Per leaf: the last check at which it was not min-share starved (queues exist from the start). */
  private readonly lastTimeAtMinShare = new Map<string, number>();
  /** Kills asked for and not yet seen to end, by `job/kind/task`, with the attempt's start. */
  private readonly asked = new Map<string, { readonly start: number; readonly container: TaskContainer; readonly node: number }>();
  private readonly pause: number;

  constructor(
    private readonly options: FairOptions,
    private readonly tree: QueueSpec,
    heartbeatInterval: number,
  ) {
    this.pause = 4 * heartbeatInterval + WAIT_BEFORE_NEXT_STARVATION_CHECK;
  }

  /** A job arrives: it has been at its fair share until now (FSAppAttempt starts its clock at its creation). */
  appAdded(job: JobView, now: number): void {
    this.lastTimeAtFairShare.set(job.index, now);
    this.nextStarvationCheck.set(job.index, -Infinity);
  }

  appRemoved(job: JobView): void {
    this.lastTimeAtFairShare.delete(job.index);
    this.nextStarvationCheck.delete(job.index);
  }

  /** One check, the tree's usage and demand measured just before. */
  check(root: PreemptionQueue, view: ClusterView, decisions: Decisions): void {
    const cluster = { memory: view.memoryCapacity, vcores: view.vcoreCapacity };
    if (!(utilization(view) > UTILIZATION_THRESHOLD)) return;
    const leaves: PreemptionQueue[] = [];
    collectLeaves(root, leaves);
    const active = new Set(leaves.filter((leaf) => leaf.jobs.some((app) => app.runnable)).map((leaf) => leaf.name));
    const queueShares = instantaneousQueueShares(this.tree, cluster, active);
    const shares = new Map<PreemptionApp, Share>();
    const starved: Starved[] = [];
    for (const leaf of leaves) {
      const compare = comparisonOf(leaf.policy.name);
      const runnable = leaf.jobs.filter((app) => app.runnable);
      const claims = runnable.map((app) => ({ weight: app.weight, minShare: NO_RESOURCES, maxShare: UNBOUNDED, active: true, startTime: app.startTime }));
      const fairShares = leaf.policy.computeShares(claims, queueShares.get(leaf.name) ?? NO_RESOURCES);
      // A job not runnable has no share to keep (Hadoop divides a leaf's share among its runnable jobs only).
      for (const app of leaf.jobs) shares.set(app, { fairShare: NO_RESOURCES, compare });
      runnable.forEach((app, i) => shares.set(app, { fairShare: fairShares[i], compare }));
      this.findStarved(leaf, runnable, shares, view.now, cluster, starved);
    }
    // FSStarvedApps' order: a job whose starvation fits in another's goes first.
    starved.sort((a, b) => (fitsIn(a.starvation, b.starvation) ? -1 : fitsIn(b.starvation, a.starvation) ? 1 : 0));
    const containers = this.runningContainers(leaves.filter(isPreemptable).flatMap((leaf) => leaf.jobs), view);
    for (const { app, starvation } of starved) {
      this.preemptFor(app, starvation, containers, shares, view, cluster, decisions);
      this.nextStarvationCheck.set(app.job.index, view.now + this.pause);
    }
  }

  /** FSLeafQueue.updateStarvedApps: the leaf's fair-share starved jobs, then its min-share starvation handed out. */
  private findStarved(
    leaf: PreemptionQueue,
    runnable: readonly PreemptionApp[],
    shares: ReadonlyMap<PreemptionApp, Share>,
    now: number,
    cluster: Resources,
    starved: Starved[],
  ): void {
    const compare = comparisonOf(leaf.policy.name);
    const o = this.options;
    const withDemand = runnable
      .filter((app) => !isNone(minusNonNegative(app.demand, app.usage)) && now >= this.nextStarvationCheck.get(app.job.index)!)
      .sort(leaf.policy.order(cluster));
    const fairStarvation = withDemand.map(() => NO_RESOURCES);
    let fairTotal = NO_RESOURCES;
    for (let i = 0; i < withDemand.length; i++) {
      const app = withDemand[i];
      const threshold = inherited(o.fairSharePreemptionThresholds, leaf, o.fairSharePreemptionThreshold);
      const { below, amount } = fairShareShortfall({ ...standing(app), fairShare: shares.get(app)!.fairShare }, threshold, compare, cluster);
      if (!below) this.lastTimeAtFairShare.set(app.job.index, now);
      const timeout = inherited(o.fairSharePreemptionTimeouts, leaf, o.fairSharePreemptionTimeout);
      if (!below || now - this.lastTimeAtFairShare.get(app.job.index)! < timeout || isNone(amount)) break;
      fairStarvation[i] = amount;
      fairTotal = sumResources(fairTotal, amount);
    }
    let minShare = minShareShortfall({ ...standing(leaf), minShare: leaf.minShare }, compare, cluster);
    if (isNone(minShare)) this.lastTimeAtMinShare.set(leaf.name, now);
    if (now - (this.lastTimeAtMinShare.get(leaf.name) ?? 0) < inherited(o.minSharePreemptionTimeouts, leaf, o.defaultMinSharePreemptionTimeout)) minShare = NO_RESOURCES;
    const left = minusNonNegative(minShare, fairTotal);
    const pending = withDemand.map((app, i) => ({ pending: minusNonNegative(app.demand, app.usage), fairShareStarvation: fairStarvation[i] }));
    // A job handed a part counts as starved even if its part is empty, as in Hadoop.
    const minStarvation = divideMinShareStarvation(pending, left, compare, cluster);
    withDemand.forEach((app, i) => {
      const handed = i < minStarvation.length;
      if (handed || !isNone(fairStarvation[i])) starved.push({ app, starvation: sumResources(fairStarvation[i], handed ? minStarvation[i] : NO_RESOURCES) });
    });
  }

  /** FSPreemptionThread.identifyContainersToPreempt for one starved job, each container found killed. */
  private preemptFor(
    app: PreemptionApp,
    starvation: Resources,
    containers: ReadonlyMap<number, TaskContainer[]>,
    shares: ReadonlyMap<PreemptionApp, Share>,
    view: ClusterView,
    cluster: Resources,
    decisions: Decisions,
  ): void {
    const job = app.job;
    const requests: StarvedRequest[] = [];
    // The MapReduce AM asks for reduces at a higher priority than maps.
    if (job.hasRunnableReduce && job.pendingReduces > 0) requests.push({ kind: 'reduce', capability: job.spec.reduceContainer, count: job.pendingReduces });
    if (job.pendingMaps > 0) requests.push({ kind: 'map', capability: job.spec.mapContainer, count: job.pendingMaps });
    const mayTake = (container: TaskContainer, takenOfApp: Resources): boolean => {
      const owner = container.app;
      // Not clamped at 0, as in Hadoop: taking more than the job holds leaves it below even a share of 0.
      const taking = sumResources(this.beingPreempted(owner), container.resources, takenOfApp);
      const after = { memory: owner.usage.memory - taking.memory, vcores: owner.usage.vcores - taking.vcores };
      const { fairShare, compare } = shares.get(owner)!;
      return !(compare(cluster, after, fairShare, true) < 0);
    };
    for (const request of starvedRequests(starvation, requests)) {
      for (let i = 0; i < request.count; i++) {
        for (const node of view.nodes) {
          if (!node.alive) continue;
          const onNode = (containers.get(node.index) ?? []).filter((c) => !this.asked.has(keyOf(c)));
          const free = minusNonNegative({ memory: node.freeMemory, vcores: node.freeVcores }, this.beingFreedOn(node.index));
          const taken = containersToFree(request.capability, free, onNode, mayTake);
          if (taken === null) continue;
          for (const container of taken) {
            this.asked.set(keyOf(container), { start: container.start, container, node: node.index });
            decisions.kill(container.app.job, container.kind, container.task);
          }
          break;
        }
      }
    }
  }

  /** Running task containers by node, the most recently started first; forgets asked kills whose attempts ended. */
  private runningContainers(apps: readonly PreemptionApp[], view: ClusterView): Map<number, TaskContainer[]> {
    const byNode = new Map<number, TaskContainer[]>();
    const stillRunning = new Set<string>();
    for (const app of apps) {
      for (const kind of ['map', 'reduce'] as const) {
        const resources = kind === 'map' ? app.job.spec.mapContainer : app.job.spec.reduceContainer;
        for (const attempt of view.runningAttempts(app.job, kind)) {
          const container: TaskContainer = { app, kind, task: attempt.task, start: attempt.start, resources };
          const key = keyOf(container);
          if (this.asked.get(key)?.start === attempt.start) stillRunning.add(key);
          const list = byNode.get(attempt.node);
          if (list === undefined) byNode.set(attempt.node, [container]);
          else list.push(container);
        }
      }
    }
    for (const key of [...this.asked.keys()]) if (!stillRunning.has(key)) this.asked.delete(key);
    // Launch order reversed, as Hadoop lists a node's containers: later starts first, then later jobs, later tasks.
    for (const list of byNode.values()) list.sort((a, b) => b.start - a.start || b.app.job.index - a.app.job.index || b.task - a.task);
    return byNode;
  }

  private beingPreempted(app: PreemptionApp): Resources {
    let total = NO_RESOURCES;
    for (const { container } of this.asked.values()) if (container.app === app) total = sumResources(total, container.resources);
    return total;
  }

  private beingFreedOn(node: number): Resources {
    let total = NO_RESOURCES;
    for (const asked of this.asked.values()) if (asked.node === node) total = sumResources(total, asked.container.resources);
    return total;
  }
}

/** A pool's setting: its own, else its nearest parent's, else the tree's. */
function inherited(byPool: Readonly<Record<string, number>>, leaf: PreemptionQueue, fallback: number): number {
  for (let queue: PreemptionQueue | null = leaf; queue !== null; queue = queue.parent) {
    const value = byPool[queue.spec.id];
    if (value !== undefined) return value;
  }
  return fallback;
}

/** Whether containers may be taken from the leaf: neither it nor a queue above it disallows it. */
function isPreemptable(leaf: PreemptionQueue): boolean {
  for (let queue: PreemptionQueue | null = leaf; queue !== null; queue = queue.parent) if (queue.spec.allowPreemptionFrom === false) return false;
  return true;
}

function collectLeaves(queue: PreemptionQueue, leaves: PreemptionQueue[]): void {
  if (queue.children.length === 0) leaves.push(queue);
  for (const child of queue.children) collectLeaves(child, leaves);
}

/** The larger of the memory and vcore shares of the live nodes in use. */
function utilization(view: ClusterView): number {
  let memory = 0;
  let vcores = 0;
  for (const node of view.nodes) {
    if (!node.alive) continue;
    memory += node.spec.memory - node.freeMemory;
    vcores += node.spec.vcores - node.freeVcores;
  }
  return Math.max(memory / view.memoryCapacity, vcores / view.vcoreCapacity);
}

function standing(s: Standing): Standing {
  return { usage: s.usage, demand: s.demand };
}

function keyOf(container: TaskContainer): string {
  return `${container.app.job.index}/${container.kind}/${container.task}`;
}

function isNone(r: Resources): boolean {
  return r.memory === 0 && r.vcores === 0;
}



function componentwiseMin(a: Resources, b: Resources): Resources {
  return { memory: Math.min(a.memory, b.memory), vcores: Math.min(a.vcores, b.vcores) };
}

function minusNonNegative(a: Resources, b: Resources): Resources {
  return { memory: Math.max(0, a.memory - b.memory), vcores: Math.max(0, a.vcores - b.vcores) };
}

/**
 * YARN's Fair Scheduler (`org.apache.hadoop.yarn.server.resourcemanager.
 * scheduler.fair.FairScheduler`) as the `fair` scheduler's job order on a
 * resource cluster (nodes with memory and vcores).
 *
 * - Queues: the pools as a tree under `root` (`yarn/pool-queue-tree.ts`),
 *   a pool `a.b` under `a` (a parent not listed gets Hadoop's defaults);
 *   jobs run in leaves. Each queue's `schedulingPolicy` (else
 *   `schedulerOptions.fair.schedulingPolicy`, the root's too) orders its
 *   children: `fair` by memory, `drf` by dominant shares, `fifo` by
 *   priority and submit time (the policies are in `yarn/`).
 * - A heartbeat's container goes down the tree as FSParentQueue and
 *   FSLeafQueue assignContainer do: at each queue, its children in its
 *   policy's order; in a leaf, its runnable jobs in the leaf's order, the
 *   first whose container fits on the node, keeps every queue on its path
 *   within its maxResources, and whose placement takes it.
 *   Orders are taken again after each container, as usage changes.
 * - A leaf's maxAMShare (`maxAmShare`, else 0.5; -1 for none) of its
 *   instantaneous fair share bounds what its jobs' AMs hold
 *   (FSLeafQueue.canRunAppAM).
 * - A job's usage is its running tasks' containers and its AM's; its demand
 *   that plus its pending maps' containers and, once it may launch them,
 *   its pending reduces'.
 * - Runnable jobs: in submission order, a job runs while every queue on its
 *   path is under its maxRunningJobs (maxRunningApps) and its user under
 *   the user limit (MaxRunningAppsEnforcer).
 * - Per heartbeat one container (yarn.scheduler.fair.assignmultiple off),
 *   or with `assignMultiple` up to `maxAssign`.
 *
 * Differs from YARN, and why:
 * - Maps are offered before reduces at a heartbeat (the composed policy's
 *   order); the MapReduce AM asks for reduces at a higher priority than
 *   maps, so YARN would offer a job its reduce first.
 * - AMs: the ResourceManager places them before the policy is asked (`sim/
 *   application-masters.ts`), under the cluster-wide AM limit, each when
 *   its leaf's maxAMShare lets it (`mayStartApplicationMaster`,
 *   `yarn/am-share.ts`). A queue counts as active for that fair share when
 *   it has a runnable job, a job whose AM runs, or the AM asking; a job
 *   still waiting for its AM does not make its queue active, where YARN's
 *   would. Reservations and continuous scheduling are not modelled.
 * - Preemption (`yarn-preemption.ts`, off by default as in YARN) is checked
 *   at wakes every `preemptionInterval` from time 0; YARN checks at every
 *   update (yarn.scheduler.fair.update-interval-ms, 0.5 s).
 */
import { PreemptionChecks } from '../preemption-checks.js';
import { NO_RESOURCES, scaleResources, sumResources, type Resources } from '../../model/resources.js';
import type { Pool } from '../../model/workload.js';
import { JobQueue } from '../job-queue.js';
import type { ApplicationMasterView, ClusterView, Decisions, JobOrder, JobView, NodeView, Offer, SlotKind } from '../types.js';
import type { FairOptions } from './options.js';
import { YarnPreemption } from './yarn-preemption.js';
import { InputError } from '../../util/input-error.js';
import {
  canRunAppAM,
  DEFAULT_MAX_AM_SHARE,
  instantaneousQueueShares,
  poolQueueTree,
  queuePolicyProblems,
  SCHEDULING_POLICIES,
  type PolicySchedulable,
  type QueueSpec,
  type SchedulingPolicy,
} from './yarn/index.js';

/** A job in its leaf queue: what the policies order it by. */
class QueueJob implements PolicySchedulable {
  readonly name: string;
  readonly minShare = NO_RESOURCES;
  readonly weight = 1;
  readonly startTime: number;
  readonly priority: number;
  usage: Resources = NO_RESOURCES;
  demand: Resources = NO_RESOURCES;
  runnable = false;

  constructor(
    readonly job: JobView,
    readonly am: Resources,
  ) {
    // Application ids sort in submission order; ours are the jobs' indices, padded to sort as text.
    this.name = String(job.index).padStart(10, '0');
    this.startTime = job.spec.submitTime;
    // YARN's larger priority goes first; ranks run from VERY_HIGH (0) down.
    this.priority = -job.priorityRank;
  }

  measure(): void {
    const { job } = this;
    const { mapContainer, reduceContainer } = job.spec;
    const usage = sumResources(this.am, scaleResources(mapContainer, job.runningMaps), scaleResources(reduceContainer, job.runningReduces));
    this.usage = usage;
    const waitingReduces = job.hasRunnableReduce ? job.pendingReduces : 0;
    this.demand = sumResources(usage, scaleResources(mapContainer, job.pendingMaps), scaleResources(reduceContainer, waitingReduces));
  }
}

/** A queue of the tree: a parent with child queues, or a leaf with jobs. */
class Queue implements PolicySchedulable {
  readonly children: Queue[] = [];
  readonly jobs: QueueJob[] = [];
  readonly startTime = 0;
  readonly priority = 1;
  usage: Resources = NO_RESOURCES;
  demand: Resources = NO_RESOURCES;
  /** Runnable jobs in the subtree (for maxRunningApps). */
  running = 0;

  constructor(
    readonly name: string,
    readonly spec: Pool,
    readonly policy: SchedulingPolicy,
    readonly parent: Queue | null,
  ) {}

  get weight(): number {
    return this.spec.weight;
  }

  get minShare(): Resources {
    return this.spec.minResources;
  }

  /** Usage and demand, bottom up; a queue's demand is capped by its maxResources (FSQueue.updateDemand). */
  measure(): void {
    let usage = NO_RESOURCES;
    let demand = NO_RESOURCES;
    for (const child of this.children) {
      child.measure();
      usage = sumResources(usage, child.usage);
      demand = sumResources(demand, child.demand);
    }
    for (const job of this.jobs) {
      if (!job.runnable) continue;
      job.measure();
      usage = sumResources(usage, job.usage);
      demand = sumResources(demand, job.demand);
    }
    this.usage = usage;
    const max = this.spec.maxResources;
    this.demand = { memory: Math.min(demand.memory, max.memory), vcores: Math.min(demand.vcores, max.vcores) };
  }
}

export class YarnFairOrder implements JobOrder {
  readonly declinesUntilStateChanges = true;
  private readonly root: Queue;
  private readonly tree: QueueSpec;
  private readonly queues = new Map<string, Queue>();
  private readonly entries: (QueueJob | undefined)[] = [];
  /** Active jobs in submission order, for the running-app limits. */
  private readonly queue = new JobQueue();
  private readonly userMaxJobs: ReadonlyMap<string, number>;
  private readonly perHeartbeat: number;
  private assigned = 0;
  private runnabilityStale = false;
  /** Null without `preemption`. */
  private readonly preemption: YarnPreemption | null;
  private readonly checks: PreemptionChecks;

  constructor(
    pools: readonly Pool[],
    private readonly options: FairOptions,
    /** Each job's AM's container: part of its usage. */
    private readonly amContainer: Resources,
    heartbeatInterval: number,
  ) {
    const tree = poolQueueTree(pools, options.schedulingPolicy);
    const policyProblems = queuePolicyProblems(tree.root);
    if (policyProblems.length > 0) {
      const expected = 'scheduling policies as YARN allows them: fifo on leaf pools only, no drf under fair';
      throw new InputError('pools', policyProblems.map((found) => ({ path: 'pools', expected, found })));
    }
    // Parents come before their children.
    const byName = new Map<string, Queue>();
    for (const [fullName, pool] of tree.pools) {
      const dot = fullName.lastIndexOf('.');
      const parent = dot < 0 ? null : byName.get(fullName.slice(0, dot))!;
      const queue = new Queue(fullName, pool, this.policyOf(pool), parent);
      byName.set(fullName, queue);
      if (parent === null) continue;
      parent.children.push(queue);
      this.queues.set(pool.id, queue);
    }
    this.root = byName.get('root')!;
    this.tree = tree.root;
    this.userMaxJobs = new Map(Object.entries(options.userMaxJobs));
    const multiple = options.assignMultiple ?? false;
    this.perHeartbeat = !multiple ? 1 : options.maxAssign > 0 ? options.maxAssign : Infinity;
    this.preemption = options.preemption ? new YarnPreemption(options, tree.root, heartbeatInterval) : null;
    this.checks = new PreemptionChecks(options.preemptionInterval);
  }

  onJobSubmitted(job: JobView, view: ClusterView, decisions: Decisions): void {
    const leaf = this.queues.get(job.spec.pool)!;
    if (leaf.children.length > 0) {
      throw new Error(`job '${job.spec.id}' names pool '${job.spec.pool}', a parent queue: YARN runs jobs in leaf queues only`);
    }
    const entry = new QueueJob(job, this.amContainer);
    this.entries[job.index] = entry;
    leaf.jobs.push(entry);
    this.queue.add(job);
    this.runnabilityStale = true;
    if (this.preemption === null) return;
    this.preemption.appAdded(job, view.now);
    this.checks.jobArrived(view.now, decisions);
  }

  /** A preemption check, when it is its time (other parts may ask for wakes). */
  onWake(view: ClusterView, decisions: Decisions): void {
    if (this.preemption === null || !this.checks.due(view.now)) return;
    if (this.runnabilityStale) this.updateRunnability();
    this.root.measure();
    this.preemption.check(this.root, view, decisions);
    this.checks.done(view.now, decisions, this.queue.jobs.length > 0);
  }


  onJobFinished(job: JobView): void {
    const entry = this.entries[job.index];
    if (entry === undefined) return;
    this.entries[job.index] = undefined;
    const leaf = this.queues.get(job.spec.pool)!;
    leaf.jobs.splice(leaf.jobs.indexOf(entry), 1);
    this.queue.remove(job);
    this.preemption?.appRemoved(job);
    this.runnabilityStale = true;
  }

  beginHeartbeat(): void {
    this.assigned = 0;
    if (this.runnabilityStale) this.updateRunnability();
  }

  fill(kind: SlotKind, node: NodeView, view: ClusterView, offer: Offer): void {
    if (this.assigned >= this.perHeartbeat) return;
    const cluster = { memory: view.memoryCapacity, vcores: view.vcoreCapacity };
    const free = kind === 'map' ? () => node.freeMapSlots : () => node.freeReduceSlots;
    const requestOf = (job: QueueJob) => (kind === 'map' ? job.job.spec.mapContainer : job.job.spec.reduceContainer);
    let launched: QueueJob | null = null;
    const offered = (job: QueueJob, leaf: Queue) => {
      if (!view.fits(job.job, kind, node) || !fitsInMaxShares(leaf, requestOf(job)) || !offer(job.job)) return false;
      launched = job;
      return true;
    };
    this.root.measure();
    while (this.assigned < this.perHeartbeat && free() > 0) {
      if (!this.assignFrom(this.root, cluster, offered)) return;
      this.assigned++;
      // The container counts at once, up the tree: the next one goes by the new usage.
      const job = launched!;
      const request = requestOf(job);
      job.usage = sumResources(job.usage, request);
      for (let queue: Queue | null = this.queues.get(job.job.spec.pool)!; queue !== null; queue = queue.parent) queue.usage = sumResources(queue.usage, request);
    }
  }

  /**
   * Whether the AM may start within its leaf's maxAMShare of the leaf's
   * instantaneous fair share, counting the leaf's AMs running now
   * (FSLeafQueue.canRunAppAM).
   */
  mayStartApplicationMaster(am: ApplicationMasterView, running: readonly ApplicationMasterView[], view: ClusterView): boolean {
    const leaf = this.queues.get(am.pool);
    // A job naming a parent is refused when its setup ends (onJobSubmitted).
    if (leaf === undefined || leaf.children.length > 0) return true;
    const maxAmShare = leaf.spec.maxAmShare ?? DEFAULT_MAX_AM_SHARE;
    if (maxAmShare === -1) return true;
    if (this.runnabilityStale) this.updateRunnability();
    const active = new Set([leaf.name]);
    for (const queue of this.queues.values()) if (queue.jobs.some((job) => job.runnable)) active.add(queue.name);
    let amUsage = NO_RESOURCES;
    for (const other of running) {
      const queue = this.queues.get(other.pool);
      if (queue === undefined) continue;
      active.add(queue.name);
      if (queue === leaf) amUsage = sumResources(amUsage, other.container);
    }
    const cluster = { memory: view.memoryCapacity, vcores: view.vcoreCapacity };
    const fairShare = instantaneousQueueShares(this.tree, cluster, active).get(leaf.name) ?? NO_RESOURCES;
    return canRunAppAM(amUsage, am.container, { maxAmShare, fairShare, maxShare: leaf.spec.maxResources, available: freeResources(view) });
  }

  /** Why the job was offered the container: its queues' places in their parents' orders. */
  explainOffer(job: JobView): string {
    const path: string[] = [];
    for (let queue: Queue | null = this.queues.get(job.spec.pool)!; queue !== null; queue = queue.parent) {
      path.push(`${queue.name} (${queue.policy.name}; using ${describe(queue.usage)} of demand ${describe(queue.demand)})`);
    }
    return `the first job of ${path.join(' in ')} that could use the container`;
  }

  /** The container goes down the tree: each queue's children in its policy's order, the first to take it. */
  private assignFrom(queue: Queue, cluster: Resources, offered: (job: QueueJob, leaf: Queue) => boolean): boolean {
    // Sorted in place: the order is total (names break ties), and last time's is nearly this time's.
    const order = queue.policy.order(cluster);
    if (queue.children.length > 0) {
      queue.children.sort(order);
      return queue.children.some((child) => this.assignFrom(child, cluster, offered));
    }
    queue.jobs.sort(order);
    return queue.jobs.some((job) => job.runnable && offered(job, queue));
  }

  /** MaxRunningAppsEnforcer: in submission order, a job runs while every queue on its path and its user are under their limits. */
  private updateRunnability(): void {
    for (const queue of this.queues.values()) queue.running = 0;
    this.root.running = 0;
    const perUser = new Map<string, number>();
    for (const job of this.queue.jobs) {
      const entry = this.entries[job.index]!;
      const ofUser = perUser.get(job.spec.user) ?? 0;
      const userLimit = this.userMaxJobs.get(job.spec.user) ?? this.options.userMaxJobsDefault;
      const leaf = this.queues.get(job.spec.pool)!;
      let fits = ofUser < userLimit;
      for (let queue: Queue | null = leaf; fits && queue !== null; queue = queue.parent) fits = queue.running < queue.spec.maxRunningJobs;
      entry.runnable = fits;
      if (!fits) continue;
      perUser.set(job.spec.user, ofUser + 1);
      for (let queue: Queue | null = leaf; queue !== null; queue = queue.parent) queue.running++;
    }
    this.runnabilityStale = false;
  }

  private policyOf(spec: Pool): SchedulingPolicy {
    return SCHEDULING_POLICIES[spec.schedulingPolicy ?? this.options.schedulingPolicy];
  }
}

/** Whether a container of `request` keeps the leaf and every queue above it within its maxResources (FSQueue.fitsInMaxShare). */
function fitsInMaxShares(leaf: Queue, request: Resources): boolean {
  for (let queue: Queue | null = leaf; queue !== null; queue = queue.parent) {
    const max = queue.spec.maxResources;
    if (queue.usage.memory + request.memory > max.memory || queue.usage.vcores + request.vcores > max.vcores) return false;
  }
  return true;
}

/** What no container of a live node holds. */
function freeResources(view: ClusterView): Resources {
  let memory = 0;
  let vcores = 0;
  for (const node of view.nodes) {
    if (!node.alive) continue;
    memory += node.freeMemory;
    vcores += node.freeVcores;
  }
  return { memory, vcores };
}

function describe(r: Resources): string {
  return `${Math.round(r.memory / 2 ** 20)} MB, ${r.vcores} vcores`;
}

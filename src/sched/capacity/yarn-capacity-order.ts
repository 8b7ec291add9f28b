/**
 * YARN's Capacity Scheduler (`org.apache.hadoop.yarn.server.resourcemanager.
 * scheduler.capacity.CapacityScheduler`) as the `capacity` scheduler's job
 * order on a resource cluster (nodes with memory and vcores, YARN mode).
 *
 * - Queues: the pools as a tree under `root` (`queue-hierarchy.ts`), each
 *   pool's capacity and maximum capacity percentages of its parent's; jobs
 *   run in leaves.
 * - A heartbeat's container goes down the tree as ParentQueue and LeafQueue
 *   assignContainers do: a queue holding its limit (the smaller of its
 *   absolute maximum capacity and what its parent hands down) takes
 *   nothing; a parent offers it to its children by used capacity
 *   (`yarn/queue-ordering.ts`), handing each the room it has; a leaf to its
 *   runnable jobs in FIFO order (priority, then submission), passing over a
 *   job whose user holds more than the user limit (`yarn/user-limit.ts`) or
 *   whose container does not fit on the node, and ending its turn when the
 *   container does not fit in its headroom. The first whose placement takes
 *   it gets it. Orders and usage are taken again after each container.
 * - Locality delay (`yarn-locality-delay.ts`, `yarn/locality-delay.ts`):
 *   a job offered a map container counts a scheduling opportunity; it
 *   takes a node-local container at once, a rack-local one once its missed
 *   opportunities pass min(live nodes, `nodeLocalityDelay`), an off-switch
 *   one once they pass min(live nodes, pending maps × the locality wait
 *   factor), or with `rackLocalityAdditionalDelay` ≥ 0 min(live nodes,
 *   the two delays' sum); else the container goes on to the next job. A
 *   node-local container (and a rack-local one, with
 *   `rackLocalityFullReset`) starts the count again. The map launched is
 *   the map placement's choice: by default the job's most local map on the
 *   node, the one the delay judged.
 * - Per heartbeat, containers until the limits of `yarn/heartbeat-assignments.ts`:
 *   by default all that fit, up to 100, stopping after an off-switch one (a
 *   map container neither node- nor rack-local, as the delay allowed it; a
 *   map without input; or any reduce: its request names no place).
 * - Usage: a job's running tasks' containers and its AM's; a user's, its
 *   jobs' in the leaf; a user is active while one of its runnable jobs has
 *   a task to launch.
 * - AMs (`yarn/am-limits.ts`): a job's AM starts while its leaf's AMs stay
 *   within `maxAmShare` (maximum-am-resource-percent; default
 *   `settings.yarn.maxAmShare`) of the larger of the leaf's current limit
 *   and its guarantee, and its user's within the user AM limit (a user
 *   with a running AM counts as active), or when the leaf has no AM running.
 * - Runnable jobs: in submission order, a job runs while its leaf and every
 *   queue above it run fewer than their `maxRunningJobs`
 *   (CSMaxRunningAppsEnforcer's max-parallel-apps).
 * - Preemption (`yarn-capacity-preemption.ts`, off by default as in YARN) is
 *   checked at wakes every `preemptionInterval` from time 0, as YARN's
 *   scheduling monitor runs every monitoring_interval.
 *
 * Differs from YARN, and why:
 * - Maps are offered before reduces at a heartbeat (the composed policy's
 *   order); the MapReduce AM asks for reduces at a higher priority.
 * - The ResourceManager places AMs before the policy is asked (`sim/
 *   application-masters.ts`), under the cluster-wide AM limit, each when
 *   its leaf's AM limits let it (`mayStartApplicationMaster`); the queue's
 *   current limit they read is taken at the request, not kept from the
 *   queue's last assignment. An AM counts in its queue's usage once the
 *   policy hears of its job (after its setup).
 * - No reservations: a job whose container does not fit on the node is
 *   passed over rather than reserving the node, and misses no opportunity.
 *   No user weights, queue priorities or node labels.
 * - A job's maps are one request: a map that failed, which the MapReduce
 *   AM asks for again on any node at a higher priority, waits for
 *   locality as the others do.
 */
import { NO_RESOURCES, type Resources } from '../../model/resources.js';
import type { Pool } from '../../model/workload.js';
import { JobQueue, fifoOrder } from '../job-queue.js';
import type { ApplicationMasterView, ClusterView, Decisions, JobOrder, JobView, NodeView, Offer, SlotKind } from '../types.js';
import { PreemptionChecks } from '../preemption-checks.js';
import type { CapacityOptions } from './options.js';
import { queueHierarchy, type CapacityQueue } from './queue-hierarchy.js';
import { YarnLocalityDelay } from './yarn-locality-delay.js';
import { YarnCapacityPreemption, type MonitoredTree } from './yarn-capacity-preemption.js';
import {
  add,
  childLimit,
  compareQueueUtilization,
  isOverUserLimit,
  mayActivate,
  mayAssignMore,
  multiplyAndRoundDown,
  queueLimit,
  queueUtilization,
  RESOURCE_CALCULATORS,
  userLimit,
  usageRatio,
  type ContainerLocality,
  type HeartbeatAssignmentLimits,
  type ResourceCalculator,
} from './yarn/index.js';
import { hasTaskFor } from '../has-task-for.js';

/** The run's YARN settings the order needs. */
export interface YarnContainers {
  readonly amContainer: Resources;
  readonly minimumAllocation: Resources;
  /** yarn.scheduler.capacity.maximum-am-resource-percent: each leaf's, unless its pool sets `maxAmShare`. */
  readonly maxAmShare: number;
}

/** A queue of the tree: a parent with child queues, or a leaf with jobs. */
class Queue {
  readonly children: Queue[] = [];
  /** A leaf's jobs, in FIFO order. */
  readonly jobs = new JobQueue(fifoOrder);
  used: Resources = NO_RESOURCES;
  /** Runnable jobs with a map, or a reduce, to launch in the subtree. */
  wantsMap = false;
  wantsReduce = false;
  /** Runnable jobs in the subtree (for maxRunningJobs). */
  running = 0;
  /** A leaf's users: what each holds, and which are active. */
  readonly userUsage = new Map<string, Resources>();
  readonly activeUsers = new Set<string>();

  constructor(
    readonly config: CapacityQueue,
    readonly parent: Queue | null,
  ) {}

  get name(): string {
    return this.config.id;
  }
}

export class YarnCapacityOrder implements JobOrder {
  /** A job waiting for locality counts the heartbeats it lets pass: they may not be skipped. */
  readonly declinesUntilStateChanges: boolean;
  private readonly root: Queue;
  private readonly leaves = new Map<string, Queue>();
  private readonly parents = new Set<string>();
  /** Active jobs in submission order, for the running-job limits. */
  private readonly submitted = new JobQueue((a, b) => a.index - b.index);
  private readonly runnable: boolean[] = [];
  private readonly rc: ResourceCalculator;
  private readonly limits: HeartbeatAssignmentLimits;
  private readonly locality: YarnLocalityDelay;
  private assigned = 0;
  private offSwitch = 0;
  private runnabilityStale = false;
  /** Null without `preemption`. */
  private readonly preemption: YarnCapacityPreemption | null;
  private readonly checks: PreemptionChecks;
  /** The tree as the preemption check reads it. */
  private readonly monitored: MonitoredTree;

  constructor(
    pools: readonly Pool[],
    options: CapacityOptions,
    private readonly containers: YarnContainers,
  ) {
    const hierarchy = queueHierarchy(pools);
    const build = (config: CapacityQueue, parent: Queue | null): Queue => {
      const queue = new Queue(config, parent);
      for (const child of config.children) queue.children.push(build(child, queue));
      if (parent !== null && config.children.length === 0) this.leaves.set(config.id, queue);
      if (parent !== null && config.children.length > 0) this.parents.add(config.id);
      return queue;
    };
    this.root = build(hierarchy.root, null);
    this.rc = RESOURCE_CALCULATORS[options.resourceCalculator];
    this.limits = { multipleAssignments: options.multipleAssignments, maxAssign: options.maxAssign, maxOffSwitchAssign: options.maxOffSwitchAssign };
    this.locality = new YarnLocalityDelay(options);
    this.declinesUntilStateChanges = this.locality.waitsNever;
    this.preemption = options.preemption ? new YarnCapacityPreemption(options, this.rc) : null;
    this.checks = new PreemptionChecks(options.preemptionInterval);
    this.monitored = { root: this.root, runnable: (job) => this.runnable[job.index], userLimit: (leaf, cluster) => this.userLimitOf(leaf as Queue, cluster) };
  }

  onJobSubmitted(job: JobView, view: ClusterView, decisions: Decisions): void {
    const leaf = this.leaves.get(job.spec.pool);
    if (leaf === undefined) {
      const why = this.parents.has(job.spec.pool) ? 'a parent queue: YARN runs jobs in leaf queues only' : "which the run's pools do not list";
      throw new Error(`job '${job.spec.id}' names pool '${job.spec.pool}', ${why}`);
    }
    leaf.jobs.add(job);
    this.submitted.add(job);
    this.runnabilityStale = true;
    if (this.preemption !== null) this.checks.jobArrived(view.now, decisions);
  }

  /** A preemption check, when it is its time (other parts may ask for wakes). */
  onWake(view: ClusterView, decisions: Decisions): void {
    if (this.preemption === null || !this.checks.due(view.now)) return;
    if (this.runnabilityStale) this.updateRunnability();
    this.measure(this.root);
    this.preemption.check(this.monitored, view, decisions);
    this.checks.done(view.now, decisions, this.submitted.jobs.length > 0);
  }

  onJobFinished(job: JobView): void {
    const leaf = this.leaves.get(job.spec.pool);
    if (leaf === undefined) return;
    leaf.jobs.remove(job);
    this.submitted.remove(job);
    this.runnable[job.index] = false;
    this.runnabilityStale = true;
    this.locality.forget(job);
  }

  beginHeartbeat(): void {
    this.assigned = 0;
    this.offSwitch = 0;
    if (this.runnabilityStale) this.updateRunnability();
  }

  fill(kind: SlotKind, node: NodeView, view: ClusterView, offer: Offer): void {
    const cluster = { memory: view.memoryCapacity, vcores: view.vcoreCapacity };
    const free = kind === 'map' ? () => node.freeMapSlots : () => node.freeReduceSlots;
    while (free() > 0 && mayAssignMore(this.limits, { assigned: this.assigned, offSwitch: this.offSwitch })) {
      this.measure(this.root);
      let offSwitch = false;
      const offered = (job: JobView): boolean => {
        if (!view.fits(job, kind, node)) return false;
        // A reduce asks for any node; a map's container is as local as the locality delay lets it be.
        const locality: ContainerLocality | null = kind === 'map' ? this.locality.allow(job, node, view) : 'off-switch';
        if (locality === null || !offer(job)) return false;
        if (kind === 'map') this.locality.assigned(job, locality);
        offSwitch = locality === 'off-switch';
        return true;
      };
      if (!this.assignFrom(this.root, cluster, cluster, kind, offered)) return;
      this.assigned++;
      if (offSwitch) this.offSwitch++;
    }
  }

  /** Whether the AM may start within its leaf's AM limit and its user's (LeafQueue.activateApplications). */
  mayStartApplicationMaster(am: ApplicationMasterView, running: readonly ApplicationMasterView[], view: ClusterView): boolean {
    const leaf = this.leaves.get(am.pool);
    // A job naming a parent or an unknown pool is refused when its setup ends (onJobSubmitted).
    if (leaf === undefined) return true;
    const { pool } = leaf.config;
    const maxAmPercent = pool.maxAmShare ?? this.containers.maxAmShare;
    if (maxAmPercent === -1) return true;
    if (this.runnabilityStale) this.updateRunnability();
    this.measure(this.root);
    let queueAmUsed = NO_RESOURCES;
    let userAmUsed = NO_RESOURCES;
    // A user whose AM runs is active: its application asks for containers once its AM does.
    const activeUsers = new Set(leaf.activeUsers);
    for (const other of running) {
      if (other.pool !== am.pool) continue;
      activeUsers.add(other.user);
      queueAmUsed = add(queueAmUsed, other.container);
      if (other.user === am.user) userAmUsed = add(userAmUsed, other.container);
    }
    const cluster = { memory: view.memoryCapacity, vcores: view.vcoreCapacity };
    const input = {
      cluster,
      absoluteCapacity: leaf.config.absoluteCapacity / 100,
      currentLimit: this.currentLimit(leaf, cluster),
      maxAmPercent,
      minimumAllocation: this.containers.minimumAllocation,
      minimumUserLimitPercent: pool.minimumUserLimitPercent,
      userLimitFactor: pool.userLimitFactor,
      activeUsers: activeUsers.size,
    };
    return mayActivate(this.rc, input, { am: am.container, queueAmUsed, userAmUsed });
  }

  /** Why the job was offered the container: its queues' used capacities, and for a map the locality delay. */
  explainOffer(job: JobView, kind: SlotKind, view: ClusterView): string {
    const cluster = { memory: view.memoryCapacity, vcores: view.vcoreCapacity };
    const path: string[] = [];
    for (let queue: Queue | null = this.leaves.get(job.spec.pool) ?? null; queue !== null && queue.parent !== null; queue = queue.parent) {
      const guaranteed = multiplyAndRoundDown(cluster, queue.config.absoluteCapacity / 100);
      const used = queueUtilization(this.rc, cluster, queue.name, queue.config.absoluteCapacity / 100, guaranteed, queue.used).usedCapacity;
      path.push(`${queue.name} (${(100 * used).toFixed(0)}% of its guarantee used)`);
    }
    const locality = kind === 'map' ? `, ${this.locality.explainLast()}` : '';
    return `the first job within its user limit of ${path.join(' in ')}, each the least used of its siblings that could take the container${locality}`;
  }

  /** The container goes down the tree from `queue`, under the limit its parent hands it; true if a job took it. */
  private assignFrom(queue: Queue, cluster: Resources, parentLimit: Resources, kind: SlotKind, offered: (job: JobView) => boolean): boolean {
    if (!(kind === 'map' ? queue.wantsMap : queue.wantsReduce)) return false;
    const { rc } = this;
    const { minimumAllocation } = this.containers;
    const maximum = queue.parent === null ? cluster : multiplyAndRoundDown(cluster, queue.config.absoluteMaxCapacity / 100);
    const limit = queueLimit(rc, cluster, maximum, parentLimit, queue.used);
    if (limit.full) return false;
    if (queue.children.length > 0) {
      const utilization = new Map(
        queue.children.map((child) => {
          const absolute = child.config.absoluteCapacity / 100;
          return [child, queueUtilization(rc, cluster, child.name, absolute, multiplyAndRoundDown(cluster, absolute), child.used)] as const;
        }),
      );
      const children = [...queue.children].sort((a, b) => compareQueueUtilization(utilization.get(a)!, utilization.get(b)!));
      return children.some((child) => this.assignFrom(child, cluster, childLimit(rc, limit.limit, queue.used, child.used, minimumAllocation), kind, offered));
    }
    const userCeiling = this.userLimitOf(queue, cluster);
    for (const job of queue.jobs.jobs) {
      if (!this.runnable[job.index] || !hasTaskFor(job, kind)) continue;
      if (isOverUserLimit(rc, cluster, queue.userUsage.get(job.spec.user)!, userCeiling)) continue;
      // A request past the queue's headroom ends the queue's turn (the allocator's QUEUE_LIMIT skip).
      if (!rc.fitsIn(kind === 'map' ? job.spec.mapContainer : job.spec.reduceContainer, limit.headroom)) return false;
      if (offered(job)) return true;
    }
    return false;
  }

  /** The leaf's user limit, from its usage as last measured. */
  private userLimitOf(leaf: Queue, cluster: Resources): Resources {
    const { rc } = this;
    const { pool } = leaf.config;
    const activeUsage = [...leaf.activeUsers].reduce((sum, user) => add(sum, leaf.userUsage.get(user)!), NO_RESOURCES);
    return userLimit(rc, {
      cluster,
      guaranteed: multiplyAndRoundDown(cluster, leaf.config.absoluteCapacity / 100),
      maximum: multiplyAndRoundDown(cluster, leaf.config.absoluteMaxCapacity / 100),
      minimumAllocation: this.containers.minimumAllocation,
      usageRatio: usageRatio(rc, cluster, leaf.userUsage.values()),
      activeUsersUsage: activeUsage,
      activeUsers: leaf.activeUsers.size,
      minimumUserLimitPercent: pool.minimumUserLimitPercent,
      userLimitFactor: pool.userLimitFactor,
    });
  }

  /** What the leaf may hold now: each queue's limit down its path, as assignFrom hands them down. */
  private currentLimit(leaf: Queue, cluster: Resources): Resources {
    const path: Queue[] = [];
    for (let queue: Queue | null = leaf; queue !== null; queue = queue.parent) path.unshift(queue);
    let parentLimit = cluster;
    let limit = cluster;
    for (const queue of path) {
      if (queue.parent !== null) parentLimit = childLimit(this.rc, limit, queue.parent.used, queue.used, this.containers.minimumAllocation);
      const maximum = queue.parent === null ? cluster : multiplyAndRoundDown(cluster, queue.config.absoluteMaxCapacity / 100);
      limit = queueLimit(this.rc, cluster, maximum, parentLimit, queue.used).limit;
    }
    return limit;
  }

  /** Usage and demand bottom up: each queue's, each leaf user's, and whether a runnable job wants a map or a reduce. */
  private measure(queue: Queue): void {
    let used = NO_RESOURCES;
    let wantsMap = false;
    let wantsReduce = false;
    for (const child of queue.children) {
      this.measure(child);
      used = add(used, child.used);
      wantsMap ||= child.wantsMap;
      wantsReduce ||= child.wantsReduce;
    }
    queue.userUsage.clear();
    queue.activeUsers.clear();
    for (const job of queue.jobs.jobs) {
      const usage = jobUsage(job, this.containers.amContainer);
      used = add(used, usage);
      const user = job.spec.user;
      queue.userUsage.set(user, add(queue.userUsage.get(user) ?? NO_RESOURCES, usage));
      if (!this.runnable[job.index]) continue;
      const map = hasTaskFor(job, 'map');
      const reduce = hasTaskFor(job, 'reduce');
      if (map || reduce) queue.activeUsers.add(user);
      wantsMap ||= map;
      wantsReduce ||= reduce;
    }
    queue.used = used;
    queue.wantsMap = wantsMap;
    queue.wantsReduce = wantsReduce;
  }

  /** In submission order, a job runs while its leaf and every queue above it are under their maxRunningJobs. */
  private updateRunnability(): void {
    const reset = (queue: Queue): void => {
      queue.running = 0;
      queue.children.forEach(reset);
    };
    reset(this.root);
    for (const job of this.submitted.jobs) {
      const leaf = this.leaves.get(job.spec.pool)!;
      let fits = true;
      for (let queue: Queue | null = leaf; fits && queue !== null && queue.parent !== null; queue = queue.parent) fits = queue.running < queue.config.pool.maxRunningJobs;
      this.runnable[job.index] = fits;
      if (fits) for (let queue: Queue | null = leaf; queue !== null; queue = queue.parent) queue.running++;
    }
    this.runnabilityStale = false;
  }
}

/** What the job holds: its AM's container and its running tasks'. */
function jobUsage(job: JobView, am: Resources): Resources {
  const { mapContainer, reduceContainer } = job.spec;
  return {
    memory: am.memory + mapContainer.memory * job.runningMaps + reduceContainer.memory * job.runningReduces,
    vcores: am.vcores + mapContainer.vcores * job.runningMaps + reduceContainer.vcores * job.runningReduces,
  };
}

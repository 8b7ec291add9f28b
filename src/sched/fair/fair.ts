/**
 * Hadoop's Fair Scheduler (Hadoop 1, `org.apache.hadoop.mapred.FairScheduler`)
 * with delay scheduling (Zaharia et al., "Delay Scheduling: A Simple
 * Technique for Achieving Locality and Fairness in Cluster Scheduling",
 * EuroSys 2010).
 *
 * Jobs belong to pools (`job.spec.pool`; settings from the run's pools, which
 * list every pool a job names, and for a pool not listed Hadoop's defaults:
 * weight 1, no min share, no job limit, fair mode). Map and reduce slots are accounted separately.
 *
 * - Runnable jobs: in FIFO order (priority, submit time), a job runs only
 *   while its pool has fewer than maxRunningJobs running jobs and its user
 *   fewer than the user limit (options); the others wait and launch nothing.
 * - Fair shares (`fair-share.ts`): of the cluster's slots among the pools,
 *   then of each fair-mode pool's share among its jobs; recomputed when a job
 *   arrives or leaves, when the cluster's capacity changes, and otherwise at
 *   most every `updateInterval` (Hadoop's update thread).
 * - A free slot goes to the first pool in fair-share order (`ordering.ts`:
 *   needy pools first, then the pool furthest below its fair share) that can
 *   use it; inside the pool, to its first job in FIFO order (FIFO mode) or in
 *   the same fair-share order (fair mode). Orders are recomputed after each
 *   launch, as running counts change.
 * - Maps go through delay scheduling (`delay-placement.ts`, the scheduler's
 *   own map placement): a job offered a map slot with no map at its allowed
 *   locality level on the node is skipped, and the next job is tried.
 * - Reduces: the first job in the same order whose reduce placement takes
 *   the slot (Hadoop's: any job with a reduce that may launch).
 * - Per heartbeat, with `assignMultiple` (default): every free map slot is
 *   filled, and one reduce slot (all of them with `assignMultipleReduces`);
 *   without: at most one map and one reduce.
 *
 * Differs from Hadoop 1, and why:
 * - The order of non-needy schedulables is running / fairShare rather than
 *   Hadoop's running / weight, and ties go by weight first (see
 *   `ordering.ts`).
 * - Fair shares are solved exactly by water-filling rather than by 25 steps of
 *   bisection (`fair-share.ts`); the shares agree to Hadoop's precision.
 * - `assignMultiple` off gives one map and one reduce per heartbeat (Hadoop
 *   0.20's behaviour, and the documented one); Hadoop 1's code gives a single
 *   task, of the kind the node runs fewer of. With it on, Hadoop 1 (whose
 *   code default is on) fills the reduce slots too, unless capped by
 *   `assignmultiple.reduces`; here one reduce per heartbeat is the default,
 *   as Hadoop's JobQueueTaskScheduler (our 'fifo') does, so that runs under
 *   'fifo' and 'fair' differ in the order of jobs, not in how reduces spread
 *   over nodes. `assignMultipleReduces` gives Hadoop 1's behaviour.
 * - Maps are assigned before reduces at a heartbeat; Hadoop 1 first serves
 *   the kind the node was running fewer of. With split slots this changes
 *   nothing; with unified containers, maps are served first, as under 'fifo'.
 * - Jobs are offered a slot only while they have a task of that kind to
 *   launch; Hadoop visits every runnable job and counts one without pending
 *   maps as skipped too, which only matters for a job whose maps are re-run.
 * - Updates happen at the first heartbeat after `updateInterval` has passed
 *   (or after a change), not on a timer of their own.
 * - Preemption (`preemption.ts`, off by default as in Hadoop) is checked at
 *   wakes every `preemptionInterval` from time 0, after an update; Hadoop's
 *   update thread checks at its first update past the interval.
 * - Left out: pool maxMaps/maxReduces
 *   (not in the scenario model); the load manager: Hadoop's default
 *   CapBasedLoadManager spreads tasks when the cluster's demand is below its
 *   capacity, letting a node start a heartbeat's assignments only while it
 *   runs fewer than ceil(slots × demand / cluster slots) tasks, a cap that,
 *   like the load-factor cap of 'fifo', is not modelled; and the reloading of
 *   the allocation file.
 */
import { PreemptionChecks } from '../preemption-checks.js';
import { JobQueue } from '../job-queue.js';
import { compareNames } from '../name-order.js';
import { defaultPool, type Pool } from '../../model/workload.js';
import type { ClusterView, Decisions, JobOrder, JobView, NodeView, Offer, SlotKind } from '../types.js';
import { FairShareSolver } from './fair-share.js';
import type { FairOptions } from './options.js';
import { moveLater, sortByFairShare } from './ordering.js';
import { FairPreemption } from './preemption.js';
import { JobInfo, MAP, PoolSchedulable, REDUCE, type TaskKind } from './schedulable.js';

/** A pool's two schedulables, and its number of active jobs. */
interface PoolEntry {
  readonly spec: Pool;
  readonly map: PoolSchedulable;
  readonly reduce: PoolSchedulable;
  jobs: number;
}

/** The Fair Scheduler's job order; its map placement is `DelayPlacement`. */
export class FairOrder implements JobOrder {
  /** Per job index, while the job is active (grown as jobs arrive). */
  private readonly infos: (JobInfo | undefined)[] = [];
  private readonly pools = new Map<string, PoolEntry>();
  private readonly poolSpecs: Map<string, Pool>;
  /** Each pool name's place in name order: the last tie-break between pools. */
  private readonly poolRanks: Map<string, number>;
  /** Pools with an active job, per kind, in fair-share order as of the last heartbeat. */
  private readonly active: [PoolSchedulable[], PoolSchedulable[]] = [[], []];
  private readonly poolShares = [new FairShareSolver(), new FairShareSolver()];
  /** Active jobs in FIFO order, for the running-job limits. */
  private readonly queue = new JobQueue();
  private readonly userMaxJobs: Map<string, number>;
  private readonly hasJobLimits: boolean;
  private readonly maxMaps: number;
  private readonly maxReduces: number;
  /** Heartbeats seen. */
  private beat = 0;
  private lastUpdate = -Infinity;
  private stale = true;
  private runnabilityStale = false;
  private readonly capacity = [NaN, NaN];
  /**
   * Changes when a job's counts may have changed (the view's state version
   * moved) or shares were recomputed: pools reuse their preparation, and the
   * pool order its sort, while it stays the same.
   */
  private stamp = 0;
  private stampedVersion = -1;
  private readonly poolsSortedAt = [-1, -1];
  /** Null without `preemption`. */
  private readonly preemption: FairPreemption | null;
  private readonly checks: PreemptionChecks;

  constructor(
    pools: readonly Pool[],
    readonly options: FairOptions,
  ) {
    const o = this.options;
    this.poolSpecs = new Map(pools.map((pool) => [pool.id, pool]));
    const names = pools.map((p) => p.id).sort(compareNames);
    this.poolRanks = new Map(names.map((name, rank) => [name, rank]));
    this.userMaxJobs = new Map(Object.entries(o.userMaxJobs));
    this.hasJobLimits = o.userMaxJobsDefault < Infinity || this.userMaxJobs.size > 0 || pools.some((pool) => pool.maxRunningJobs < Infinity);
    const assignMultiple = o.assignMultiple ?? true;
    this.maxMaps = assignMultiple ? Infinity : 1;
    this.maxReduces = assignMultiple && o.assignMultipleReduces ? Infinity : 1;
    this.preemption = o.preemption ? new FairPreemption(o) : null;
    this.checks = new PreemptionChecks(o.preemptionInterval);
  }

  onJobSubmitted(job: JobView, view: ClusterView, decisions: Decisions): void {
    const info = new JobInfo(job);
    this.infos[job.index] = info;
    const pool = this.pool(job.spec.pool);
    if (pool.jobs++ === 0) {
      this.preemption?.poolActivated(pool.map, view.now);
      this.preemption?.poolActivated(pool.reduce, view.now);
      this.active[MAP].push(pool.map);
      this.active[REDUCE].push(pool.reduce);
      this.poolShares[MAP].add(pool.map);
      this.poolShares[REDUCE].add(pool.reduce);
    }
    pool.map.add(info.map);
    pool.reduce.add(info.reduce);
    this.queue.add(job);
    if (!this.hasJobLimits) info.runnable = true;
    this.runnabilityStale = this.hasJobLimits;
    this.stale = true;
    if (this.preemption !== null) this.checks.jobArrived(view.now, decisions);
  }

  /** A preemption check, when it is its time (other parts may ask for wakes): an update, then each kind's preemption. */
  onWake(view: ClusterView, decisions: Decisions): void {
    if (this.preemption === null || !this.checks.due(view.now)) return;
    this.update(view);
    this.preemption.preempt(this.active[MAP], view, decisions);
    this.preemption.preempt(this.active[REDUCE], view, decisions);
    this.checks.done(view.now, decisions, this.queue.jobs.length > 0);
  }


  onJobFinished(job: JobView): void {
    const info = this.infos[job.index];
    if (info === undefined) return;
    this.infos[job.index] = undefined;
    const pool = this.pool(job.spec.pool);
    pool.map.remove(info.map);
    pool.reduce.remove(info.reduce);
    if (--pool.jobs === 0) {
      remove(this.active[MAP], pool.map);
      remove(this.active[REDUCE], pool.reduce);
      this.poolShares[MAP].remove(pool.map);
      this.poolShares[REDUCE].remove(pool.reduce);
    }
    this.queue.remove(job);
    this.runnabilityStale = this.hasJobLimits;
    this.stale = true;
  }

  beginHeartbeat(_node: NodeView, view: ClusterView): void {
    this.beat++;
    if (
      this.stale ||
      view.now - this.lastUpdate >= this.options.updateInterval ||
      view.mapCapacity !== this.capacity[MAP] ||
      view.reduceCapacity !== this.capacity[REDUCE]
    ) {
      this.update(view);
    }
  }

  fill(kind: SlotKind, node: NodeView, view: ClusterView, offer: Offer): void {
    this.assign(kind === 'map' ? MAP : REDUCE, node, view, offer);
  }

  /** The pool's place in fair-share order: its running tasks against its min and fair shares (as of the last update). */
  explainOffer(job: JobView, kind: SlotKind): string {
    const entry = this.pool(job.spec.pool);
    const pool = kind === 'map' ? entry.map : entry.reduce;
    const needy = pool.running < Math.min(pool.minShare, pool.demand);
    const standing = needy
      ? `below its min share of ${pool.minShare}`
      : `${(pool.running - pool.fairShare).toFixed(1)} from its fair share of ${pool.fairShare.toFixed(1)}`;
    const within = pool.fair ? 'the job furthest below its own share in the pool' : "the pool's first job in submit order";
    return `pool ${pool.name} first in fair-share order that could use the slot: ${pool.running} running ${kind}s, ${standing} (demand ${pool.demand}); ${within}`;
  }

  /** Hadoop's update(): runnability, demands, and fair shares of pools and of the jobs in fair pools. */
  private update(view: ClusterView): void {
    if (this.runnabilityStale) this.updateRunnability();
    this.updateShares(MAP, view.mapCapacity);
    this.updateShares(REDUCE, view.reduceCapacity);
    this.preemption?.track(this.active[MAP], view.now);
    this.preemption?.track(this.active[REDUCE], view.now);
    this.capacity[MAP] = view.mapCapacity;
    this.capacity[REDUCE] = view.reduceCapacity;
    this.lastUpdate = view.now;
    this.stale = false;
    this.stamp++;
  }

  private updateShares(kind: TaskKind, capacity: number): void {
    const pools = this.active[kind];
    const sizeBased = this.options.sizeBasedWeight;
    for (let i = 0; i < pools.length; i++) pools[i].updateDemand(sizeBased);
    this.poolShares[kind].solve(capacity);
    for (let i = 0; i < pools.length; i++) pools[i].redistributeShare();
  }

  /** Hadoop's updateRunnability: in FIFO order, jobs run while their pool and user are under their limits. */
  private updateRunnability(): void {
    const perPool = new Map<string, number>();
    const perUser = new Map<string, number>();
    for (const job of this.queue.jobs) {
      const info = this.infos[job.index]!;
      const { pool, user } = job.spec;
      const inPool = perPool.get(pool) ?? 0;
      const ofUser = perUser.get(user) ?? 0;
      const poolLimit = this.pool(pool).spec.maxRunningJobs;
      const userLimit = this.userMaxJobs.get(user) ?? this.options.userMaxJobsDefault;
      info.runnable = inPool < poolLimit && ofUser < userLimit;
      if (info.runnable) {
        perPool.set(pool, inPool + 1);
        perUser.set(user, ofUser + 1);
      }
    }
    this.runnabilityStale = false;
  }

  /** Offer the node's slots of one kind, one slot at a time, re-ordering after each launch. */
  private assign(kind: TaskKind, node: NodeView, view: ClusterView, offer: Offer): void {
    const pools = this.active[kind];
    const beat = this.beat;
    if (view.stateVersion !== this.stampedVersion) {
      this.stampedVersion = view.stateVersion;
      this.stamp++;
    }
    const stamp = this.stamp;
    let candidates = 0;
    for (let i = 0; i < pools.length; i++) if (pools[i].prepare(beat, stamp)) candidates++;
    if (candidates === 0) return;
    const several = candidates > 1;
    if (several && this.poolsSortedAt[kind] !== stamp) {
      sortByFairShare(pools);
      this.poolsSortedAt[kind] = stamp;
    }
    const limit = kind === MAP ? this.maxMaps : this.maxReduces;
    for (let launched = 0; launched < limit; launched++) {
      if ((kind === MAP ? node.freeMapSlots : node.freeReduceSlots) <= 0) return;
      let from = -1;
      for (let i = 0; i < pools.length; i++) {
        const pool = pools[i];
        if (pool.exhaustedAt === beat) continue;
        if (this.offerInPool(pool, offer)) {
          from = i;
          break;
        }
        pool.exhaustedAt = beat;
      }
      if (from < 0) return;
      if (several) moveLater(pools, from);
    }
  }

  /** The slot goes to the pool's first job, in the pool's order, that can launch a task of the kind and takes it. */
  private offerInPool(pool: PoolSchedulable, offer: Offer): boolean {
    const jobs = pool.jobs;
    const beat = this.beat;
    for (let i = pool.cursor; i < jobs.length; i++) {
      const job = jobs[i];
      if (job.triedAt !== beat && job.canLaunch()) {
        if (offer(job.job)) {
          pool.launched(i);
          return true;
        }
        job.triedAt = beat;
      }
      if (i === pool.cursor) pool.cursor++;
    }
    return false;
  }

  private pool(id: string): PoolEntry {
    let entry = this.pools.get(id);
    if (entry === undefined) {
      const spec = this.poolSpecs.get(id) ?? defaultPool(id);
      const rank = this.poolRanks.get(id) ?? this.poolRanks.size;
      const map = new PoolSchedulable(spec, MAP, rank);
      entry = { spec, map, reduce: new PoolSchedulable(spec, REDUCE, rank), jobs: 0 };
      this.pools.set(id, entry);
    }
    return entry;
  }
}

function remove<T>(list: T[], item: T): void {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
}

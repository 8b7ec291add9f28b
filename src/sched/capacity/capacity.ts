/**
 * Hadoop's Capacity Scheduler (MRv1, Hadoop 1.x `CapacityTaskScheduler`).
 *
 * What it computes: each queue (a pool of the scenario) is guaranteed a
 * percentage of the live cluster's map slots and, separately, of its reduce
 * slots. On a heartbeat every free map slot, then one reduce slot, is offered
 * to the queues from the most under-served (smallest occupied / capacity) on;
 * a queue at its maximum capacity is passed over, and a queue may grow past
 * its capacity while the others leave slots unused (elasticity), up to that
 * maximum. Inside a queue the initialized jobs are taken in FIFO order
 * (priority, then submit time); a job whose user already holds the user
 * limit (see `user-limits.ts`) is skipped, and the first job with a task for
 * the slot gets it (its map placement takes the slot: by default, Hadoop's,
 * its node-local map, else a rack-local one, else any). If no job of the
 * queue can use the slot, the next queue is asked. A queue initializes at most `maxRunningJobs` jobs at once; the
 * others wait, in the same order, until a job of the queue ends.
 *
 * Source: Apache Hadoop 1.x, `org.apache.hadoop.mapred.CapacityTaskScheduler`
 * and `CapacitySchedulerQueue` (the "capacity-scheduler" contrib module).
 *
 * Differs from Hadoop, and why:
 * - Job priorities always count inside a queue (Hadoop's per-queue
 *   `supports-priority`, default false, as if true): the simulator's job
 *   order everywhere is Hadoop's FIFO order.
 * - Off-switch maps are not rationed. Hadoop 1 gives a job a map that is
 *   neither node- nor rack-local only after the job has passed up a number
 *   of scheduling opportunities that grows with its remaining maps (up to
 *   the number of nodes), hands out at most one such map per heartbeat, and
 *   then ends the heartbeat's map assignments (`maximum-tasks-after-offswitch`,
 *   default 0). Here a job takes its best map at once, at whatever locality,
 *   and the heartbeat goes on; the locality-waiting schedulers model waiting.
 * - `maxRunningJobs` stands for Hadoop's per-queue limit on initialized jobs
 *   (which Hadoop derives from `maximum-system-jobs` × capacity); the
 *   per-user job limits and the limits on initialized tasks are not modelled.
 *   A waiting job is initialized the moment a job of its queue ends, not at
 *   the next poll of Hadoop's initialization thread, and initializing takes
 *   no time.
 * - Queues with equal fill ratios are ordered by name (Hadoop keeps the
 *   previous order, which starts as a hash map's).
 * - Every task takes one slot: no memory-based scheduling, no reservation of
 *   a node for a high-memory job, no speculative tasks.
 * - Rounding (`slots.ts`), the user limit's floor of one slot
 *   (`user-limits.ts`) and a ceiling that rounds to no slot (`queue-state.ts`)
 *   are made safe where Hadoop could starve a queue or drop its ceiling.
 * - Slots held are recounted at every heartbeat, as Hadoop does, but only
 *   over the jobs running tasks; whether an idle job has work waiting is
 *   re-read when the live cluster changes and once per heartbeat interval
 *   (it changes only when a node failure makes lost map outputs run again),
 *   so the user limit's count of active users may lag by up to one interval
 *   then. This keeps a heartbeat's cost independent of the backlog.
 * - Queues are flat, as Hadoop 1's are: pools under a parent (`eng.dev`,
 *   capacities percentages of the parent as YARN reads them) are queues
 *   with their absolute shares, parents are none, and a job naming a parent
 *   pool is an error (`queue-config.ts`). A job naming a pool the scenario
 *   file does not configure gets a queue sharing the unassigned capacity
 *   (Hadoop rejects it): resolution lists such pools.
 */
import type { Pool } from '../../model/workload.js';
import { withRoomFor } from '../job-column.js';
import { compareNames } from '../name-order.js';
import type { ClusterView, JobOrder, JobView, NodeView, Offer, SlotKind as PartSlotKind } from '../types.js';
import type { CapacityOptions } from './options.js';
import { queueConfigs } from './queue-config.js';
import { mostUnderserved } from './queue-order.js';
import { JobTable, MAP, QueueState, REDUCE, type SlotKind } from './queue-state.js';
import { hasTaskFor } from '../has-task-for.js';

/** The Capacity Scheduler's job order. */
export class CapacityOrder implements JobOrder {
  private readonly queues: QueueState[];
  private readonly queueOf = new Map<string, number>();
  /** Queue index of each job, by job index (grown as jobs arrive). */
  private jobQueue = new Int32Array(0);
  private readonly jobs = new JobTable();
  /** Stamp per queue: tried for the slot being handed out. */
  private readonly tried: Float64Array;
  private stamp = 0;
  /** The live cluster's slots, and the time, at the last refresh of every job. */
  private fullAt = -Infinity;
  private mapSlots = -1;
  private reduceSlots = -1;
  /**
   * Until a node fails a job with no task running never gains work, so the
   * periodic full refresh finds nothing new, and a queue at its ceiling or a
   * user at the limit stays so until a task launches or ends: the heartbeats
   * in between may be skipped. Once the order hears of a failure they may
   * not (the refresh that finds re-run maps comes with the clock).
   */
  declinesUntilStateChanges = true;

  constructor(
    pools: readonly Pool[],
    private readonly heartbeatInterval: number,
    private readonly options: CapacityOptions,
  ) {
    const configs = queueConfigs(pools);
    configs.forEach((config, i) => {
      if (!this.queueOf.has(config.id)) this.queueOf.set(config.id, i);
    });
    const byName = configs.map((_, i) => i).sort((a, b) => compareNames(configs[a].id, configs[b].id) || a - b);
    const rank = new Int32Array(configs.length);
    byName.forEach((q, r) => (rank[q] = r));
    this.queues = configs.map((config, i) => new QueueState(config, i, rank[i], this.jobs));
    this.tried = new Float64Array(configs.length);
  }

  onJobSubmitted(job: JobView): void {
    const queue = this.queueOf.get(job.spec.pool);
    if (queue === undefined) {
      const parent = [...this.queueOf.keys()].some((id) => id.startsWith(`${job.spec.pool}.`));
      const why = parent ? 'a parent queue: jobs run in leaf queues only' : "which the run's pools do not list (resolution lists every pool a job names)";
      throw new Error(`job '${job.spec.id}' names pool '${job.spec.pool}', ${why}`);
    }
    this.jobQueue = withRoomFor(this.jobQueue, job.index);
    this.jobQueue[job.index] = queue;
    this.queues[queue].submit(job);
  }

  onNodeFailed(): void {
    this.declinesUntilStateChanges = false;
  }

  onJobFinished(job: JobView): void {
    this.queues[this.jobQueue[job.index]].finish(job);
  }

  /** The queue's fill against its guarantee, which made it the most under-served with a job to run. */
  explainOffer(job: JobView, kind: PartSlotKind): string {
    const queue = this.queues[this.jobQueue[job.index]];
    const k = kind === 'map' ? MAP : REDUCE;
    const ratio = queue.capacity[k] === 0 ? 'no guaranteed slots' : `${((100 * queue.occupied[k]) / queue.capacity[k]).toFixed(0)}% of its guarantee`;
    return `queue ${queue.config.id} the most under-served with a job that could run: ${queue.occupied[k]} of ${queue.capacity[k]} guaranteed ${kind} slots used (${ratio}); its first job in priority and submit order within the user limit`;
  }

  beginHeartbeat(_node: NodeView, view: ClusterView): void {
    this.refresh(view);
  }

  /** Every free map slot (up to `maxMapsPerHeartbeat`), or one reduce slot, each to the most under-served queue that takes it. */
  fill(kind: PartSlotKind, node: NodeView, _view: ClusterView, offer: Offer): void {
    if (kind === 'reduce') {
      this.assign(REDUCE, offer);
      return;
    }
    for (let maps = 0; node.freeMapSlots > 0 && maps < this.options.maxMapsPerHeartbeat; maps++) {
      if (!this.assign(MAP, offer)) return;
    }
  }

  /**
   * Hadoop's `updateAllQueues`. Every job is re-read when the live cluster
   * changed (a node failure can give jobs work again) and once per heartbeat
   * interval; otherwise only the jobs running tasks (see `queue-state.ts`).
   */
  private refresh(view: ClusterView): void {
    const { mapCapacity, reduceCapacity, now } = view;
    const changed = mapCapacity !== this.mapSlots || reduceCapacity !== this.reduceSlots;
    const full = changed || now >= this.fullAt + this.heartbeatInterval;
    if (full) {
      this.fullAt = now;
      this.mapSlots = mapCapacity;
      this.reduceSlots = reduceCapacity;
    }
    for (const queue of this.queues) queue.refresh(mapCapacity, reduceCapacity, full);
  }

  /** Offers one slot of `kind` to the queues in order; true if a task was launched. */
  private assign(kind: SlotKind, offer: Offer): boolean {
    const stamp = ++this.stamp;
    for (;;) {
      const queue = mostUnderserved(this.queues, kind, this.tried, stamp);
      if (queue === null) return false;
      this.tried[queue.index] = stamp;
      if (this.assignFromQueue(queue, kind, offer)) return true;
    }
  }

  /** The first job of the queue, in order, whose user is under the limit and which takes the slot. */
  private assignFromQueue(queue: QueueState, kind: SlotKind, offer: Offer): boolean {
    const limit = queue.userLimit(kind);
    for (const job of queue.running.jobs) {
      // Hadoop 1's getTaskFromQueue: a job with tasks pending or one to back up (hasSpeculativeMaps, hasSpeculativeReduces).
      if (!hasTaskFor(job, kind === MAP ? 'map' : 'reduce')) continue;
      if (queue.isOverLimit(kind, job, limit)) continue;
      if (!offer(job)) continue;
      queue.recordLaunch(kind, job);
      return true;
    }
    return false;
  }
}

/**
 * YARN's proportional capacity preemption (the ResourceManager's scheduling
 * monitor running ProportionalCapacityPreemptionPolicy) for the Capacity
 * Scheduler on a resource cluster, on with `schedulerOptions.capacity.
 * preemption`; the order (`yarn-capacity-order.ts`) runs a check every
 * `preemptionInterval` (monitoring_interval).
 *
 * A check:
 * - Takes each queue's guarantee and maximum (absolute capacities of the
 *   cluster), what it holds (its jobs' task containers and AMs), and for a
 *   leaf what its runnable jobs ask for (pending maps' containers, and
 *   pending reduces' once they may start) and the containers of its AMs that
 *   wait only for room (`ClusterView.waitingApplicationMasters`: YARN counts
 *   an activated application's AM request), each user's asks counted only
 *   up to the room under the user limit (getTotalPendingResourcesConsidering-
 *   UserLimit).
 * - Computes what each leaf should give back (`yarn/preemptable-resources.ts`).
 * - Picks the containers (FifoCandidatesSelector): from each such leaf, the
 *   latest submitted job first; of a job, maps before reduces (the
 *   MapReduce AM asks for maps at a lower priority) and the latest started
 *   first.
 * - A container picked for the first time is marked; one picked again at
 *   least `maxWaitBeforeKill` after its mark is killed (`decisions.kill`, at
 *   its node's next heartbeat). Marks older than twice that wait are
 *   forgotten, as Hadoop forgets them.
 *
 * Differs from YARN, and why:
 * - AMs are never taken: the ResourceManager places them outside the
 *   policy. Hadoop takes a leaf's AMs last, only beyond its AM limit.
 * - The room a kill frees is not kept for the queue it was taken for: a
 *   waiting AM gets it first at the node's heartbeat, then the order.
 * - The MapReduce AM's answer to a preemption warning is not modelled: its
 *   default (no-op) policy lets the container run until it is killed, as here.
 * - No reservations, node labels, queue priorities or intra-queue
 *   preemption; a job's containers are ordered by kind and start, not by
 *   container id.
 */
import { NO_RESOURCES, type Resources } from '../../model/resources.js';
import type { ApplicationMasterView, ClusterView, Decisions, JobView, SlotKind } from '../types.js';
import type { CapacityOptions } from './options.js';
import type { CapacityQueue } from './queue-hierarchy.js';
import { add, multiplyAndRoundDown, type ResourceCalculator } from './yarn/index.js';
import { resourcesToObtain, selectCandidates, type PreemptionCandidate, type QueueSnapshot } from './yarn/preemptable-resources.js';
import { hasTaskFor } from '../has-task-for.js';

/** A queue of the order's tree, as the check reads it. */
export interface MonitoredQueue {
  readonly config: CapacityQueue;
  /** Measured by the order just before the check. */
  readonly used: Resources;
  readonly children: readonly MonitoredQueue[];
  /** A leaf's jobs, in FIFO order. */
  readonly jobs: { readonly jobs: readonly JobView[] };
  /** A leaf's users: what each holds. */
  readonly userUsage: ReadonlyMap<string, Resources>;
}

/** What the check asks of the order. */
export interface MonitoredTree {
  readonly root: MonitoredQueue;
  runnable(job: JobView): boolean;
  /** The leaf's user limit now. */
  userLimit(leaf: MonitoredQueue, cluster: Resources): Resources;
}

interface TaskContainer {
  readonly job: JobView;
  readonly kind: SlotKind;
  readonly task: number;
}

export class YarnCapacityPreemption {
  /** When each container (job, kind, task and start) was first picked. */
  private readonly marked = new Map<string, number>();

  constructor(
    private readonly options: CapacityOptions,
    private readonly rc: ResourceCalculator,
  ) {}

  check(tree: MonitoredTree, view: ClusterView, decisions: Decisions): void {
    const cluster = { memory: view.memoryCapacity, vcores: view.vcoreCapacity };
    const leaves = new Map<string, MonitoredQueue>();
    const waitingAms = new Map<string, ApplicationMasterView[]>();
    for (const am of view.waitingApplicationMasters) waitingAms.set(am.pool, [...(waitingAms.get(am.pool) ?? []), am]);
    const snapshot = this.snapshot(tree, tree.root, cluster, false, leaves, waitingAms);
    const toObtain = resourcesToObtain(this.rc, cluster, snapshot, this.options);
    const candidatesOf = (leaf: string) => containersOf(leaves.get(leaf)!, view);
    const picked = selectCandidates(this.rc, cluster, toObtain, candidatesOf, this.options);
    const now = view.now;
    for (const { job, kind, task, start } of picked) {
      const key = `${job.index}:${kind}:${task}:${start}`;
      const since = this.marked.get(key);
      if (since === undefined) this.marked.set(key, now);
      else if (since + this.options.maxWaitBeforeKill <= now) {
        this.marked.delete(key);
        decisions.kill(job, kind, task);
      }
    }
    for (const [key, since] of this.marked) if (since + 2 * this.options.maxWaitBeforeKill < now) this.marked.delete(key);
  }

  /** The queue and those under it as the policy sees them; `disabled` is inherited from above. */
  private snapshot(
    tree: MonitoredTree,
    queue: MonitoredQueue,
    cluster: Resources,
    disabledAbove: boolean,
    leaves: Map<string, MonitoredQueue>,
    waitingAms: ReadonlyMap<string, readonly ApplicationMasterView[]>,
  ): QueueSnapshot {
    const { config } = queue;
    const disabled = disabledAbove || config.pool.allowPreemptionFrom === false;
    const children = queue.children.map((child) => this.snapshot(tree, child, cluster, disabled, leaves, waitingAms));
    if (children.length === 0) leaves.set(config.id, queue);
    return {
      name: config.id,
      guaranteed: multiplyAndRoundDown(cluster, config.absoluteCapacity / 100),
      maximum: multiplyAndRoundDown(cluster, config.absoluteMaxCapacity / 100),
      used: queue.used,
      pending: children.length === 0 ? pendingWithinUserLimits(tree, queue, cluster, waitingAms.get(config.id) ?? []) : NO_RESOURCES,
      preemptionDisabled: disabled,
      children,
    };
  }
}

/** What the leaf's runnable jobs and waiting AMs ask for, each user's up to the room under the user limit. */
function pendingWithinUserLimits(tree: MonitoredTree, leaf: MonitoredQueue, cluster: Resources, waitingAms: readonly ApplicationMasterView[]): Resources {
  const limit = tree.userLimit(leaf, cluster);
  const room = new Map<string, Resources>();
  let pending = NO_RESOURCES;
  const ask = (user: string, asks: Resources) => {
    let left = room.get(user);
    if (left === undefined) {
      const used = leaf.userUsage.get(user) ?? NO_RESOURCES;
      left = { memory: Math.max(0, limit.memory - used.memory), vcores: Math.max(0, limit.vcores - used.vcores) };
    }
    const counted = { memory: Math.min(left.memory, asks.memory), vcores: Math.min(left.vcores, asks.vcores) };
    room.set(user, { memory: left.memory - counted.memory, vcores: left.vcores - counted.vcores });
    pending = add(pending, counted);
  };
  for (const job of leaf.jobs.jobs) if (tree.runnable(job)) ask(job.spec.user, pendingOf(job));
  for (const am of waitingAms) ask(am.user, am.container);
  return pending;
}

/** The containers the job's AM asks for: its pending maps', and its pending reduces' once they may start. */
function pendingOf(job: JobView): Resources {
  const { mapContainer, reduceContainer } = job.spec;
  const reduces = hasTaskFor(job, 'reduce') ? job.pendingReduces : 0;
  return { memory: mapContainer.memory * job.pendingMaps + reduceContainer.memory * reduces, vcores: mapContainer.vcores * job.pendingMaps + reduceContainer.vcores * reduces };
}

/** The leaf's running task containers in the order they are taken: the latest submitted job first; maps, then reduces; the latest started first. */
function* containersOf(leaf: MonitoredQueue, view: ClusterView): Generator<PreemptionCandidate<TaskContainer & { readonly start: number }>> {
  const jobs = leaf.jobs.jobs;
  for (let j = jobs.length - 1; j >= 0; j--) {
    const job = jobs[j];
    for (const kind of ['map', 'reduce'] as const) {
      const resources = kind === 'map' ? job.spec.mapContainer : job.spec.reduceContainer;
      const attempts = [...view.runningAttempts(job, kind)].sort((a, b) => b.start - a.start || b.task - a.task);
      for (const { task, start } of attempts) yield { resources, ref: { job, kind, task, start } };
    }
  }
}

/**
 * How much each leaf queue should give back, as YARN's proportional
 * capacity preemption policy computes it (ProportionalCapacityPreemptionPolicy
 * with PreemptableResourceCalculator, for one partition and no reservations).
 *
 * Down the tree from the root, whose ideal assignment is the cluster, each
 * parent's ideal assignment is shared among its children:
 * - A child holding more than its guarantee keeps its guarantee plus the
 *   part of its excess that cannot be preempted (its leaves' excess where
 *   preemption is disabled); one holding less keeps what it holds.
 * - What is left goes round among the children still asking for more (held
 *   plus pending beyond their ideal), the most underserved first (least
 *   ideal assignment over guarantee), in shares proportional to the
 *   guarantees of those still asking, each taking at most what its maximum
 *   capacity, its demand and (for a leaf) the larger of its usage and its
 *   guarantee allow, until nothing is left or no one asks. Children with no
 *   guarantee share what the others leave, evenly.
 * - A child holding more than the larger of its ideal assignment and
 *   min(held + pending, guarantee) should give back the difference, scaled
 *   down so that a round takes at most `totalPreemptionPerRound` of the
 *   cluster.
 * A leaf whose preemption is not disabled and that holds more than its
 * guarantee by over `maxIgnoredOverCapacity` gives back that amount times
 * `naturalTerminationFactor` (the rest is left to containers ending on
 * their own).
 *
 * Resources are compared, divided and rounded by the calculator, memory in
 * whole MiB where Hadoop counts whole MB.
 */
import { NO_RESOURCES, type Resources } from '../../../model/resources.js';
import { add, larger, multiplyAndRoundDown, smaller, subtract, type ResourceCalculator } from './resource-calculator.js';

/** A queue as the policy sees it at a check. */
export interface QueueSnapshot {
  readonly name: string;
  /** Absolute guaranteed and maximum capacities, as resources. */
  readonly guaranteed: Resources;
  readonly maximum: Resources;
  /** A leaf's: what it holds (AMs included), and what its jobs ask for beyond it within their users' limits. Ignored for a parent, whose are its children's sums. */
  readonly used: Resources;
  readonly pending: Resources;
  /** disable_preemption, inherited: a leaf none of whose containers may be taken. */
  readonly preemptionDisabled: boolean;
  readonly children: readonly QueueSnapshot[];
}

/** yarn.resourcemanager.monitor.capacity.preemption.* */
export interface PreemptionPace {
  /** total_preemption_per_round: the most of the cluster one check takes back. */
  readonly totalPreemptionPerRound: number;
  /** max_ignored_over_capacity: a leaf within this fraction above its guarantee is left alone. */
  readonly maxIgnoredOverCapacity: number;
  /** natural_termination_factor: the fraction of a leaf's excess taken back per check. */
  readonly naturalTerminationFactor: number;
}

/** A queue during the computation (TempQueuePerPartition). */
interface WorkQueue {
  readonly snapshot: QueueSnapshot;
  readonly children: readonly WorkQueue[];
  readonly used: Resources;
  readonly pending: Resources;
  ideal: Resources;
  untouchableExtra: Resources;
  preemptableExtra: Resources;
  toBePreempted: Resources;
  /** The queue's share of the guarantees of those still asking, per resource. */
  normalizedGuarantee: readonly [number, number];
}

/** Hadoop's step for the shares handed out: 1 MB and 1 vcore. */
const STEP: Resources = { memory: 2 ** 20, vcores: 1 };

/** What each leaf (by name) should give back at this check; leaves with nothing to give are left out. */
export function resourcesToObtain(rc: ResourceCalculator, cluster: Resources, root: QueueSnapshot, pace: PreemptionPace): Map<string, Resources> {
  const tree = workQueue(root);
  updatePreemptableExtras(rc, cluster, tree);
  tree.ideal = root.guaranteed;
  const allowed = multiplyAndRoundDown(cluster, pace.totalPreemptionPerRound);
  distributeDown(rc, tree, allowed);
  const toObtain = new Map<string, Resources>();
  for (const leaf of leavesOf(tree)) {
    const { guaranteed, preemptionDisabled, name } = leaf.snapshot;
    if (preemptionDisabled) continue;
    if (!(rc.compare(cluster, leaf.used, multiplyAndRoundDown(guaranteed, 1 + pace.maxIgnoredOverCapacity)) > 0)) continue;
    if (!(rc.compare(cluster, leaf.toBePreempted, NO_RESOURCES) > 0)) continue;
    toObtain.set(name, rc.multiplyAndNormalizeUp(leaf.toBePreempted, pace.naturalTerminationFactor, STEP));
  }
  return toObtain;
}

function workQueue(snapshot: QueueSnapshot): WorkQueue {
  const children = snapshot.children.map(workQueue);
  const leaf = children.length === 0;
  return {
    snapshot,
    children,
    used: leaf ? snapshot.used : children.reduce((sum, c) => add(sum, c.used), NO_RESOURCES),
    pending: leaf ? snapshot.pending : children.reduce((sum, c) => add(sum, c.pending), NO_RESOURCES),
    ideal: NO_RESOURCES,
    untouchableExtra: NO_RESOURCES,
    preemptableExtra: NO_RESOURCES,
    toBePreempted: NO_RESOURCES,
    normalizedGuarantee: [0, 0],
  };
}

function* leavesOf(queue: WorkQueue): Generator<WorkQueue> {
  if (queue.children.length === 0) yield queue;
  for (const child of queue.children) yield* leavesOf(child);
}

/** Each queue's excess over its guarantee, split into what may be preempted and what may not, bottom up. */
function updatePreemptableExtras(rc: ResourceCalculator, cluster: Resources, queue: WorkQueue): void {
  for (const child of queue.children) updatePreemptableExtras(rc, cluster, child);
  let extra = subtract(queue.used, queue.snapshot.guaranteed);
  if (rc.compare(cluster, extra, NO_RESOURCES) < 0) extra = NO_RESOURCES;
  if (queue.children.length === 0) {
    if (queue.snapshot.preemptionDisabled) queue.untouchableExtra = extra;
    else queue.preemptableExtra = extra;
    return;
  }
  const childrenPreemptable = queue.children.reduce((sum, c) => add(sum, c.preemptableExtra), NO_RESOURCES);
  queue.untouchableExtra = rc.compare(cluster, childrenPreemptable, extra) >= 0 ? NO_RESOURCES : subtract(extra, childrenPreemptable);
  queue.preemptableExtra = smaller(rc, cluster, childrenPreemptable, extra);
}

function distributeDown(rc: ResourceCalculator, queue: WorkQueue, allowed: Resources): void {
  if (queue.children.length === 0) return;
  distribute(rc, queue.children, allowed, queue.ideal);
  for (const child of queue.children) distributeDown(rc, child, allowed);
}

/** One level: the children's ideal assignments out of `total`, and what each should give back. */
function distribute(rc: ResourceCalculator, queues: readonly WorkQueue[], allowed: Resources, total: Resources): void {
  const guaranteed = (q: WorkQueue) => rc.compare(total, q.snapshot.guaranteed, NO_RESOURCES) > 0;
  let unassigned = fixpoint(rc, total, queues.filter(guaranteed), total, false);
  const unguaranteed = queues.filter((q) => !guaranteed(q));
  if (unguaranteed.length > 0 && rc.compare(total, unassigned, NO_RESOURCES) > 0) unassigned = fixpoint(rc, total, unguaranteed, unassigned, true);
  let needed = NO_RESOURCES;
  for (const q of queues) if (rc.compare(total, q.used, q.ideal) > 0) needed = add(needed, subtract(q.used, q.ideal));
  const scaling = rc.compare(total, needed, allowed) > 0 ? rc.ratio(total, allowed, needed) : 1;
  for (const q of queues) assignPreemption(rc, total, q, scaling);
}

/**
 * Hands `unassigned` out among `queues` until no one asks or nothing is
 * left (computeFixpointAllocation); returns what is left.
 */
function fixpoint(rc: ResourceCalculator, total: Resources, queues: readonly WorkQueue[], unassigned: Resources, ignoreGuarantee: boolean): Resources {
  const share = (q: WorkQueue) => (rc.compare(total, q.snapshot.guaranteed, NO_RESOURCES) > 0 ? rc.ratio(total, q.ideal, q.snapshot.guaranteed) : Number.MAX_SAFE_INTEGER);
  let asking: WorkQueue[] = [];
  for (const q of queues) {
    q.ideal = rc.compare(total, q.used, q.snapshot.guaranteed) > 0 ? add(q.snapshot.guaranteed, q.untouchableExtra) : q.used;
    unassigned = subtract(unassigned, q.ideal);
    if (rc.compare(total, q.ideal, add(q.used, q.pending)) < 0) asking.push(q);
  }
  while (asking.length > 0 && rc.compare(total, unassigned, NO_RESOURCES) > 0) {
    normalizeGuarantees(asking, ignoreGuarantee);
    // The most underserved queues, all those tied with the least share, are offered together.
    const least = Math.min(...asking.map(share));
    const underserved = asking.filter((q) => share(q) === least);
    asking = asking.filter((q) => share(q) !== least);
    let assigned = NO_RESOURCES;
    for (const q of underserved) {
      const available = scaleUp(rc, unassigned, q.normalizedGuarantee);
      const accepted = offer(rc, total, q, available);
      if (rc.compare(total, accepted, NO_RESOURCES) > 0) asking.push(q);
      assigned = add(assigned, accepted);
    }
    unassigned = subtract(unassigned, assigned);
  }
  return unassigned;
}

/** Each queue's share of the guarantees of `queues`, per resource (evenly when guarantees are ignored); Hadoop keeps them in single precision. */
function normalizeGuarantees(queues: readonly WorkQueue[], ignoreGuarantee: boolean): void {
  if (ignoreGuarantee) {
    for (const q of queues) q.normalizedGuarantee = [Math.fround(1 / queues.length), Math.fround(1 / queues.length)];
    return;
  }
  const active = queues.reduce((sum, q) => add(sum, q.snapshot.guaranteed), NO_RESOURCES);
  for (const q of queues) {
    const { memory, vcores } = q.snapshot.guaranteed;
    q.normalizedGuarantee = [active.memory !== 0 ? Math.fround(memory / active.memory) : 0, active.vcores !== 0 ? Math.fround(vcores / active.vcores) : 0];
  }
}

/** `r` times a factor per resource, rounded up to the step (multiplyAndNormalizeUp with one factor per resource type). */
function scaleUp(rc: ResourceCalculator, r: Resources, [memoryBy, vcoresBy]: readonly [number, number]): Resources {
  return {
    memory: rc.multiplyAndNormalizeUp({ memory: r.memory, vcores: 0 }, memoryBy, STEP).memory,
    vcores: rc.multiplyAndNormalizeUp({ memory: 0, vcores: r.vcores }, vcoresBy, STEP).vcores,
  };
}

/** The queue takes what it can of `available` (TempQueuePerPartition.offer); returns what it took. */
function offer(rc: ResourceCalculator, total: Resources, q: WorkQueue, available: Resources): Resources {
  const belowMaximum = componentwiseMax(subtract(q.snapshot.maximum, q.ideal), NO_RESOURCES);
  const demand = subtract(add(q.used, q.pending), q.ideal);
  let accepted = smaller(rc, total, belowMaximum, smaller(rc, total, available, demand));
  if (q.children.length === 0) {
    // A leaf takes no more than the larger of what it holds and its guarantee: preemption is not to hand a leaf more than its guarantee.
    const room = larger(rc, total, subtract(larger(rc, total, q.used, q.snapshot.guaranteed), q.ideal), NO_RESOURCES);
    accepted = smaller(rc, total, accepted, room);
  }
  q.ideal = add(q.ideal, accepted);
  return accepted;
}

/** What the queue should give back: what it holds beyond max(ideal, min(held + pending, guarantee)), scaled. */
function assignPreemption(rc: ResourceCalculator, total: Resources, q: WorkQueue, scaling: number): void {
  const keep = larger(rc, total, smaller(rc, total, add(q.used, q.pending), q.snapshot.guaranteed), q.ideal);
  q.toBePreempted = rc.compare(total, q.used, keep) > 0 ? multiplyAndRoundDown(subtract(q.used, keep), scaling) : NO_RESOURCES;
}

function componentwiseMax(a: Resources, b: Resources): Resources {
  return { memory: Math.max(a.memory, b.memory), vcores: Math.max(a.vcores, b.vcores) };
}

/** A running container that may be preempted, with what the caller knows it by. */
export interface PreemptionCandidate<T> {
  readonly resources: Resources;
  readonly ref: T;
}

/**
 * The containers to preempt (FifoCandidatesSelector): from each leaf with
 * something to give back, its containers in the order given (the caller's:
 * the latest submitted job first, and within a job the lowest priority and
 * the latest started first), each taken while the leaf still has some
 * resource to give back and the container fits in what is left of the
 * round's allowance (`totalPreemptionPerRound` of the cluster).
 */
export function selectCandidates<T>(
  rc: ResourceCalculator,
  cluster: Resources,
  toObtain: ReadonlyMap<string, Resources>,
  candidatesOf: (leaf: string) => Iterable<PreemptionCandidate<T>>,
  pace: Pick<PreemptionPace, 'totalPreemptionPerRound'>,
): T[] {
  let allowed = multiplyAndRoundDown(cluster, pace.totalPreemptionPerRound);
  const taken: T[] = [];
  const aboveZero = (r: Resources) => r.memory > 0 || (rc.name === 'dominant' && r.vcores > 0);
  for (const [leaf, amount] of toObtain) {
    let remaining = amount;
    for (const candidate of candidatesOf(leaf)) {
      if (!aboveZero(remaining)) break;
      if (!rc.fitsIn(candidate.resources, allowed)) continue;
      remaining = subtract(remaining, candidate.resources);
      allowed = subtract(allowed, candidate.resources);
      taken.push(candidate.ref);
    }
  }
  return taken;
}

/**
 * From task durations to the execution rates of the adaptive scheduler's LP
 * (Rasooli and Down, "An Adaptive Scheduling Algorithm for Dynamic
 * Heterogeneous Hadoop Systems", CASCON 2011): μ_{t,j}, the jobs of type t
 * that resource j completes per second when it runs nothing else, with all
 * its slots (our reading: per resource, not per slot; docs/algorithms/adaptive.md).
 *
 * A job of a shape has on average `maps` maps taking `mapSeconds[k]` each on
 * a node of kind k, and `reduces` reduces taking `reduceSeconds[k]`. A node
 * with split slots runs its map and reduce stages side by side, so a stream
 * of such jobs is held back by the busier stage: one job per
 * max(maps · mapSeconds / mapSlots, reduces · reduceSeconds / reduceSlots)
 * seconds. A node with unified containers runs both kinds in the same
 * containers: one job per (maps · mapSeconds + reduces · reduceSeconds) /
 * containers seconds. A node without slots for a kind the jobs have runs
 * none of them (rate 0). A resource of n live nodes has n times the rate.
 */
import type { ClusterNode } from '../../model/cluster.js';
import type { JobTypeEstimate, WorkloadEstimate } from '../../planners/adaptive/index.js';
import { hasMinShare, type JobTypeTable } from './job-types.js';
import type { NodeKinds } from './node-kinds.js';

/** What is known of a shape's jobs: mean task counts, and mean task durations on each node kind (seconds). */
export interface ShapeProfile {
  readonly maps: number;
  readonly reduces: number;
  readonly mapSeconds: ArrayLike<number>;
  readonly reduceSeconds: ArrayLike<number>;
}

/** A task shorter than this counts as this long: a rate must be finite. */
const SHORTEST_TASK = 1e-6;

/** Jobs per second one node of `spec` completes, running only jobs of the profile (`k` its kind). */
export function nodeJobRate(spec: ClusterNode, profile: ShapeProfile, k: number): number {
  const mapTime = profile.maps * Math.max(profile.mapSeconds[k], SHORTEST_TASK);
  const reduceTime = profile.reduces * Math.max(profile.reduceSeconds[k], SHORTEST_TASK);
  if (spec.slotModel !== 'split') return spec.totalSlots > 0 ? spec.totalSlots / (mapTime + reduceTime) : 0;
  if ((profile.maps > 0 && spec.mapSlots === 0) || (profile.reduces > 0 && spec.reduceSlots === 0)) return 0;
  const perJob = Math.max(profile.maps > 0 ? mapTime / spec.mapSlots : 0, profile.reduces > 0 ? reduceTime / spec.reduceSlots : 0);
  return 1 / perJob;
}

/** Where the profiles and arrival rates come from: learned online, or read from the scenario (the oracle). */
export interface RateSource {
  /** The shape's profile, or null while nothing is known of it. */
  profile(shape: number): ShapeProfile | null;
  /**
   * The type's arrival rate, in jobs per some unit of time that is the same
   * for every type: the classes and suggested sets depend only on the ratios.
   */
  arrivalRate(type: number, now: number): number;
}

/** The estimate the classification and the LP read, and the table index of each of its job types. */
export interface TypedEstimate {
  readonly estimate: WorkloadEstimate;
  readonly typeIndices: readonly number[];
}

/**
 * Every type whose shape has a profile, with its rate on each kind (times the
 * kind's live nodes, `live[k]`); types of unknown shapes are left out.
 */
export function workloadEstimate(table: JobTypeTable, kinds: NodeKinds, live: ArrayLike<number>, source: RateSource, now: number): TypedEstimate {
  const jobTypes: JobTypeEstimate[] = [];
  const typeIndices: number[] = [];
  table.types.forEach((type, t) => {
    const profile = source.profile(type.shape);
    if (profile === null) return;
    const user = table.users[type.user];
    jobTypes.push({
      id: type.id,
      priority: user.priority,
      hasMinShare: hasMinShare(user),
      arrivalRate: source.arrivalRate(t, now),
      rates: kinds.kinds.map((kind, k) => live[k] * nodeJobRate(kind.spec, profile, k)),
    });
    typeIndices.push(t);
  });
  return { estimate: { resources: kinds.kinds.map((kind) => kind.id), jobTypes }, typeIndices };
}

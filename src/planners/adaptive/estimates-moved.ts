/**
 * When to classify again. Rasooli and Down ("An Adaptive Scheduling
 * Algorithm for Dynamic Heterogeneous Hadoop Systems", CASCON 2011) redo the
 * classification and the LP only when the system's parameters change, not
 * for every job that arrives (a job of a known type changes nothing). With
 * estimated parameters, "change" needs a threshold: we classify again when a
 * job type or a resource appears or disappears, a type's priority or
 * min-share status changes, or one of its rates moves by more than a
 * relative tolerance.
 */
import { sameFeatures, type WorkloadEstimate } from './job-type.js';

/** Default relative tolerance: a rate has to move by more than 10 % to trigger a new classification. */
export const ESTIMATE_TOLERANCE = 0.1;

/** Whether `current` differs from `previous` by more than the tolerance (types are matched by id, in any order). */
export function estimatesMoved(previous: WorkloadEstimate, current: WorkloadEstimate, tolerance = ESTIMATE_TOLERANCE): boolean {
  if (previous.resources.length !== current.resources.length || previous.resources.some((id, j) => current.resources[j] !== id)) return true;
  if (previous.jobTypes.length !== current.jobTypes.length) return true;
  const before = new Map(previous.jobTypes.map((type) => [type.id, type]));
  return current.jobTypes.some((type) => {
    const old = before.get(type.id);
    return old === undefined || old.hasMinShare !== type.hasMinShare || !sameFeatures(old, type, tolerance);
  });
}

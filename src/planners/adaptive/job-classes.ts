/**
 * The two classifications of Rasooli and Down, "An Adaptive Scheduling
 * Algorithm for Dynamic Heterogeneous Hadoop Systems" (CASCON 2011, §6): the
 * min-share classification (JobClasses1) of the job types whose user has a
 * min share, and the fairness classification (JobClasses2) of all job types.
 * A type of a user with a min share is in both; the scheduler picks which
 * applies from the user's state when it decides.
 *
 * Types are grouped exactly (same priority, rates and arrival rate up to a
 * relative tolerance) or by k-means (COSHH's variant); a group becomes a
 * class with:
 * - its members' priority (all equal);
 * - arrival rate α = the sum of its members' arrival rates (the class
 *   receives every job of its types; the paper's classes have one arrival
 *   rate because their types do, and it does not say how to combine them);
 * - execution rate μ_j on resource j = α / Σ_t (α_t / μ_{t,j}), the rate at
 *   which resource j serves the class's mix of jobs: the class then offers
 *   each resource the load its types offer together, which is what the LP's
 *   constraints count. For exactly grouped types this is their common rate;
 *   for k-means clusters it is the load-preserving mean, not the centre of
 *   the cluster. With no arrivals at all the types weigh equally.
 */
import { EXACT_TOLERANCE, exactGroups } from './exact-grouping.js';
import { assertValidEstimate, type JobTypeEstimate, type RateProfile, type WorkloadEstimate } from './job-type.js';
import { kmeansGroups, type KMeansOptions } from './kmeans-grouping.js';

/** A class: id C1, C2, … in the order of each class's first job type; α and μ as above. */
export interface JobClass extends RateProfile {
  readonly priority: number;
  /** Indices of its job types in the estimate, ascending. */
  readonly members: readonly number[];
}

export interface Classification {
  readonly classes: readonly JobClass[];
  /** Class index of each job type of the estimate; −1 for a type the classification leaves out. */
  readonly classOf: Int32Array;
}

/** `min-share`: JobClasses1, types of users with a min share; `all`: JobClasses2. */
export type ClassificationScope = 'min-share' | 'all';

export type ClassificationMethod =
  | { readonly kind: 'exact'; readonly tolerance?: number }
  | ({ readonly kind: 'kmeans' } & KMeansOptions);

export const EXACT_CLASSIFICATION: ClassificationMethod = { kind: 'exact', tolerance: EXACT_TOLERANCE };

/** One classification of the estimate's job types (throws a RangeError on an invalid estimate). */
export function classifyJobTypes(
  estimate: WorkloadEstimate,
  scope: ClassificationScope,
  method: ClassificationMethod = EXACT_CLASSIFICATION,
): Classification {
  assertValidEstimate(estimate);
  const included = estimate.jobTypes.flatMap((type, i) => (scope === 'all' || type.hasMinShare ? [i] : []));
  const types = included.map((i) => estimate.jobTypes[i]);
  const groups = method.kind === 'exact' ? exactGroups(types, method.tolerance) : kmeansGroups(types, method);
  const classOf = new Int32Array(estimate.jobTypes.length).fill(-1);
  const classes = groups.map((group, c) => {
    const members = group.map((k) => included[k]);
    for (const t of members) classOf[t] = c;
    return jobClass(`C${c + 1}`, members, estimate);
  });
  return { classes, classOf };
}

/** Both classifications: JobClasses1 (`minShare`) and JobClasses2 (`fairness`). */
export function classifyWorkload(
  estimate: WorkloadEstimate,
  method: ClassificationMethod = EXACT_CLASSIFICATION,
): { readonly minShare: Classification; readonly fairness: Classification } {
  return { minShare: classifyJobTypes(estimate, 'min-share', method), fairness: classifyJobTypes(estimate, 'all', method) };
}

function jobClass(id: string, members: readonly number[], estimate: WorkloadEstimate): JobClass {
  const types = members.map((t) => estimate.jobTypes[t]);
  const arrivalRate = types.reduce((sum, type) => sum + type.arrivalRate, 0);
  const weight = (type: JobTypeEstimate) => (arrivalRate > 0 ? type.arrivalRate : 1);
  const totalWeight = types.reduce((sum, type) => sum + weight(type), 0);
  const rates = estimate.resources.map((_, j) => {
    let load = 0;
    for (const type of types) {
      if (weight(type) === 0) continue;
      // A type with arrivals that cannot run on j makes the whole class unable to.
      if (type.rates[j] === 0) return 0;
      load += weight(type) / type.rates[j];
    }
    return totalWeight / load;
  });
  return { id, priority: types[0].priority, arrivalRate, rates, members };
}

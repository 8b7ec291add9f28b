/**
 * What the adaptive scheduler of Rasooli and Down ("An Adaptive Scheduling
 * Algorithm for Dynamic Heterogeneous Hadoop Systems", CASCON 2011) knows of
 * a job type: its user's priority, whether its user has a min share, its
 * arrival rate and its execution rate on each resource. Offline these come
 * from a file or a scenario; online they are the scheduler's estimates, and
 * the same plain values feed the classification and the LP either way.
 */

/** The rates of a job type, or of a class of them (the LP's α_i and μ_{i,j}). */
export interface RateProfile {
  readonly id: string;
  /** Jobs arriving per unit of time. */
  readonly arrivalRate: number;
  /**
   * Jobs one resource completes per unit of time when it runs nothing else
   * (1 / mean execution time, whole resource: every slot), in the order of
   * the resources; 0 where they cannot run.
   */
  readonly rates: readonly number[];
}

/** One job type's features, as estimated. */
export interface JobTypeEstimate extends RateProfile {
  /** Its user's priority (larger is more important). */
  readonly priority: number;
  /** Its user has a min share > 0: the min-share classification (JobClasses1) takes only these. */
  readonly hasMinShare: boolean;
}

/** The resources and what is known of every job type, at one moment. */
export interface WorkloadEstimate {
  readonly resources: readonly string[];
  readonly jobTypes: readonly JobTypeEstimate[];
}

/** |a − b| ≤ tolerance × max(|a|, |b|): equal up to a relative tolerance (0 equals only 0). */
function relativelyClose(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * The features the paper groups by (priority, arrival rate, execution-rate
 * vector) agree: priorities exactly, rates within the relative tolerance.
 */
export function sameFeatures(a: JobTypeEstimate, b: JobTypeEstimate, tolerance: number): boolean {
  return (
    a.priority === b.priority &&
    a.rates.length === b.rates.length &&
    relativelyClose(a.arrivalRate, b.arrivalRate, tolerance) &&
    a.rates.every((rate, j) => relativelyClose(rate, b.rates[j], tolerance))
  );
}

/**
 * Throws a RangeError when the estimate cannot be classified: rates of the
 * wrong length, or a rate, arrival rate or priority that is negative or not a
 * finite number. Estimates come from code (a file goes through its schema
 * first), so a bad one is a bug in the caller.
 */
export function assertValidEstimate(estimate: WorkloadEstimate): void {
  const m = estimate.resources.length;
  for (const type of estimate.jobTypes) {
    const bad = (what: string) => new RangeError(`job type '${type.id}': ${what}`);
    if (!(Number.isFinite(type.priority) && type.priority > 0)) throw bad(`priority ${type.priority}, expected a number > 0`);
    if (!isRate(type.arrivalRate)) throw bad(`arrival rate ${type.arrivalRate}, expected a finite number ≥ 0`);
    if (type.rates.length !== m) throw bad(`${type.rates.length} rates for ${m} resources`);
    type.rates.forEach((rate, j) => {
      if (!isRate(rate)) throw bad(`rate ${rate} on '${estimate.resources[j]}', expected a finite number ≥ 0`);
    });
  }
}

export function isRate(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}

/**
 * The approximation guarantee of DMRS, Theorem 1 of "On the Optimality of
 * Scheduling Dependent MapReduce Tasks on Heterogeneous Machines" (Aggarwal,
 * Xu, Lan, Subramaniam, §IV), with its task-skewness product
 *
 *   D = min_j D_j / (a_{j,1} + b_{j,1}),
 *
 * the largest D with D_j ≥ D·(largest map + largest reduce) for every job
 * (D ≥ 1). DMRS's Σ w_j C_j is at most 2(1 + (M−1)/D) times the LP bound
 * when every job is released at time 0, and 2(1 + (M−1)/D) + 1 times it
 * otherwise.
 *
 * Where we differ from the paper: its case split ("If …, then …") lost its
 * condition; the published abstracts make it zero versus arbitrary release
 * times (spec 2.9). We apply the first case whenever all releases are equal:
 * shifting every time by the common release r adds r·Σw to both the schedule
 * and the LP, which cannot raise their ratio. A job without work
 * (a_{j,1} + b_{j,1} = 0) bounds nothing and is left out of the minimum; with
 * no job left D is infinite and the factor 2 (or 3).
 */
import type { DmrsInstance } from './dmrs-instance.js';
import { largest, sum } from './lp-data.js';

export function taskSkew(instance: DmrsInstance): number {
  let skew = Infinity;
  for (const job of instance.jobs) {
    const largestTasks = largest(job.maps) + largest(job.reduces);
    if (largestTasks > 0) skew = Math.min(skew, (sum(job.maps) + sum(job.reduces)) / largestTasks);
  }
  return skew;
}

/** Theorem 1's factor: DMRS's objective is at most this times the LP bound. */
export function theoremBound(instance: DmrsInstance): number {
  const M = instance.machines.length;
  const equalReleases = instance.jobs.every((job) => job.release === instance.jobs[0].release);
  return 2 * (1 + (M - 1) / taskSkew(instance)) + (equalReleases ? 0 : 1);
}

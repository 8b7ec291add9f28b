/**
 * `mkjr`: MK_JR (Tang, Lee, He, "Dynamic Job Ordering and Slot
 * Configurations for MapReduce Workloads", IEEE TSC 2016) as seed 000 quotes
 * it: Johnson's rule, partition form, on the estimate T^M = Σ_j t^M_j / |S^M|
 * and T^R = Σ_j t^R_j / |S^R| (seed eq. (7)). Stage work is the sum of the
 * task durations, or the stage duration times the slots it was measured on.
 *
 * The TSC paper itself was not available (spec 6): this is the estimator Tian
 * attributes to it, not checked against the original. Under it every job is
 * spread over all slots, so MK_JR's estimates equal UAAS's durations and its
 * orders differ from UAAS's only on ties (spec 1.8).
 */
import { johnsonOrder } from './johnson.js';
import { flowShopPlan, type MakespanPlan } from './plan.js';
import { assertValidProblem, type MakespanProblem } from './problem.js';
import { spreadDurations } from './stage-durations.js';

/** MK_JR on `slots` (the cluster's own by default). */
export function planMkjr(
  problem: MakespanProblem,
  slots: { readonly mapSlots: number; readonly reduceSlots: number } = problem.cluster,
  source = 'makespan problem',
): MakespanPlan {
  assertValidProblem(problem, source);
  const durations = spreadDurations(problem.jobs, slots.mapSlots, slots.reduceSlots);
  const order = johnsonOrder(durations.map, durations.reduce);
  return flowShopPlan('mkjr', 'all-slots', problem, durations, order, slots);
}

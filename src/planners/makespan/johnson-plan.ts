/**
 * `johnson`: Johnson's rule (partition form) on the jobs' standalone stage
 * durations, the way Verma, Cherkasova and Campbell order a batch ("Two Sides
 * of a Coin: Optimizing the Schedule of MapReduce Jobs to Minimize Their
 * Makespan and Improve Cluster Performance", MASCOTS 2012). This is the
 * computation behind seed 000's "MK_JR = 47" and "MK_JR = 35" (spec 1.8:
 * they are not MK_JR numbers). A job that requested more slots than the
 * cluster has is slowed down (stage-durations.ts) rather than given slots
 * that do not exist.
 */
import { johnsonOrder } from './johnson.js';
import { flowShopPlan, type MakespanPlan } from './plan.js';
import { assertValidProblem, type MakespanProblem } from './problem.js';
import { standaloneDurations } from './stage-durations.js';

export function planJohnson(problem: MakespanProblem, source = 'makespan problem'): MakespanPlan {
  assertValidProblem(problem, source);
  const { mapSlots, reduceSlots } = problem.cluster;
  const durations = standaloneDurations(problem.jobs, mapSlots, reduceSlots);
  const order = johnsonOrder(durations.map, durations.reduce);
  return flowShopPlan('johnson', 'standalone', problem, durations, order, problem.cluster);
}

/**
 * `uaas`: Utilizing All Available Slots (Tian, Luo, Tian, Chen, "On Dynamic
 * Job Ordering and Slot Configurations for Minimizing the Makespan of
 * Multiple MapReduce Jobs", Algorithm 2.1). Every job is re-split to use
 * every slot, T' = T·S_req / |S| (work ÷ slots with per-task durations),
 * which also slows a job that requested more slots than exist; then
 * Johnson's rule with the paper's own tie rules (johnson.ts) orders them.
 *
 * The makespan is optimal only inside this model, where work is perfectly
 * divisible (spec 1.8): with indivisible tasks it may be unreachable.
 */
import { uaasOrder } from './johnson.js';
import { flowShopPlan, type MakespanPlan } from './plan.js';
import { assertValidProblem, type MakespanProblem } from './problem.js';
import { spreadDurations } from './stage-durations.js';

export function planUaas(problem: MakespanProblem, source = 'makespan problem'): MakespanPlan {
  assertValidProblem(problem, source);
  const { mapSlots, reduceSlots } = problem.cluster;
  const durations = spreadDurations(problem.jobs, mapSlots, reduceSlots);
  const order = uaasOrder(durations.map, durations.reduce);
  return flowShopPlan('uaas', 'all-slots', problem, durations, order, problem.cluster);
}

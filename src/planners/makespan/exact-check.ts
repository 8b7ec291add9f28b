/**
 * The exact optimum a plan's makespan is measured against, in the plan's own
 * model, when the instance is small enough to search: every order for the
 * flow-shop planners (Johnson's rule should match it), every order of every
 * split for slot-ratio, and every two-pool split of the jobs and the cluster
 * for BalancedPools (which searches only some of them).
 */
import { poolRun, poolUnits } from './balanced-pools.js';
import { EXACT_LIMITS, factorial, modelDurations, optimalFlowShopOrder } from './optimal.js';
import type { MakespanPlan } from './plan.js';
import type { MakespanProblem } from './problem.js';
import { slotSplits } from './slot-ratio.js';

export interface ExactOptimum {
  readonly makespan: number;
  /** How it was found, in words. */
  readonly method: string;
}

/** Most (partitions × pool sizes) the BalancedPools check tries. */
const POOL_SEARCH_LIMIT = 2_000_000;

/** Most (splits × n!) orders the slot-ratio check may face; branch and bound visits far fewer. */
const ORDER_SEARCH_LIMIT = 20_000_000;

/** The best makespan of the plan's model, or null when the plan is itself exact or the search would be too large. */
export function exactOptimum(problem: MakespanProblem, plan: MakespanPlan): ExactOptimum | null {
  const n = problem.jobs.length;
  switch (plan.algorithm) {
    case 'johnson':
    case 'uaas':
    case 'mkjr': {
      if (plan.model === 'pools' || plan.model === 'tasks' || n > EXACT_LIMITS[plan.model]) return null;
      const { map, reduce } = modelDurations(problem, plan.model, plan.mapSlots, plan.reduceSlots);
      return { makespan: optimalFlowShopOrder(map, reduce).makespan, method: `branch and bound over the ${n}! orders` };
    }
    case 'slot-ratio': {
      const splits = slotSplits(problem);
      if (n > EXACT_LIMITS['all-slots'] || splits.length * factorial(n) > ORDER_SEARCH_LIMIT) return null;
      let best = Infinity;
      for (const split of splits) {
        const { map, reduce } = modelDurations(problem, 'all-slots', split.mapSlots, split.reduceSlots);
        best = Math.min(best, optimalFlowShopOrder(map, reduce).makespan);
      }
      return { makespan: best, method: `branch and bound over the ${n}! orders of each of ${splits.length} splits` };
    }
    case 'balanced-pools': {
      const units = poolUnits(problem.cluster);
      if (n > 20 || 2 ** (n - 1) * units.count > POOL_SEARCH_LIMIT) return null;
      return {
        makespan: exhaustivePools(problem).makespan,
        method: `every split of the jobs into two pools, every pool size of ${units.count} units, and the whole cluster`,
      };
    }
    case 'optimal':
      return null;
  }
}

/** The best two-pool split over every partition of the jobs and every pool size, or the whole cluster if no split beats it. */
export function exhaustivePools(problem: MakespanProblem): { makespan: number; pool: readonly string[]; size: number } {
  const { jobs } = problem;
  const units = poolUnits(problem.cluster);
  const all = jobs.map((_, i) => i);
  const run = (members: number[], x: number) => poolRun(jobs, members, x * units.mapSlots, x * units.reduceSlots).makespan;
  let best = { makespan: run(all, units.count), pool: jobs.map((j) => j.id), size: units.count };
  // Job 0 always in the first pool: each unordered split once, both pool sizes tried.
  for (let mask = 1; mask < 2 ** (jobs.length - 1); mask++) {
    const a = [0];
    const b: number[] = [];
    for (let j = 1; j < jobs.length; j++) ((mask >> (j - 1)) & 1 ? b : a).push(j);
    for (let x = 1; x < units.count; x++) {
      const makespan = Math.max(run(a, x), run(b, units.count - x));
      if (makespan < best.makespan) best = { makespan, pool: a.map((j) => jobs[j].id), size: x };
    }
  }
  return best;
}


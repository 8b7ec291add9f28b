/**
 * `optimal`: the least makespan over every job order, found exactly, in a
 * chosen model, so that each heuristic's number can be set against the best
 * one of the same model (spec 1.8 asks for exact optima, not the paper's
 * cross-model comparisons).
 *
 * - Flow-shop models (`standalone`, `all-slots`): depth-first branch and
 *   bound over orders; a prefix with map end m and reduce end e, remaining
 *   jobs R, cannot end before max(e + Σ_R b, m + Σ_R a + min_R b). Johnson's
 *   rule is optimal here, so this checks it rather than improving on it.
 * - `tasks` (task-level.ts): every order is run; there Johnson's rule is not
 *   optimal, and this is the true best for indivisible tasks.
 *
 * Ties keep the first best order in lexicographic order of job indices.
 */
import { InputError } from '../../util/input-error.js';
import type { Durations } from './flow-shop.js';
import { flowShopPlan, type FlowShopModel, type MakespanPlan, type PlanModel } from './plan.js';
import { assertValidProblem, type MakespanProblem } from './problem.js';
import { spreadDurations, standaloneDurations, type JobDurations } from './stage-durations.js';
import { jobTasks, mapTaskCount, reduceTaskCount, taskLevelMakespan, taskLevelRun } from './task-level.js';

export type ExactModel = Exclude<PlanModel, 'pools'>;
export const EXACT_MODELS: readonly ExactModel[] = ['standalone', 'all-slots', 'tasks'];

/** Most jobs an exact search takes: n! orders at worst. */
export const EXACT_LIMITS: Readonly<Record<ExactModel, number>> = { standalone: 10, 'all-slots': 10, tasks: 8 };

/** Most task placements (orders × tasks) the task-level search makes. */
export const MAX_TASK_PLACEMENTS = 50_000_000;

/**
 * Most tasks of the run at task level the plan returns: it keeps every
 * task's times (one job of 3,669,547 map tasks took 3 GB and 25 s), so a
 * job asking for millions of slots is refused, not left to run out of memory.
 */
export const MAX_TASK_LEVEL_TASKS = 1_000_000;

/** Durations of a flow-shop model on the given slots. */
export function modelDurations(problem: MakespanProblem, model: FlowShopModel, mapSlots: number, reduceSlots: number): JobDurations {
  const durations = model === 'standalone' ? standaloneDurations : spreadDurations;
  return durations(problem.jobs, mapSlots, reduceSlots);
}

export function planOptimal(problem: MakespanProblem, model: ExactModel = 'tasks', source = 'makespan problem'): MakespanPlan {
  assertValidProblem(problem, source);
  const n = problem.jobs.length;
  if (n > EXACT_LIMITS[model]) {
    throw new InputError(source, [
      {
        path: 'jobs',
        expected: `at most ${EXACT_LIMITS[model]} jobs for an exact search in the ${model} model (it may try n! orders)`,
        found: `${n} jobs`,
      },
    ]);
  }
  const { mapSlots, reduceSlots } = problem.cluster;
  if (model !== 'tasks') {
    const durations = modelDurations(problem, model, mapSlots, reduceSlots);
    const { order } = optimalFlowShopOrder(durations.map, durations.reduce);
    return flowShopPlan('optimal', model, problem, durations, order, problem.cluster);
  }
  const total = problem.jobs.reduce((sum, job) => sum + mapTaskCount(job) + reduceTaskCount(job), 0);
  if (total > MAX_TASK_LEVEL_TASKS) {
    throw new InputError(source, [
      {
        path: 'jobs',
        expected: `at most ${MAX_TASK_LEVEL_TASKS.toLocaleString('en')} tasks for a plan at task level (the plan keeps every task's times)`,
        found: `${total.toLocaleString('en')} tasks`,
      },
    ]);
  }
  if (factorial(n) * total > MAX_TASK_PLACEMENTS) {
    throw new InputError(source, [
      {
        path: 'jobs',
        expected: `at most ${MAX_TASK_PLACEMENTS.toLocaleString('en')} task placements for an exact search at task level (${n}! orders × tasks)`,
        found: `${n} jobs with ${total.toLocaleString('en')} tasks`,
      },
    ]);
  }
  const tasks = problem.jobs.map(jobTasks);
  let best = { makespan: Infinity, order: [] as number[] };
  forEachOrder(n, (order) => {
    const makespan = taskLevelMakespan(tasks, order, mapSlots, reduceSlots);
    if (makespan < best.makespan) best = { makespan, order: [...order] };
  });
  const run = taskLevelRun(problem.jobs, best.order, mapSlots, reduceSlots);
  return {
    algorithm: 'optimal',
    model: 'tasks',
    order: best.order.map((j) => problem.jobs[j].id),
    makespan: run.makespan,
    mapSlots,
    reduceSlots,
    stages: run.stages,
    tasks: run.tasks,
  };
}

/** The least flow-shop makespan over every order, by branch and bound. */
export function optimalFlowShopOrder(map: Durations, reduce: Durations): { order: number[]; makespan: number } {
  const n = map.length;
  const used = new Uint8Array(n);
  const prefix: number[] = [];
  let best = { order: [] as number[], makespan: Infinity };
  let restMap = 0;
  let restReduce = 0;
  for (let j = 0; j < n; j++) {
    restMap += map[j];
    restReduce += reduce[j];
  }
  const visit = (mapEnd: number, reduceEnd: number, restMap: number, restReduce: number): void => {
    if (prefix.length === n) {
      if (reduceEnd < best.makespan) best = { order: [...prefix], makespan: reduceEnd };
      return;
    }
    let minReduce = Infinity;
    for (let j = 0; j < n; j++) if (!used[j] && reduce[j] < minReduce) minReduce = reduce[j];
    if (Math.max(reduceEnd + restReduce, mapEnd + restMap + minReduce) >= best.makespan) return;
    for (let j = 0; j < n; j++) {
      if (used[j]) continue;
      used[j] = 1;
      prefix.push(j);
      const m = mapEnd + map[j];
      visit(m, Math.max(reduceEnd, m) + reduce[j], restMap - map[j], restReduce - reduce[j]);
      prefix.pop();
      used[j] = 0;
    }
  };
  visit(0, 0, restMap, restReduce);
  return best;
}

/** Calls `visit` with every permutation of 0 … n−1, in lexicographic order (the array is reused). */
export function forEachOrder(n: number, visit: (order: readonly number[]) => void): void {
  const order: number[] = [];
  const used = new Uint8Array(n);
  const extend = (): void => {
    if (order.length === n) {
      visit(order);
      return;
    }
    for (let j = 0; j < n; j++) {
      if (used[j]) continue;
      used[j] = 1;
      order.push(j);
      extend();
      order.pop();
      used[j] = 0;
    }
  };
  extend();
}

export function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

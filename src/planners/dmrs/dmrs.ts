/**
 * DMRS, the Dependent MapReduce Scheduling algorithm of "On the Optimality
 * of Scheduling Dependent MapReduce Tasks on Heterogeneous Machines"
 * (Aggarwal, Xu, Lan, Subramaniam, Algorithm 1): solve LP-MapReduce, order
 * the jobs by their LP completion times C̄ (ascending, ties by index), and
 * list-schedule them in that order (list-schedule.ts, which says how we read
 * the paper's placement of reduces).
 *
 * Pure and synchronous given a loaded solver, so an online scheduler can
 * call it at every job arrival: `availableAt` says when each machine is free,
 * and `lpOptions.warmStart` passes the previous solve's cuts.
 */
import type { LinearSolver } from '../../solvers/linear-program.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { listSchedule } from './list-schedule.js';
import { solveLpMapReduce } from './lp-mapreduce.js';
import type { LpMethod, LpOptions, LpSolution } from './lp-solution.js';
import type { DmrsSchedule } from './schedule.js';
import { sortedByValue } from './separation-oracle.js';

export interface PlannerOptions {
  /** How the planner's LP is solved (default cuts). */
  readonly lp?: LpMethod;
  readonly lpOptions?: LpOptions;
  /** When each machine is free (default 0). */
  readonly availableAt?: ArrayLike<number>;
  /** Names the input in errors. */
  readonly source?: string;
}

export interface PlannedSchedule {
  /** Job indices in the order the planner took them. */
  readonly order: Int32Array;
  readonly schedule: DmrsSchedule;
  /** The LP the planner ordered by (on its own view of the instance), if it solves one. */
  readonly lp?: LpSolution;
}

export function planDmrs(solver: LinearSolver, instance: DmrsInstance, options: PlannerOptions = {}): PlannedSchedule {
  const lp = solveLpMapReduce(solver, instance, options.lp, options.lpOptions, options.source);
  const order = lpOrder(lp);
  return { order, schedule: listSchedule(instance, order, { availableAt: options.availableAt }), lp };
}

/** Job indices by C̄ ascending, ties by index. */
export function lpOrder(lp: LpSolution): Int32Array {
  return sortedByValue(lp.completions, lp.completions.length);
}

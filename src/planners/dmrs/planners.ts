/**
 * Every DMRS planner by name, and what `mrsched plan dmrs` reports of a
 * plan: the schedule with ids, Σ w_j C_j, the LP bound and the ratio to it,
 * the task skew D and Theorem 1's factor, and on request the optimum and the
 * gap to it. The planners are those of "On the Optimality of Scheduling
 * Dependent MapReduce Tasks on Heterogeneous Machines" (Aggarwal, Xu, Lan,
 * Subramaniam): DMRS and its three baselines, plus the exact optimum.
 */
import type { TaskKind } from '../../model/run-record.js';
import type { LinearSolver, SolveStatus } from '../../solvers/linear-program.js';
import { planDmrs, type PlannedSchedule } from './dmrs.js';
import { assertValidInstance, type DmrsInstance } from './dmrs-instance.js';
import { planFifo } from './fifo.js';
import { planIdenticalMachine } from './identical-machine.js';
import { solveLpMapReduce } from './lp-mapreduce.js';
import type { LpMethod, LpSolution, LpStatus } from './lp-solution.js';
import { planMapOnly } from './map-only.js';
import { optimalSchedule, type OptimalSchedule } from './optimal-schedule.js';
import type { DmrsSchedule } from './schedule.js';
import { sortedByValue } from './separation-oracle.js';
import { taskSkew, theoremBound } from './theorem-bound.js';

export const DMRS_ALGORITHMS = ['dmrs', 'identical', 'map-only', 'fifo', 'optimal'] as const;
export type DmrsAlgorithm = (typeof DMRS_ALGORITHMS)[number];

export interface DmrsPlanOptions {
  /** How the LP bound (and the LP of the planners that order by one) is solved; default cuts. */
  readonly lp?: LpMethod;
  /** Seconds of wall time each HiGHS solve may take (the MIP's, and each LP's); none by default. */
  readonly timeLimitSeconds?: number;
  /** Branch-and-bound nodes the optimum's MIP may take (`DEFAULT_MIP_NODE_LIMIT` when absent). */
  readonly nodeLimit?: number;
  /** Also find the optimum, for the gap (an instance within OPTIMAL_LIMITS only, else an InputError). */
  readonly withOptimum?: boolean;
  /** Names the input in errors. */
  readonly source?: string;
}

export interface DmrsTaskRun {
  readonly job: string;
  readonly kind: TaskKind;
  /** Index in the job's maps or reduces, as listed. */
  readonly task: number;
  readonly machine: string;
  readonly start: number;
  readonly end: number;
}

export interface DmrsPlan {
  readonly algorithm: DmrsAlgorithm;
  /** Σ w_j C_j; null when the optimal MIP found no schedule in time. */
  readonly objective: number | null;
  /** LP-MapReduce's optimum on the instance (or the best bound reached: see lpStatus). */
  readonly lpBound: number;
  readonly lpStatus: LpStatus;
  /** objective / lpBound (null when the bound is 0: every weight 0, or no work). */
  readonly ratio: number | null;
  /** The task-skewness product D (Infinity when no job has work). */
  readonly skew: number;
  /** Theorem 1's factor: DMRS's objective is at most this × lpBound. */
  readonly theoremBound: number;
  /** Job ids in the order the planner took them (optimal: by completion). */
  readonly order: readonly string[];
  readonly completions: Readonly<Record<string, number>>;
  /** Tasks in the order they were placed. */
  readonly schedule: readonly DmrsTaskRun[];
  /** The optimum, when asked for: its MIP status and objective (null if none found). */
  readonly optimum: { readonly status: SolveStatus; readonly objective: number | null } | null;
  /** objective / optimum − 1, when both are known and the optimum is > 0. */
  readonly gap: number | null;
}

export function planDmrsSchedule(solver: LinearSolver, instance: DmrsInstance, algorithm: DmrsAlgorithm, options: DmrsPlanOptions = {}): DmrsPlan {
  const source = options.source ?? 'DMRS instance';
  assertValidInstance(instance, source);
  const lpOptions = options.timeLimitSeconds === undefined ? {} : { timeLimitSeconds: options.timeLimitSeconds };
  const mipOptions = options.nodeLimit === undefined ? {} : { nodeLimit: options.nodeLimit };
  const plannerOptions = { lp: options.lp, lpOptions, source };
  let lp: LpSolution | undefined;
  let planned: PlannedSchedule | undefined;
  let optimal: OptimalSchedule | undefined;
  switch (algorithm) {
    case 'dmrs':
      planned = planDmrs(solver, instance, plannerOptions);
      lp = planned.lp;
      break;
    case 'identical':
      planned = planIdenticalMachine(solver, instance, plannerOptions);
      break;
    case 'map-only':
      planned = planMapOnly(solver, instance, plannerOptions);
      break;
    case 'fifo':
      planned = planFifo(instance);
      break;
    case 'optimal': {
      // DMRS's schedule bounds the optimum from above, which prunes the MIP's search.
      const known = planDmrs(solver, instance, plannerOptions).schedule.objective;
      optimal = optimalSchedule(solver, instance, { ...lpOptions, ...mipOptions, upperBound: known }, source);
      if (optimal.schedule !== undefined) planned = { order: sortedByValue(optimal.schedule.completions, instance.jobs.length), schedule: optimal.schedule };
      break;
    }
  }
  lp ??= solveLpMapReduce(solver, instance, options.lp, lpOptions, source);
  if (options.withOptimum === true) optimal ??= optimalSchedule(solver, instance, { ...lpOptions, ...mipOptions, upperBound: planned?.schedule.objective }, source);
  return planReport(instance, algorithm, lp, planned, optimal);
}

function planReport(instance: DmrsInstance, algorithm: DmrsAlgorithm, lp: LpSolution, planned: PlannedSchedule | undefined, optimal: OptimalSchedule | undefined): DmrsPlan {
  const { jobs, machines } = instance;
  const schedule: DmrsSchedule | undefined = planned?.schedule;
  const objective = schedule?.objective ?? null;
  const optimum = optimal === undefined ? null : { status: optimal.status, objective: optimal.schedule?.objective ?? null };
  const completions: Record<string, number> = {};
  if (schedule !== undefined) jobs.forEach((job, j) => (completions[job.id] = schedule.completions[j]));
  return {
    algorithm,
    objective,
    lpBound: lp.bound,
    lpStatus: lp.status,
    ratio: objective === null || !(lp.bound > 0) ? null : objective / lp.bound,
    skew: taskSkew(instance),
    theoremBound: theoremBound(instance),
    order: planned === undefined ? [] : Array.from(planned.order, (j) => jobs[j].id),
    completions,
    schedule: (schedule?.tasks ?? []).map((t) => ({ job: jobs[t.job].id, kind: t.kind, task: t.task, machine: machines[t.machine].id, start: t.start, end: t.end })),
    optimum,
    gap: objective === null || optimum === null || optimum.objective === null || !(optimum.objective > 0) ? null : objective / optimum.objective - 1,
  };
}

/**
 * What solving LP-MapReduce gives back, whichever way it is solved: a status
 * as a value, the bound, the LP completion times C̄ that order the jobs, and
 * (for cutting planes) the cuts, which a later solve on a changed set of jobs
 * can start from.
 */
import type { SolveStatus } from '../../solvers/linear-program.js';

/**
 * optimal: the LP optimum. timedout: stopped by a limit (HiGHS's time limit,
 * or the rounds of cutting planes); the bound is the best one reached, and
 * C̄ the last relaxation's point, which still orders the jobs. infeasible,
 * unbounded, error: HiGHS said so (LP-MapReduce is always feasible and
 * bounded, so these mean a solver failure). Stopped either way, the bound
 * and C̄ are those of the last relaxation solved (the bounds (7) alone if
 * none was).
 */
export type LpStatus = Exclude<SolveStatus, 'feasible'>;

export const LP_METHODS = ['cuts', 'compact', 'greedy'] as const;
export type LpMethod = (typeof LP_METHODS)[number];

/**
 * Cuts (2) found by one round of the oracle: for each length k in
 * `prefixes`, the set of the first k jobs of `jobs` (job ids, in the
 * oracle's order). Any set of jobs gives a valid cut, so a family stays valid
 * when jobs leave: the ones gone are dropped from it.
 */
export interface CutFamily {
  readonly jobs: readonly string[];
  readonly prefixes: readonly number[];
}

export interface LpSolution {
  readonly method: LpMethod;
  readonly status: LpStatus;
  /**
   * Σ w_j C̄_j: the LP optimum when optimal, else a lower bound on it (see
   * LpStatus). Always a lower bound on the optimal schedule's objective.
   */
  readonly bound: number;
  /** C̄_j, by job index. */
  readonly completions: Float64Array;
  /**
   * Cutting planes, to warm-start a later solve: at the optimum the cuts that
   * hold with equality (the LP with them alone has the same optimum);
   * stopped, every cut found. Empty for the compact LP and the greedy.
   */
  readonly cuts: readonly CutFamily[];
  /** LPs solved: cutting planes' rounds (0 when the bounds (7) alone are optimal), 1 for the compact LP, 0 for the greedy (no LP solver). */
  readonly rounds: number;
}

export interface LpOptions {
  /** Seconds each HiGHS solve may take. */
  readonly timeLimitSeconds?: number;
  /** Cutting planes: at most this many LPs (default 200). */
  readonly maxRounds?: number;
  /**
   * Cutting planes: the cuts of the first LP besides `warmStart`. `smith`
   * (the default): every prefix of Smith's order, w_j/p_j descending, the
   * LP's tight sets when no bound (7) binds. `none`: the bounds (7) alone, as
   * spec 2.4(a) starts.
   */
  readonly initialCuts?: 'smith' | 'none';
  /** Cutting planes: cuts to start from, such as a previous solve's `cuts`. */
  readonly warmStart?: readonly CutFamily[];
}

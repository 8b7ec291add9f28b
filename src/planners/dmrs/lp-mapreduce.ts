/**
 * LP-MapReduce of "On the Optimality of Scheduling Dependent MapReduce Tasks
 * on Heterogeneous Machines" (Aggarwal, Xu, Lan, Subramaniam, §III-A),
 *
 *   minimise Σ w_j C_j  subject to (2) for every set of jobs and (7) for every job,
 *
 * solved one of three ways: cutting planes with the paper's separation
 * oracle (the default; lp-cutting-planes.ts), the compact linear-ordering LP
 * (lp-compact.ts), or exactly by a greedy algorithm on the LP's
 * contrapolymatroid (lp-greedy.ts, no LP solver). All give the same optimum;
 * the tests hold them to 1e-6.
 * Its optimum is a lower bound on every schedule's Σ w_j C_j, and its C̄
 * orders the jobs for the list schedule.
 */
import { InputError } from '../../util/input-error.js';
import type { LinearSolver } from '../../solvers/linear-program.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { solveCompact } from './lp-compact.js';
import { solveByCuts } from './lp-cutting-planes.js';
import { solveGreedy } from './lp-greedy.js';
import type { LpMethod, LpOptions, LpSolution } from './lp-solution.js';

/** The compact LP has n(n−1)/2 variables: 300 jobs make 44,850, solved in seconds. */
export const COMPACT_MAX_JOBS = 300;

export function solveLpMapReduce(
  solver: LinearSolver,
  instance: DmrsInstance,
  method: LpMethod = 'cuts',
  options: LpOptions = {},
  source = 'DMRS instance',
): LpSolution {
  if (method === 'cuts') return solveByCuts(solver, instance, options);
  if (method === 'greedy') return solveGreedy(instance);
  if (instance.jobs.length > COMPACT_MAX_JOBS) {
    throw new InputError(source, [
      {
        path: 'jobs',
        expected: `at most ${COMPACT_MAX_JOBS} jobs for the compact LP (it has n(n−1)/2 variables; cutting planes take any number)`,
        found: `${instance.jobs.length} jobs`,
      },
    ]);
  }
  return solveCompact(solver, instance, options);
}

/**
 * LP-MapReduce of "On the Optimality of Scheduling Dependent MapReduce Tasks
 * on Heterogeneous Machines" (Aggarwal, Xu, Lan, Subramaniam, §III) as one
 * compact LP, with no separation: the 2ⁿ constraints (2) are replaced by
 * linear-ordering variables (spec 2.4(b)). With p_j = D_j/σ_M and x_ij ≥ 0
 * standing for "i before j", x_ij + x_ji = 1,
 *
 *   C_j ≥ p_j + Σ_{i≠j} p_i x_ij,   C_j ≥ (7).
 *
 * Summing the first rows over a set A gives (2) divided by σ_M, so every
 * solution satisfies (2); conversely Queyranne's polyhedron is the convex
 * hull of the completion vectors of single-machine orders plus ℝⁿ₊, each
 * attained with 0/1 x. So the projection onto C is exactly LP-MapReduce's
 * feasible set, and the optimum is the same. We keep one variable per pair
 * (x_ji = 1 − x_ij for i < j): n(n−1)/2 variables and n rows of n terms, so
 * this is for checking the cutting planes and for small n.
 *
 * Not in the paper, which only gives the ellipsoid method.
 */
import type { LinearModel, LinearSolver, LinearTerm, Variable } from '../../solvers/linear-program.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { largest, lpData, timeUnit, weightedSum } from './lp-data.js';
import type { LpOptions, LpSolution } from './lp-solution.js';

export function solveCompact(solver: LinearSolver, instance: DmrsInstance, options: Pick<LpOptions, 'timeLimitSeconds'> = {}): LpSolution {
  const data = lpData(instance);
  const n = data.weights.length;
  const unit = timeUnit(data.processing);
  const weightUnit = largest(data.weights) || 1;
  const p = Float64Array.from(data.processing, (v) => v / unit);
  const variables: Variable[] = Array.from(data.lowerBound, (lb) => ({ lower: lb / unit }));
  // pair[i][j] for i < j: the variable of x_ij.
  const pair = (i: number, j: number) => n + (i * (2 * n - i - 1)) / 2 + (j - i - 1);
  for (let k = 0; k < (n * (n - 1)) / 2; k++) variables.push({ upper: 1 });
  const constraints = Array.from({ length: n }, (_, j) => {
    // C_j − Σ_{i<j} p_i x_ij + Σ_{i>j} p_i x_ji ≥ p_j + Σ_{i>j} p_i   (x_ij = 1 − x_ji for i > j)
    const terms: LinearTerm[] = [{ variable: j, coefficient: 1 }];
    let constant = p[j];
    for (let i = 0; i < n; i++) {
      if (i === j || p[i] === 0) continue;
      if (i < j) terms.push({ variable: pair(i, j), coefficient: -p[i] });
      else {
        terms.push({ variable: pair(j, i), coefficient: p[i] });
        constant += p[i];
      }
    }
    return { terms, lower: constant };
  });
  const objective = Array.from(data.weights, (w, j): LinearTerm => ({ variable: j, coefficient: w / weightUnit })).filter((t) => t.coefficient !== 0);
  const model: LinearModel = { sense: 'minimize', objective, variables, constraints };
  const result = solver.solve(model, options.timeLimitSeconds === undefined ? {} : { timeLimitSeconds: options.timeLimitSeconds });
  const solved = result.status === 'optimal' && result.values !== undefined;
  // Stopped, the bounds (7) alone are the bound: a point of a stopped LP bounds nothing.
  const completions = solved ? Float64Array.from(data.lowerBound, (lb, j) => Math.max(lb, result.values![j] * unit)) : Float64Array.from(data.lowerBound);
  return {
    method: 'compact',
    status: result.status === 'feasible' ? 'timedout' : result.status,
    bound: weightedSum(data.weights, completions),
    completions,
    cuts: [],
    rounds: 1,
  };
}

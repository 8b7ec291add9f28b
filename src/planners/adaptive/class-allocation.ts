/**
 * The LP of Rasooli and Down, "An Adaptive Scheduling Algorithm for Dynamic
 * Heterogeneous Hadoop Systems" (CASCON 2011, §6, "Optimization approach"),
 * after Al-Azzoni and Down's LP allocation:
 *
 *   maximise λ  subject to  Σ_j μ_{i,j} δ_{i,j} ≥ λ α_i   for every class i
 *                           Σ_i δ_{i,j} ≤ 1              for every resource j
 *                           δ ≥ 0
 *
 * δ_{i,j} is the fraction of resource j given to class i; λ* is the largest
 * factor by which every arrival rate can grow with the system still stable
 * (1/λ* is the least possible maximum load of a resource). The suggested
 * classes of resource j are SC_j = {C_i : δ*_{i,j} > 0}.
 *
 * Where we differ from the paper, and why:
 * - The paper takes the δ* the solver returns. When the optimum is not unique
 *   (identical resources, a resource not needed at the optimum, …) its zero
 *   pattern depends on the vertex the solver stops at. We take the canonical
 *   one: the *largest* support of an optimal δ, the pairs (i, j) that some
 *   optimal allocation gives a share. It is a property of the set of optimal
 *   allocations, so it depends neither on the solver nor on the order of the
 *   classes and resources. It is found by LPs at λ fixed to λ* (the second
 *   stage): each maximises Σ min(size_{i,j}, cap) over the pairs not yet
 *   seen positive and adds those it makes positive; the stage ends when a
 *   round adds none. Every pair that can be positive is found, since a round
 *   that adds nothing has each such pair at its largest value, 0. The cap
 *   (1 / the pairs left) spreads a round over many pairs, so one or two
 *   rounds usually do. λ is fixed at λ* up to a relative 10⁻¹⁴ (λ* is
 *   rounded; 10⁻⁹ if HiGHS finds that too tight).
 * - A pair's size is the smaller of its share of the resource (δ_{i,j}) and,
 *   for a class with arrivals, its share of the class's work at λ*
 *   (μ_{i,j} δ_{i,j} / λ* α_i); both are free of the unit of time.
 *   "Positive" means a size above 10⁻⁶. The spec suggests 10⁻⁹, but HiGHS
 *   accepts rows violated by up to 10⁻⁷, and a pair whose share of a row's
 *   capacity is tiny can use that slack; a threshold above the solver's
 *   tolerance on both rows a pair is in keeps such pairs out. A class
 *   needing less than a millionth of a resource is not suggested there (and
 *   one that needs so little of every resource it runs on, nowhere: its jobs
 *   go through the fallback). The
 *   tests check the result against every pair's largest value over the
 *   optimal allocations, on problems whose rates span 10⁴ and arrival rates
 *   10³; far beyond that (a class needing 10⁻⁹ of a resource), pairs at the
 *   edge of the tolerance may be counted either way.
 * - Pairs with μ_{i,j} = 0 have no variable: a class that cannot run on a
 *   resource is never suggested there, even when the resource has capacity
 *   to spare.
 * - With one resource (a homogeneous cluster, to the adaptive scheduler) the
 *   optimum has a closed form, used instead of HiGHS.
 * - When λ* = 0 (a class with arrivals runs on no resource) every
 *   allocation is optimal: every class is suggested wherever it runs, and δ
 *   splits each resource equally among them.
 * - δ is reported as the mean of the second stage's allocations with the
 *   shares below the threshold set to 0: an optimal allocation (within
 *   those tolerances) whose support is the canonical one. Its values are not
 *   canonical when the optimum is not unique; only the support is.
 */
import type { Constraint, LinearModel, LinearSolver, LinearTerm, SolveStatus } from '../../solvers/linear-program.js';
import { assertValidClassProblem, type ClassProblem } from './class-problem.js';

/** A pair is positive above this share of its resource and (for a class with arrivals) of its class's work. */
export const SUPPORT_TOLERANCE = 1e-6;
/**
 * The second stage asks each class for 1 − slack of its work at λ*, since λ*
 * is rounded: first the smallest slack above rounding, then, if HiGHS finds
 * that face empty (λ* rounded up further, or coefficients so small HiGHS
 * drops them), a larger one. A larger slack lets a pair whose resource is
 * worth little at the optimum look positive, so it is the last resort.
 */
const FACE_SLACKS = [1e-14, 1e-9];

export interface ClassAllocation {
  /**
   * optimal, or why not: `unbounded` when no class has arrivals (any scale-up
   * is stable), `error` when HiGHS failed.
   */
  readonly status: SolveStatus;
  /** λ*; null unless optimal. */
  readonly lambda: number | null;
  /** δ[i][j], class i's share of resource j; null unless optimal. */
  readonly delta: readonly (readonly number[])[] | null;
  /** SC_j: for each resource, the indices of its suggested classes, ascending (all empty unless optimal). */
  readonly suggested: readonly (readonly number[])[];
}

/** A class and a resource it runs on: one variable. */
interface Pair {
  readonly cls: number;
  readonly resource: number;
  readonly rate: number;
}

/** λ*, a canonical δ and SC_j (throws an InputError for an invalid problem). */
export function allocateClasses(problem: ClassProblem, solver: LinearSolver): ClassAllocation {
  assertValidClassProblem(problem);
  if (!problem.classes.some((c) => c.arrivalRate > 0)) return unsolved(problem, 'unbounded');
  const pairs: Pair[] = problem.classes.flatMap((c, cls) => c.rates.flatMap((rate, resource) => (rate > 0 ? [{ cls, resource, rate }] : [])));
  if (problem.resources.length === 1) {
    const closed = oneResource(problem);
    if (closed !== null) return closed;
  }
  const scale = solver.solve(scaleModel(problem, pairs));
  if (scale.status !== 'optimal' || scale.objective === undefined) return unsolved(problem, scale.status);
  // λ ≥ 0 is a bound of the model; a rounded −0 or −10⁻¹⁸ is 0.
  const lambda = Math.max(0, scale.objective);
  const shares = lambda > 0 ? canonicalShares(problem, pairs, lambda, solver) : equalShares(problem, pairs);
  if (shares === null) return unsolved(problem, 'error');

  const delta = problem.classes.map(() => problem.resources.map(() => 0));
  const suggested: number[][] = problem.resources.map(() => []);
  pairs.forEach((pair, p) => {
    if (shares[p] === 0) return;
    delta[pair.cls][pair.resource] = shares[p];
    suggested[pair.resource].push(pair.cls);
  });
  return { status: 'optimal', lambda, delta, suggested };
}

/**
 * One resource and every class with arrivals able to run on it: no LP is
 * needed. Each class with arrivals needs δ_i = λ α_i / μ_i, so λ* = 1 /
 * Σ_i α_i / μ_i fills the resource exactly; that allocation is the only
 * optimal one, classes without arrivals get nothing, and a class is
 * suggested when its δ_i is above the tolerance, as the second stage would
 * find. (A class with arrivals that cannot run there makes λ* = 0: the LP's
 * path.) The test checks it against the LP on the same problem.
 */
function oneResource(problem: ClassProblem): ClassAllocation | null {
  const arriving = problem.classes.filter((c) => c.arrivalRate > 0);
  if (arriving.some((c) => c.rates[0] === 0)) return null;
  const lambda = 1 / arriving.reduce((load, c) => load + c.arrivalRate / c.rates[0], 0);
  const delta = problem.classes.map((c) => {
    const share = c.arrivalRate > 0 ? (lambda * c.arrivalRate) / c.rates[0] : 0;
    return [share > SUPPORT_TOLERANCE ? share : 0];
  });
  const suggested = [problem.classes.flatMap((_, i) => (delta[i][0] > 0 ? [i] : []))];
  return { status: 'optimal', lambda, delta, suggested };
}

function unsolved(problem: ClassProblem, status: SolveStatus): ClassAllocation {
  return { status, lambda: null, delta: null, suggested: problem.resources.map(() => []) };
}

/** Each pair's δ in an optimal allocation with the largest support (0 off it), at the first slack HiGHS can work with; null if none. */
function canonicalShares(problem: ClassProblem, pairs: readonly Pair[], lambda: number, solver: LinearSolver): Float64Array | null {
  for (const slack of FACE_SLACKS) {
    const shares = largestSupport(problem, pairs, lambda, slack, solver);
    if (shares !== null) return shares;
  }
  return null;
}

/** The second stage at λ*·(1 − slack); null if HiGHS fails a round. */
function largestSupport(problem: ClassProblem, pairs: readonly Pair[], lambda: number, slack: number, solver: LinearSolver): Float64Array | null {
  // The second stage's variable for a pair of a class with arrivals is the fraction of the class's work at λ*
  // done there; δ = that × λ* α_i / μ_{i,j}. For a class without arrivals it is δ itself.
  const share = pairs.map((pair) => {
    const arrival = problem.classes[pair.cls].arrivalRate;
    return arrival > 0 ? (lambda * arrival) / pair.rate : 1;
  });
  // A pair's size: the smaller of its share of the class's work (x) and of the resource (x × share); positive above the tolerance.
  const size = share.map((s) => Math.min(1, s));
  const positive = new Uint8Array(pairs.length);
  const sum = new Float64Array(pairs.length);
  let rounds = 0;
  for (;;) {
    const open = pairs.flatMap((_, p) => (positive[p] === 0 ? [p] : []));
    if (open.length === 0) break;
    const round = solver.solve(supportModel(problem, pairs, share, size, open, slack));
    if (round.status !== 'optimal' || round.values === undefined) return null;
    rounds++;
    let added = false;
    for (let p = 0; p < pairs.length; p++) {
      sum[p] += round.values[p];
      if (positive[p] === 0 && round.values[p] * size[p] > SUPPORT_TOLERANCE) {
        positive[p] = 1;
        added = true;
      }
    }
    if (!added) break;
  }
  return sum.map((total, p) => (positive[p] === 1 ? (total / rounds) * share[p] : 0));
}

/** λ* = 0: every allocation is optimal; each resource split equally among the classes that run on it. */
function equalShares(problem: ClassProblem, pairs: readonly Pair[]): Float64Array {
  const users = problem.resources.map((_, j) => pairs.filter((pair) => pair.resource === j).length);
  return Float64Array.from(pairs, (pair) => 1 / users[pair.resource]);
}

/**
 * The rows of both stages over one variable per pair: a class row for each
 * class with arrivals (Σ_j classCoefficient·x ≥ …, completed by `classRow`)
 * and Σ_i resourceCoefficient·x ≤ 1 for each resource. A class without
 * arrivals asks for nothing and has no row.
 */
function allocationRows(
  problem: ClassProblem,
  pairs: readonly Pair[],
  classCoefficient: (p: number) => number,
  resourceCoefficient: (p: number) => number,
  classRow: (terms: LinearTerm[]) => Constraint,
): Constraint[] {
  const byClass: LinearTerm[][] = problem.classes.map(() => []);
  const byResource: LinearTerm[][] = problem.resources.map(() => []);
  pairs.forEach((pair, p) => {
    byClass[pair.cls].push({ variable: p, coefficient: classCoefficient(p) });
    byResource[pair.resource].push({ variable: p, coefficient: resourceCoefficient(p) });
  });
  return [
    ...byClass.flatMap((terms, cls) => (problem.classes[cls].arrivalRate > 0 ? [classRow(terms)] : [])),
    ...byResource.filter((terms) => terms.length > 0).map((terms) => ({ terms, upper: 1 })),
  ];
}

/**
 * Stage 1 over δ and λ (the last variable): maximise λ. Class rows are
 * divided by α_i (Σ_j (μ_{i,j}/α_i) δ_{i,j} − λ ≥ 0), so they count in units
 * of λ whatever the unit of time, and HiGHS's absolute tolerances mean the
 * same for jobs per second and per hour.
 */
function scaleModel(problem: ClassProblem, pairs: readonly Pair[]): LinearModel {
  const lambda = pairs.length;
  return {
    sense: 'maximize',
    objective: [{ variable: lambda, coefficient: 1 }],
    variables: [...pairs.map(() => ({})), {}],
    constraints: allocationRows(
      problem,
      pairs,
      (p) => pairs[p].rate / problem.classes[pairs[p].cls].arrivalRate,
      () => 1,
      (terms) => ({ terms: [...terms, { variable: lambda, coefficient: -1 }], lower: 0 }),
    ),
  };
}

/**
 * A stage 2 round at λ*, over each pair's fraction x_p of its class's work
 * (δ for classes without arrivals; δ_p = share[p] × x_p): every class's work
 * done (Σ_j x ≥ 1), every resource within capacity; maximise
 * Σ min(size[p] × x_p, cap) over the open pairs (t_k ≤ size × x, t_k ≤ cap),
 * the sizes the positivity test reads.
 */
function supportModel(
  problem: ClassProblem,
  pairs: readonly Pair[],
  share: readonly number[],
  size: readonly number[],
  open: readonly number[],
  slack: number,
): LinearModel {
  const cap = 1 / open.length;
  const t = (k: number) => pairs.length + k;
  return {
    sense: 'maximize',
    objective: open.map((_, k) => ({ variable: t(k), coefficient: 1 })),
    variables: [...pairs.map(() => ({})), ...open.map(() => ({ upper: cap }))],
    constraints: [
      ...allocationRows(
        problem,
        pairs,
        () => 1,
        (p) => share[p],
        (terms) => ({ terms, lower: 1 - slack }),
      ),
      ...open.map((p, k) => ({
        terms: [
          { variable: t(k), coefficient: 1 },
          { variable: p, coefficient: -size[p] },
        ],
        upper: 0,
      })),
    ],
  };
}

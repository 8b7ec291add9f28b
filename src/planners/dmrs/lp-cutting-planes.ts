/**
 * LP-MapReduce of "On the Optimality of Scheduling Dependent MapReduce Tasks
 * on Heterogeneous Machines" (Aggarwal, Xu, Lan, Subramaniam, §III) solved
 * by cutting planes: solve the LP with the cuts known so far (HiGHS), ask
 * the separation oracle for the sets whose constraint (2) the point
 * violates, add every violated prefix of that round, and repeat until none
 * is left.
 *
 * Where we differ from the paper: it solves the LP by the ellipsoid method
 * with the same oracle, which proves polynomial time but is not practical.
 * Cutting planes reach the same optimum (spec 2.4(a)): every cut is a
 * constraint of the full LP, so each relaxation's optimum is a lower bound
 * on the full one; when the oracle finds nothing, the point satisfies all 2ⁿ
 * constraints, so it is optimal for the full LP. A cut, once added, holds at
 * every later point (to HiGHS's tolerance: one it leaves violated by that
 * much is not added again), and there are finitely many sets, so the loop
 * ends.
 *
 * Where we differ from spec 2.4(a): the first LP is not the bounds (7)
 * alone but also carries every prefix of Smith's order (w_j/p_j
 * descending), the tight sets of the LP when no bound (7) binds. On our
 * benchmark this turns a hundred rounds of growing LPs into one
 * (BENCHMARKS.md); `initialCuts: 'none'` starts as the spec does.
 *
 * How a round's cuts enter the LP: they are prefixes of one order, so they
 * share a chain of partial sums S_k = S_{k−1} + p_{π(k)} C_{π(k)}, one
 * variable and one three-term row per position, and each cut is the lower
 * bound S_k ≥ ½(p(A)² + Σ_A p_j²) on its S_k. A round adds O(n) nonzeros
 * instead of the O(n²) of writing each prefix out; the LP has the same
 * optimum in C. Times are divided by the largest p_j and weights by the
 * largest weight before HiGHS sees them, so its absolute tolerances mean the
 * same on every instance.
 */
import type { LinearModel, LinearSolver, LinearTerm, Variable } from '../../solvers/linear-program.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { largest, lpData, timeUnit, weightedSum, type LpData } from './lp-data.js';
import type { CutFamily, LpOptions, LpSolution, LpStatus } from './lp-solution.js';
import { separate } from './separation-oracle.js';

/** A prefix counts as violated above this fraction of its right-hand side. The bound it leaves is within the same fraction of the LP optimum. */
export const CUT_TOLERANCE = 1e-9;

const DEFAULT_MAX_ROUNDS = 200;

/** A family by job index: the order's first `length` jobs, and the prefix lengths that are cuts. */
interface IndexedFamily {
  readonly order: Int32Array;
  readonly prefixes: readonly number[];
}

export function solveByCuts(solver: LinearSolver, instance: DmrsInstance, options: LpOptions = {}): LpSolution {
  const data = lpData(instance);
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const families = warmStartFamilies(instance, options.warmStart ?? []);
  if ((options.initialCuts ?? 'smith') === 'smith' && instance.jobs.length > 0) families.push(smithFamily(data));
  // With no cuts the LP is min Σ w C over C ≥ (7): its optimum is (7) itself, no solve needed.
  let point: Float64Array = Float64Array.from(data.lowerBound);
  let rounds = 0;
  // A stopped solve keeps the previous point: its relaxation's optimum is the best bound reached.
  const solution = (status: LpStatus): LpSolution => ({
    method: 'cuts',
    status,
    bound: weightedSum(data.weights, point),
    completions: point,
    cuts: (status === 'optimal' ? tightCuts(families, point, data.processing) : families).map((family) => ({
      jobs: Array.from(family.order, (j) => instance.jobs[j].id),
      prefixes: family.prefixes,
    })),
    rounds,
  });
  const known = new Set(families.flatMap((family) => prefixKeys(family.order, family.prefixes)));
  for (;;) {
    if (families.length > 0) {
      if (rounds >= maxRounds) return solution('timedout');
      const solved = solveRelaxation(solver, data, families, options.timeLimitSeconds);
      rounds++;
      if (solved.status === 'feasible') return solution('timedout');
      if (solved.status !== 'optimal') return solution(solved.status);
      point = solved.completions;
    }
    const oracle = separate(point, data.processing, data.lowerBound, CUT_TOLERANCE);
    const keys = prefixKeys(oracle.order, oracle.violatedPrefixes);
    const fresh = oracle.violatedPrefixes.filter((_, k) => !known.has(keys[k]));
    if (fresh.length === 0) return solution('optimal');
    for (const key of keys) known.add(key);
    families.push({ order: oracle.order.slice(0, fresh[fresh.length - 1]), prefixes: fresh });
  }
}

/**
 * A key per prefix, naming its set of jobs whatever their order: two sums of
 * a pseudo-random 32-bit number per job (MurmurHash3's finaliser of the job
 * number and of the number with its bits mixed; the sums are exact in
 * doubles up to 2²¹ jobs). A hash linear in the job number would not do:
 * {1, 7} and {3, 5} would share their sums.
 */
function prefixKeys(order: Int32Array, prefixes: readonly number[]): string[] {
  const keys: string[] = [];
  let first = 0;
  let second = 0;
  let next = 0;
  for (let k = 0; k < order.length && next < prefixes.length; k++) {
    first += mix(order[k] + 1);
    second += mix((order[k] + 1) ^ 0x5bd1e995);
    if (k + 1 === prefixes[next]) {
      keys.push(`${first}:${second}`);
      next++;
    }
  }
  return keys;
}

/** MurmurHash3's 32-bit finaliser: a bijection that spreads every input bit over the output. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Cuts within this fraction of their right-hand side are tight: the LP solver's answers are exact to its tolerance only. */
const TIGHT = 1e-7;

/**
 * The cuts that hold with equality at the optimum, each family cut down to
 * them (families with none dropped). The LP with these cuts alone has the
 * same optimum (its duals are zero on the others), so they are what a warm
 * start needs, and they do not pile up over repeated solves.
 */
function tightCuts(families: readonly IndexedFamily[], point: Float64Array, processing: Float64Array): IndexedFamily[] {
  const tight: IndexedFamily[] = [];
  for (const family of families) {
    const cuts = new Set(family.prefixes);
    const kept: number[] = [];
    let sum = 0;
    let squares = 0;
    let weighted = 0;
    family.order.forEach((j, k) => {
      sum += processing[j];
      squares += processing[j] * processing[j];
      weighted += processing[j] * point[j];
      const rhs = (sum * sum + squares) / 2;
      if (cuts.has(k + 1) && weighted - rhs <= TIGHT * rhs) kept.push(k + 1);
    });
    if (kept.length > 0) tight.push({ order: family.order.slice(0, kept[kept.length - 1]), prefixes: kept });
  }
  return tight;
}

/**
 * Every prefix of Smith's order (w_j/p_j descending, ties by index). Without
 * the bounds (7) the LP's optimum is the completion vector of that order on
 * one machine of speed σ_M, and these are its tight cuts; with the bounds
 * they are a first guess that the oracle corrects.
 */
function smithFamily(data: LpData): IndexedFamily {
  const ratio = Float64Array.from(data.weights, (w, j) => (data.processing[j] > 0 ? w / data.processing[j] : 0));
  const order = Int32Array.from({ length: ratio.length }, (_, j) => j).sort((a, b) => ratio[b] - ratio[a] || a - b);
  return { order, prefixes: Array.from(order, (_, k) => k + 1) };
}

/**
 * The warm-start families on this instance's jobs: unknown ids (and an id
 * repeated in a family) dropped, each prefix cut down to the jobs that
 * remain in it. A cut on any set of jobs is valid, so this is.
 */
function warmStartFamilies(instance: DmrsInstance, warmStart: readonly CutFamily[]): IndexedFamily[] {
  const index = new Map(instance.jobs.map((job, j) => [job.id, j]));
  const families: IndexedFamily[] = [];
  for (const family of warmStart) {
    const order: number[] = [];
    const seen = new Set<number>();
    const kept = new Int32Array(family.jobs.length + 1);
    family.jobs.forEach((id, k) => {
      const j = index.get(id);
      if (j !== undefined && !seen.has(j)) {
        seen.add(j);
        order.push(j);
      }
      kept[k + 1] = order.length;
    });
    const prefixes = [...new Set(family.prefixes.map((k) => kept[Math.min(Math.max(0, k), family.jobs.length)]))].filter((k) => k > 0).sort((a, b) => a - b);
    if (prefixes.length > 0) families.push({ order: Int32Array.from(order.slice(0, largest(prefixes))), prefixes });
  }
  return families;
}

interface Relaxation {
  readonly status: 'optimal' | 'feasible' | 'timedout' | 'infeasible' | 'unbounded' | 'error';
  readonly completions: Float64Array;
}

/** The LP with the bounds (7) and the cuts of `families`, solved; completion times in the instance's units. */
function solveRelaxation(solver: LinearSolver, data: LpData, families: readonly IndexedFamily[], timeLimitSeconds: number | undefined): Relaxation {
  const n = data.weights.length;
  const unit = timeUnit(data.processing);
  const weightUnit = largest(data.weights) || 1;
  const p = Float64Array.from(data.processing, (v) => v / unit);
  const variables: Variable[] = Array.from(data.lowerBound, (lb) => ({ lower: lb / unit }));
  const objective: LinearTerm[] = Array.from(data.weights, (w, j) => ({ variable: j, coefficient: w / weightUnit })).filter((t) => t.coefficient !== 0);
  const constraints: { terms: LinearTerm[]; lower: number; upper: number }[] = [];
  for (const family of families) {
    const cuts = new Set(family.prefixes);
    let sum = 0;
    let squares = 0;
    let previous = -1;
    family.order.forEach((j, k) => {
      sum += p[j];
      squares += p[j] * p[j];
      const s = variables.length;
      variables.push({ lower: cuts.has(k + 1) ? (sum * sum + squares) / 2 : 0 });
      const terms: LinearTerm[] = [{ variable: s, coefficient: 1 }];
      if (previous >= 0) terms.push({ variable: previous, coefficient: -1 });
      if (p[j] !== 0) terms.push({ variable: j, coefficient: -p[j] });
      constraints.push({ terms, lower: 0, upper: 0 });
      previous = s;
    });
  }
  const model: LinearModel = { sense: 'minimize', objective, variables, constraints };
  const result = solver.solve(model, timeLimitSeconds === undefined ? {} : { timeLimitSeconds });
  const completions = new Float64Array(n);
  if (result.values !== undefined) for (let j = 0; j < n; j++) completions[j] = Math.max(data.lowerBound[j], result.values[j] * unit);
  return { status: result.status, completions };
}

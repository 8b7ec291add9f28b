/**
 * The per-job numbers of LP-MapReduce ("On the Optimality of Scheduling
 * Dependent MapReduce Tasks on Heterogeneous Machines", Aggarwal, Xu, Lan,
 * Subramaniam, §III-A): each job's total data D_j, its processing time p_j =
 * D_j / σ_M on the whole cluster, and its lower bound (7)
 *
 *   C_j ≥ r_j + max(a_{j,1}/s_1, A^M_j/σ_{κ^M_j}) + max(b_{j,1}/s_1, A^R_j/σ_{κ^R_j}),
 *
 * with s_1 the fastest speed, σ_k the total speed of the k fastest machines
 * and κ^M_j = min(p_j, M), κ^R_j = min(q_j, M) the most maps and reduces of
 * the job that can run at once. The paper's single cap "κ_j = maximum number
 * of concurrent map and reduce tasks" is read as one cap per phase (spec
 * 2.1): both are valid, this one is tighter.
 *
 * (7) is what remains of the paper's (3)–(6) once C^M_j is eliminated (it
 * appears nowhere else), so the LP needs only the completion times C_j.
 * Dividing (2) by σ_M turns it into Queyranne's single-machine inequality
 * with processing times p_j: Σ_A p_j C_j ≥ ½(p(A)² + Σ_A p_j²).
 */
import type { DmrsInstance } from './dmrs-instance.js';

export interface LpData {
  readonly weights: Float64Array;
  /** D_j = A^M_j + A^R_j. */
  readonly work: Float64Array;
  /** p_j = D_j / σ_M. */
  readonly processing: Float64Array;
  /** The bound (7) of each job. */
  readonly lowerBound: Float64Array;
  /** σ_M, the total speed. */
  readonly totalSpeed: number;
}

export function lpData(instance: DmrsInstance): LpData {
  const n = instance.jobs.length;
  const fastest = fastestFirst(instance);
  const totalSpeed = fastest[fastest.length - 1];
  const weights = new Float64Array(n);
  const work = new Float64Array(n);
  const processing = new Float64Array(n);
  const lowerBound = new Float64Array(n);
  instance.jobs.forEach((job, j) => {
    weights[j] = job.weight;
    work[j] = sum(job.maps) + sum(job.reduces);
    processing[j] = work[j] / totalSpeed;
    lowerBound[j] = job.release + phaseTime(job.maps, fastest) + phaseTime(job.reduces, fastest);
  });
  return { weights, work, processing, lowerBound, totalSpeed };
}

/** σ of each machine list seen, for an online caller solving the LP again and again on the same machines. */
const sigmaOf = new WeakMap<readonly object[], Float64Array>();

/**
 * σ_k for k = 1 … M: σ[k − 1] is the total speed of the k fastest machines.
 * The sum runs fastest first, as (7) reads it.
 */
function fastestFirst(instance: DmrsInstance): Float64Array {
  const known = sigmaOf.get(instance.machines);
  if (known !== undefined) return known;
  const speeds = Float64Array.from(instance.machines, (m) => m.speed).sort().reverse();
  for (let k = 1; k < speeds.length; k++) speeds[k] += speeds[k - 1];
  sigmaOf.set(instance.machines, speeds);
  return speeds;
}

/** The least time one phase of a job can take: its largest task on the fastest machine, or all its data at its highest total speed. */
function phaseTime(sizes: readonly number[], sigma: Float64Array): number {
  if (sizes.length === 0) return 0;
  const concurrency = Math.min(sizes.length, sigma.length);
  return Math.max(largest(sizes) / sigma[0], sum(sizes) / sigma[concurrency - 1]);
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** The largest value, 0 for none (a loop: spreading a million values into Math.max overflows the stack). */
export function largest(values: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  return max;
}

/** The largest p_j: the unit of time the LPs are solved in, so HiGHS's absolute tolerances mean the same on every instance (1 when every job is empty). */
export function timeUnit(processing: Float64Array): number {
  return largest(processing) || 1;
}

/** Σ w_j C_j. */
export function weightedSum(weights: Float64Array, values: Float64Array): number {
  let total = 0;
  for (let j = 0; j < weights.length; j++) total += weights[j] * values[j];
  return total;
}

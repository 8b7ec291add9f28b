/**
 * Algorithm 2 of "Assigning Tasks for Efficiency in Hadoop" (Fischer, Su,
 * Yin, SPAA 2010): for τ = 1 … m, α_τ ← max-cover(τ) (continuing the previous
 * flow), B_τ ← bal-assign(α_τ); return the B_τ with the smallest true maximum
 * load. Its maximum load is at most L^O + (1 − 1/(n−1))·w^O_rem (Theorem
 * 5.4), so it is exact for n = 2.
 *
 * Where we differ, and why: the paper's loop runs τ to m, O(m²n). The default
 * (`pruned`) visits τ in the same order with the same max-cover and
 * bal-assign, and stops as soon as no later τ can do strictly better:
 * - once max-cover covers all m tasks (τ = τ_max), the flow never changes
 *   again, so every later B_τ is B_τmax;
 * - for τ < τ_max some task is uncovered and all its replica servers hold τ
 *   local tasks, so L^{B_τ} ≥ τ·w_loc; and L^{B_τmax} ≥ τ_max·w_loc (with
 *   fewer local tasks per server the cover would already be full). So once
 *   τ·w_loc reaches the best load found, nothing after can beat it;
 * - once the best load equals the lower bound ⌈m/n⌉·w_loc, it is optimal.
 * The τ chosen is the first with the least load in both modes, so `pruned`
 * returns exactly the assignment `literal` does, after fewer rounds.
 */
import { BalAssigner } from './bal-assign.js';
import { serverTasks, type HtaInstance } from './hta-instance.js';
import { MaxCover } from './max-cover.js';
import type { AssignmentLoads } from './assignment-loads.js';
import { countLowerBound } from './lower-bounds.js';

export type FlowMode = 'pruned' | 'literal';

export interface FlowAssignment extends AssignmentLoads {
  /** Each task's server. */
  readonly assignment: Int32Array;
  /** The τ whose B_τ was chosen. */
  readonly tau: number;
  /** How many τ were tried. */
  readonly rounds: number;
  /** V^B of the chosen B_τ. */
  readonly virtualMaxLoad: number;
}

export function flowAssign(instance: HtaInstance, mode: FlowMode = 'pruned'): FlowAssignment {
  const m = instance.tasks.length;
  const cover = new MaxCover(instance);
  const bal = new BalAssigner(instance, serverTasks(instance));
  const alpha = new Int32Array(m);
  let bestAlpha = new Int32Array(m).fill(-1);
  let bestLoad = Infinity;
  let bestTau = 0;
  let rounds = 0;
  const lowerBound = countLowerBound(instance);
  for (let tau = 1; tau <= Math.max(m, 1); tau++) {
    if (mode === 'pruned' && tau * instance.wLoc >= bestLoad) break;
    const covered = cover.advance(tau);
    cover.localServers(alpha);
    rounds++;
    const result = bal.run(alpha);
    if (result.maxLoad < bestLoad) {
      bestLoad = result.maxLoad;
      bestTau = tau;
      bestAlpha = alpha.slice();
    }
    if (mode === 'pruned' && (covered === m || bestLoad <= lowerBound)) break;
  }
  const assignment = new Int32Array(m);
  const chosen = bal.run(bestAlpha, assignment);
  return { ...chosen, assignment, tau: bestTau, rounds };
}

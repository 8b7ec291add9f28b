/**
 * Algorithm 2 of "Assigning Tasks for Efficiency in Hadoop" (Fischer, Su,
 * Yin, SPAA 2010): for τ = 1 … m, α_τ ← max-cover(τ) (continuing the previous
 * flow), B_τ ← bal-assign(α_τ); return the B_τ with the smallest true maximum
 * load. Its maximum load is at most L^O + (1 − 1/(n−1))·w^O_rem (Theorem
 * 5.4), so it is exact for n = 2.
 *
 * Where we differ, and why: the paper's loop runs τ to m, O(m²n). The
 * default (`pruned`) never returns a larger maximum load than that loop
 * (`literal`), and skips the τ that cannot beat what it has found:
 * - once max-cover covers all m tasks (τ = τ_max), the flow never changes
 *   again, so every later B_τ is B_τmax;
 * - for τ < τ_max some task is uncovered and all its replica servers hold τ
 *   local tasks, so L^{B_τ} ≥ τ·w_loc, for any maximum flow; and
 *   L^{B_τmax} ≥ τ_max·w_loc (with fewer local tasks per server the cover
 *   would already be full). So no τ with τ·w_loc ≥ the best load found can
 *   do strictly better;
 * - a load equal to the lower bound ⌈m/n⌉·w_loc is optimal: stop.
 * To find a good load early, it first probes: a fresh max-cover straight at
 * τ = ⌈m/n⌉ (the least τ that can cover every task), then τ + 1, … while the
 * cover grows, each completed by bal-assign. On placements that balance (as
 * Hadoop's random placement does at scale) the probe reaches the lower bound
 * and the loop over small τ never runs. Otherwise the paper's loop runs from
 * τ = 1, with the same flows as `literal`, until pruning stops it; any B_τ it
 * skips has load at least the best found, so the result is never worse, and
 * equal to `literal` when the probe finds nothing better.
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
  /** How many (max-cover, bal-assign) rounds ran, probes included. */
  readonly rounds: number;
  /** V^B of the chosen B_τ. */
  readonly virtualMaxLoad: number;
}

export function flowAssign(instance: HtaInstance, mode: FlowMode = 'pruned'): FlowAssignment {
  const m = instance.tasks.length;
  const bal = new BalAssigner(instance, serverTasks(instance));
  const alpha = new Int32Array(m);
  const best = { load: Infinity, tau: 0, alpha: new Int32Array(m).fill(-1) };
  let rounds = 0;
  const lowerBound = countLowerBound(instance);
  const pruned = mode === 'pruned';
  /** Completes the cover's α with bal-assign and keeps it if strictly better; returns the tasks covered. */
  const round = (cover: MaxCover, tau: number): number => {
    const covered = cover.advance(tau);
    cover.localServers(alpha);
    rounds++;
    const load = bal.run(alpha).maxLoad;
    if (load < best.load) {
      best.load = load;
      best.tau = tau;
      best.alpha = alpha.slice();
    }
    return covered;
  };
  const skip = (tau: number): boolean => tau * instance.wLoc >= best.load || best.load <= lowerBound;
  if (pruned && m > 0) {
    const probe = new MaxCover(instance);
    for (let tau = Math.ceil(m / instance.servers.length); !skip(tau); tau++) if (round(probe, tau) === m) break;
  }
  // Built only when the loop runs: on balanced placements the probe has already reached the lower bound.
  let cover: MaxCover | undefined;
  for (let tau = 1; tau <= Math.max(m, 1); tau++) {
    if (pruned && skip(tau)) break;
    cover ??= new MaxCover(instance);
    if (round(cover, tau) === m && pruned) break;
  }
  const assignment = new Int32Array(m);
  const chosen = bal.run(best.alpha, assignment);
  return { ...chosen, assignment, tau: best.tau, rounds };
}

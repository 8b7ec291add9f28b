/**
 * The K-sequential-jobs problem of §III-A solved by brute force, to check the
 * threshold policy against: every job draws one of finitely many (share,
 * reducers) outcomes, and the optimum tries every subset of the free slots
 * for it (a dynamic programme over the sets of slots left).
 */
import { thresholdRanks } from '../thresholds.js';

/** One outcome of a job's demand: each of `reducers` reducers fetches `share`, with this probability. */
export interface DemandOutcome {
  readonly share: number;
  readonly reducers: number;
  readonly probability: number;
}

/** Decides the slots (a bit mask) job `job` takes from `free` (a bit mask), given its outcome. */
type Chooser = (job: number, free: number, outcome: DemandOutcome, future: (job: number, free: number) => number) => number;

/** min E[Σ_jobs share·Σ cost of its slots] over all policies, for `jobs` jobs on slots of `costs` (at most 16). */
export function optimalExpectedCost(costs: readonly number[], jobs: number, outcomes: readonly DemandOutcome[]): number {
  return expectedCost(costs, jobs, outcomes, (job, free, outcome, future) => {
    let best = -1;
    let bestCost = Infinity;
    // Every subset of the free slots with the right size.
    for (let set = free; set > 0; set = (set - 1) & free) {
      if (bitCount(set) !== outcome.reducers) continue;
      const cost = outcome.share * maskCost(costs, set) + future(job + 1, free & ~set);
      if (cost < bestCost) {
        bestCost = cost;
        best = set;
      }
    }
    return best;
  });
}

/** E[cost] when job n takes the slots of Theorem 1 with thresholds rows[n] (costs sorted ascending). */
export function thresholdPolicyCost(costs: readonly number[], jobs: number, outcomes: readonly DemandOutcome[], rows: readonly ArrayLike<number>[]): number {
  return expectedCost(costs, jobs, outcomes, (job, free, outcome) => {
    const freeSlots = costs.map((_, s) => s).filter((s) => (free >> s) & 1);
    const ranks = thresholdRanks(rows[job], { data: outcome.share * outcome.reducers, reducers: outcome.reducers }, freeSlots.length);
    return ranks.reduce((set, rank) => set | (1 << freeSlots[rank]), 0);
  });
}

function expectedCost(costs: readonly number[], jobs: number, outcomes: readonly DemandOutcome[], choose: Chooser): number {
  if (costs.length > 16) throw new RangeError('brute force over at most 16 slots');
  const memo = new Map<number, number>();
  const value = (job: number, free: number): number => {
    if (job === jobs) return 0;
    const key = job * 2 ** costs.length + free;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let total = 0;
    for (const outcome of outcomes) {
      const set = choose(job, free, outcome, value);
      total += outcome.probability * (outcome.share * maskCost(costs, set) + value(job + 1, free & ~set));
    }
    memo.set(key, total);
    return total;
  };
  return value(0, 2 ** costs.length - 1);
}

function maskCost(costs: readonly number[], set: number): number {
  return costs.reduce((sum, cost, s) => sum + ((set >> s) & 1 ? cost : 0), 0);
}

function bitCount(set: number): number {
  let count = 0;
  for (let s = set; s > 0; s &= s - 1) count++;
  return count;
}

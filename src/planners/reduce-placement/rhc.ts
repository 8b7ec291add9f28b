/**
 * The receding-horizon rule (Theorem 4 of "Improving ReduceTask Data
 * Locality for Sequential MapReduce Jobs", INFOCOM 2013, §IV): place the
 * arriving job as if exactly one more job, with as many reducers, will come
 * before anyone leaves, and will find this job still running with
 * probability p. Over the 2R cheapest free slots the expected cost of the
 * two jobs is linear in the split, so the optimum is an extreme: the job
 * takes the R cheapest when X ≥ R·p·E[X/R], otherwise ranks R+1 … 2R,
 * keeping the best block for a next job with more data per reducer.
 *
 * Where we differ from the paper, and why:
 * - Ranks are in the currently free slots sorted by cost (the paper numbers
 *   the slots 1, 2, … of a list it does not define once jobs hold slots).
 * - With fewer than 2R slots free the paper is silent; we fall back to the
 *   cheapest R (greedy): the rule's second block does not exist, and taking
 *   the most expensive R would reserve slots for a job that could not fit
 *   its R reducers beside them anyway.
 */
import { rankBlock, requireFreeSlots } from './rank-block.js';
import type { ReduceDemand } from './reduce-demand.js';

/** p = ρ/(1 + ρ), with ρ = N̄/(1 + N̄) from the M/M/1 mean E[N] = ρ/(1 − ρ): p = N̄/(2N̄ + 1). */
export function rhcProbability(meanJobsPresent: number): number {
  return meanJobsPresent / (2 * meanJobsPresent + 1);
}

/** Theorem 4: whether the job takes the cheapest R slots, X ≥ R·p·E[X/R]. */
export function rhcTakesCheapest(demand: ReduceDemand, probability: number, meanShare: number): boolean {
  return demand.data >= demand.reducers * probability * meanShare;
}

/** The ranks (0-based, in the free slots sorted by cost) the rule gives: 0 … R−1, or R … 2R−1 when at least 2R are free. */
export function rhcRanks(freeCount: number, demand: ReduceDemand, probability: number, meanShare: number): number[] {
  const { reducers } = demand;
  requireFreeSlots(freeCount, reducers);
  return rankBlock(rhcTakesCheapest(demand, probability, meanShare) || freeCount < 2 * reducers ? 0 : reducers, reducers);
}

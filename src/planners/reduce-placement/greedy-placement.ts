/**
 * Greedy placement, the paper's second baseline (§V-B of "Improving
 * ReduceTask Data Locality for Sequential MapReduce Jobs"): a job's R
 * reducers take the R cheapest free slots.
 */
import { rankBlock, requireFreeSlots } from './rank-block.js';

/** Ranks 0 … R−1 in the free slots sorted by cost. */
export function greedyRanks(freeCount: number, reducers: number): number[] {
  requireFreeSlots(freeCount, reducers);
  return rankBlock(0, reducers);
}

/**
 * Random placement, the paper's first baseline and Hadoop's behaviour as it
 * models it (§V-B of "Improving ReduceTask Data Locality for Sequential
 * MapReduce Jobs"): a job's R reducers take R free slots chosen uniformly,
 * blind to their costs.
 */
import type { Random } from '../../util/random.js';
import { requireFreeSlots } from './rank-block.js';

/**
 * R distinct ranks out of `freeCount`, every R-subset equally likely
 * (Floyd's algorithm: R draws, whatever the number of free slots), ascending.
 */
export function randomRanks(freeCount: number, reducers: number, random: Random): number[] {
  requireFreeSlots(freeCount, reducers);
  const chosen: number[] = [];
  for (let j = freeCount - reducers; j < freeCount; j++) {
    const t = random.int(0, j);
    chosen.push(chosen.includes(t) ? j : t);
  }
  return chosen.sort((a, b) => a - b);
}

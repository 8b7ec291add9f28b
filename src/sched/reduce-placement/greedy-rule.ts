/**
 * Greedy, the baseline of "Improving ReduceTask Data Locality for
 * Sequential MapReduce Jobs" (INFOCOM 2013, §V-B) that earlier work on
 * ReduceTask locality uses: a job's reduces take the cheapest free slots.
 * In the cluster, with p of the job's reduces pending, the offered slot is
 * picked when it is among the p cheapest free slots for the job (ranks
 * 0 … p−1, the planner's `greedyRanks`).
 */
import type { SlotRule } from './fetch-cost-placement.js';

export const greedyRule: SlotRule = {
  picks: (job, costs, node, view) => costs.slots.inBlock(node.index, view, 0, job.pendingReduces),
};

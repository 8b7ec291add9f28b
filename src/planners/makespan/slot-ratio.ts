/**
 * `slot-ratio`: for a fixed total of slots, the map/reduce split with the
 * least estimated makespan, and its job order. Seed 000's Theorem 4 (Tian et
 * al.) writes the estimate, after MK_JR (Tang, Lee, He, "Dynamic Job Ordering
 * and Slot Configurations for MapReduce Workloads", IEEE TSC 2016), as
 *
 *   C_max = (1/|S^R|) · max_k ( (1/ρ)·Σ_(i≤k) W^M_π(i) + Σ_(i≥k) W^R_π(i) ),  ρ = |S^M| / |S^R|,
 *
 * where W is a stage's work (every job spread over all slots). The order that
 * minimises it depends on the split, so each split gets its own Johnson
 * order (MK_JR's partition form), then the flow-shop makespan; the least
 * wins, the split with fewer map slots on ties. Cost O(s · n log n) for s
 * splits.
 *
 * The search over every integer split is reconstructed from Theorem 4 and the
 * TSC abstract (spec 1.4, [recon]); the TSC paper's own procedure was not
 * available. With `nodes` the splits are per node (s_M + s_R = slots per
 * node, Hadoop 1's per-TaskTracker setting), else over the cluster's total.
 */
import { InputError } from '../../util/input-error.js';
import { planMkjr } from './mkjr.js';
import type { MakespanPlan, SlotSplit } from './plan.js';
import { assertValidProblem, type MakespanProblem } from './problem.js';
import { spreadDurations } from './stage-durations.js';
import { flowShopMakespan } from './flow-shop.js';
import { johnsonOrder } from './johnson.js';

/** Every split of the cluster's slots slot-ratio considers, by map slots ascending. */
export function slotSplits(problem: MakespanProblem): { mapSlots: number; reduceSlots: number }[] {
  const { mapSlots, reduceSlots, nodes = 1 } = problem.cluster;
  const perNode = (mapSlots + reduceSlots) / nodes;
  return Array.from({ length: perNode - 1 }, (_, i) => ({ mapSlots: (i + 1) * nodes, reduceSlots: (perNode - i - 1) * nodes }));
}

/** Most splits slot-ratio tries. */
export const MAX_SPLITS = 100_000;

export function planSlotRatio(problem: MakespanProblem, source = 'makespan problem'): MakespanPlan {
  assertValidProblem(problem, source);
  const { mapSlots, reduceSlots, nodes = 1 } = problem.cluster;
  const perNode = (mapSlots + reduceSlots) / nodes;
  if (perNode - 1 > MAX_SPLITS) {
    throw new InputError(source, [
      {
        path: 'cluster',
        expected: `at most ${(MAX_SPLITS + 1).toLocaleString('en')} slots per node for slot-ratio, which tries every split (give cluster.nodes to split per node)`,
        found: `${perNode.toLocaleString('en')} slots${problem.cluster.nodes === undefined ? ' and no nodes' : ' per node'}`,
      },
    ]);
  }
  // Both counts are ≥ 1 and divisible by the nodes, so each node has at least two slots: one split at least.
  const splits: SlotSplit[] = slotSplits(problem).map((split) => {
    const { map, reduce } = spreadDurations(problem.jobs, split.mapSlots, split.reduceSlots);
    return { ...split, makespan: flowShopMakespan(map, reduce, johnsonOrder(map, reduce)) };
  });
  const best = splits.reduce((a, b) => (b.makespan < a.makespan ? b : a));
  return { ...planMkjr(problem, best, source), algorithm: 'slot-ratio', splits };
}

/**
 * The four reduce placements of "Improving ReduceTask Data Locality for
 * Sequential MapReduce Jobs" behind one interface, for whatever places jobs
 * one after another (the paper's queueing model here; a cluster's reduce
 * placement). A placement sees jobs arrive, then says, when a job claims its
 * reduce slots, which ranks it takes in the free slots sorted by cost.
 * Only the order of the costs matters to all four, so they are told how many
 * slots are free, not what they cost.
 */
import type { Random } from '../../util/random.js';
import type { ReduceDemand } from './reduce-demand.js';
import { greedyRanks } from './greedy-placement.js';
import { randomRanks } from './random-placement.js';
import { RhcEstimator } from './rhc-estimator.js';
import { thresholdRanks } from './thresholds.js';

export const REDUCE_PLACEMENTS = ['random', 'greedy', 'rhc', 'thresholds'] as const;
export type ReducePlacementName = (typeof REDUCE_PLACEMENTS)[number];

export interface ReducePlacementRule {
  readonly name: ReducePlacementName;
  /** A job arrives and finds `jobsPresent` jobs in the system, queued or in service (rhc learns from it). */
  arrive(jobsPresent: number, demand: ReduceDemand): void;
  /**
   * The ranks (0-based, distinct, ascending) in the `freeCount` free slots
   * sorted by cost that the job's reducers take; `inService` counts the jobs
   * holding slots, this one included (thresholds reads its row by it).
   */
  ranks(freeCount: number, demand: ReduceDemand, inService: number): number[];
}

/** What each placement needs beyond its name. */
export type ReducePlacementRuleSpec =
  | { readonly name: 'random'; readonly random: Random }
  | { readonly name: 'greedy' }
  | { readonly name: 'rhc'; readonly window?: number }
  /** `thresholds`: the rows q_{·,1} … q_{·,K} of reduceThresholds; a job that is the n-th in service uses row n. */
  | { readonly name: 'thresholds'; readonly thresholds: readonly ArrayLike<number>[] };

export function reducePlacementRule(spec: ReducePlacementRuleSpec): ReducePlacementRule {
  const ignore = () => {};
  switch (spec.name) {
    case 'random':
      return { name: 'random', arrive: ignore, ranks: (free, demand) => randomRanks(free, demand.reducers, spec.random) };
    case 'greedy':
      return { name: 'greedy', arrive: ignore, ranks: (free, demand) => greedyRanks(free, demand.reducers) };
    case 'rhc': {
      const estimator = new RhcEstimator(spec.window);
      return { name: 'rhc', arrive: (present, demand) => estimator.observe(present, demand), ranks: (free, demand) => estimator.ranks(free, demand) };
    }
    case 'thresholds': {
      const rows = spec.thresholds;
      return {
        name: 'thresholds',
        arrive: ignore,
        ranks(free, demand, inService) {
          if (inService < 1 || inService > rows.length) throw new RangeError(`job ${inService} in service, thresholds for K = ${rows.length}`);
          return thresholdRanks(rows[inService - 1], demand, free);
        },
      };
    }
  }
}

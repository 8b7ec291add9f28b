/**
 * The reduce placements of "Improving ReduceTask Data Locality for
 * Sequential MapReduce Jobs" (INFOCOM 2013) in the cluster: `random`,
 * `greedy` and `rhc`, each a `ReducePlacementFactory` any scheduler can take
 * (`fair+greedy`, `--reduce-placement rhc`). Each is a `FetchCostPlacement`
 * with its rule; the rules themselves are the planner's
 * (`src/planners/reduce-placement/`).
 *
 * The paper's fourth policy, the thresholds of Theorems 1–2, has no
 * placement here: docs/algorithms/reduce-placement.md says why.
 */
import type { PartSetup, ReducePlacementFactory } from '../types.js';
import { FetchCostModel } from './fetch-cost-model.js';
import { FetchCostPlacement, type SlotRule } from './fetch-cost-placement.js';
import { greedyRule } from './greedy-rule.js';
import { countsContention, FETCH_COST_OPTION_DESCRIPTIONS, fetchCostOptions, maxDelay, RHC_OPTION_DESCRIPTIONS, rhcOptions, type FetchCostOptions, type RhcOptions } from './options.js';
import { RandomRule } from './random-rule.js';
import { RhcRule } from './rhc-rule.js';

export { FetchCostPlacement, type SlotRule } from './fetch-cost-placement.js';
export { JobFetchCosts } from './job-fetch-costs.js';
export { FreeSlotOrder, type FreeSlotView } from './free-slot-order.js';

const SOURCE = '"Improving ReduceTask Data Locality for Sequential MapReduce Jobs", INFOCOM 2013';

function placement({ cluster, settings, options }: PartSetup<FetchCostOptions>, rule: SlotRule): FetchCostPlacement {
  const model = new FetchCostModel(cluster, options.weighting, countsContention(options, settings));
  return new FetchCostPlacement(rule, model, maxDelay(options, settings), options.tolerance, cluster.nodes.length);
}

export const randomReducePlacement: ReducePlacementFactory<FetchCostOptions> = {
  kind: 'reduce-placement',
  name: 'random',
  summary: "A reduce waits for a free slot drawn uniformly, blind to fetch cost (the paper's model of Hadoop).",
  source: SOURCE,
  options: fetchCostOptions,
  optionDescriptions: FETCH_COST_OPTION_DESCRIPTIONS,
  create: (setup) => placement(setup, new RandomRule(setup.random('reduce-placement/random'))),
};

export const greedyReducePlacement: ReducePlacementFactory<FetchCostOptions> = {
  kind: 'reduce-placement',
  name: 'greedy',
  summary: 'A reduce waits for one of the cheapest free slots by expected fetch cost (bytes × hops from its map output; on a shared network, each link weighed by the fetches already on it).',
  source: SOURCE,
  options: fetchCostOptions,
  optionDescriptions: FETCH_COST_OPTION_DESCRIPTIONS,
  create: (setup) => placement(setup, greedyRule),
};

export const rhcReducePlacement: ReducePlacementFactory<RhcOptions> = {
  kind: 'reduce-placement',
  name: 'rhc',
  summary: 'Receding-horizon control: the cheapest free slots, or the next block when a job has little data per reduce.',
  source: SOURCE,
  options: rhcOptions,
  optionDescriptions: RHC_OPTION_DESCRIPTIONS,
  create: (setup) => placement(setup, new RhcRule(setup.options.window)),
};

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
import { randomStream } from '../../util/random-streams.js';
import type { Scenario } from '../../model/scenario.js';
import type { ReducePlacementFactory } from '../types.js';
import { FetchCostModel } from './fetch-cost-model.js';
import { FetchCostPlacement, type SlotRule } from './fetch-cost-placement.js';
import { greedyRule } from './greedy-rule.js';
import { fetchCostOptions, rhcOptions, type FetchCostOptions } from './options.js';
import { RandomRule } from './random-rule.js';
import { RhcRule } from './rhc-rule.js';

export { FetchCostPlacement, type SlotRule } from './fetch-cost-placement.js';
export { JobFetchCosts } from './job-fetch-costs.js';
export { FreeSlotOrder, type FreeSlotView } from './free-slot-order.js';

const SOURCE = '"Improving ReduceTask Data Locality for Sequential MapReduce Jobs", INFOCOM 2013';


function placement(scenario: Scenario, options: FetchCostOptions, rule: SlotRule): FetchCostPlacement {
  const { cluster, jobs } = scenario;
  return new FetchCostPlacement(rule, new FetchCostModel(cluster, options.weighting), options.maxDelay, options.tolerance, jobs.length, cluster.nodes.length);
}

export const randomReducePlacement: ReducePlacementFactory = {
  kind: 'reduce-placement',
  name: 'random',
  summary: "A reduce waits for a free slot drawn uniformly, blind to fetch cost (the paper's model of Hadoop).",
  source: SOURCE,
  create(scenario) {
    const options = fetchCostOptions(scenario, 'random');
    return placement(scenario, options, new RandomRule(randomStream(scenario.settings.seed, 'reduce-placement/random'), scenario.jobs.length));
  },
};

export const greedyReducePlacement: ReducePlacementFactory = {
  kind: 'reduce-placement',
  name: 'greedy',
  summary: 'A reduce waits for one of the cheapest free slots by expected fetch cost (bytes × hops from its map output).',
  source: SOURCE,
  create(scenario) {
    return placement(scenario, fetchCostOptions(scenario, 'greedy'), greedyRule);
  },
};

export const rhcReducePlacement: ReducePlacementFactory = {
  kind: 'reduce-placement',
  name: 'rhc',
  summary: 'Receding-horizon control: the cheapest free slots, or the next block when a job has little data per reduce.',
  source: SOURCE,
  create(scenario) {
    const options = rhcOptions(scenario, 'rhc');
    return placement(scenario, options, new RhcRule(options.window, scenario.jobs.length));
  },
};

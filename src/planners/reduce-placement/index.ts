/**
 * ReduceTask placement (seed 003, "Improving ReduceTask Data Locality for
 * Sequential MapReduce Jobs"): fetch costs on a network tree, the random,
 * greedy, receding-horizon and threshold placements as pure functions, and
 * the paper's queueing model to compare them in.
 */
export { rootedTree, type TopologyTree, type TreeLinks } from './topology-tree.js';
export { accumulatedDistance, accumulatedHopDistance, newDistanceWork, HOP_SUMS, type DistanceWork, type HopSum } from './accumulated-distance.js';
export { bandwidthWeights, LINK_WEIGHTINGS, type LinkWeighting } from './link-weights.js';
export { clusterTopology, nodeHopDistances, reduceSlotCosts, type ClusterWeighting, type ReduceSlotCosts } from './cluster-topology.js';
export { parseTreeText, checkTreeFile, isTreeDocument, treeFileTopology, treeFileWeighting, treeFileSchema, TREE_LIMITS, type TreeFile } from './tree-file.js';
export type { ReduceDemand } from './reduce-demand.js';
export { discreteShare, uniformShare, type ShareDistribution } from './share-distribution.js';
export { independentShareLaw, splitDataLaw, type DemandLaw, type ReducerCount } from './demand-law.js';
export { reduceThresholds, thresholdRanks, thresholdCount, MAX_THRESHOLD_VALUES } from './thresholds.js';
export { parseThresholdText, checkThresholdFile, thresholdFileSchema, THRESHOLD_FILE_LIMITS, type ThresholdInstance } from './threshold-file.js';
export { greedyRanks } from './greedy-placement.js';
export { randomRanks } from './random-placement.js';
export { rhcProbability, rhcTakesCheapest, rhcRanks } from './rhc.js';
export { RhcEstimator, DEFAULT_RHC_WINDOW } from './rhc-estimator.js';
export { reducePlacementRule, REDUCE_PLACEMENTS, type ReducePlacementRule, type ReducePlacementName, type ReducePlacementRuleSpec } from './placement-rule.js';
export { FreeSlotRanks } from './free-slot-ranks.js';
export { queueTrajectory, arrivalRate, modelDemandLaw, PAPER_MODEL, ARRIVE, ENTER, LEAVE, type QueueingModel, type ModelReading, type Trajectory } from './queueing-model.js';
export { replayPlacement } from './placement-replay.js';

export { runScenario, type RunResult, type RunScenarioOptions } from './run-scenario.js';
export {
  compare,
  type CompareOptions,
  type Comparison,
  type SchedulerComparison,
  type ScenarioSource,
} from './compare.js';
export {
  reducePlacementExperiment,
  defaultMaxInService,
  type ReducePlacementExperimentOptions,
  type ReducePlacementExperiment,
  type LoadResult,
  type PlacementResult,
} from './reduce-placement.js';

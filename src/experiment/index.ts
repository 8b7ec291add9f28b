export { runScenario, type RunResult, type RunScenarioOptions } from './run-scenario.js';
export { isBatch, suitedSchedulers } from './suited-schedulers.js';
export {
  compare,
  comparisonOfRun,
  type CompareOptions,
  type Comparison,
  type SchedulerComparison,
  type ScenarioSource,
} from './compare.js';
export {
  checkSchedulerConformance,
  type ConformanceFailure,
  type ConformanceOptions,
  type ConformanceReport,
} from './conformance.js';
export {
  reducePlacementExperiment,
  defaultMaxInService,
  type ReducePlacementExperimentOptions,
  type ReducePlacementExperiment,
  type LoadResult,
  type PlacementResult,
} from './reduce-placement.js';

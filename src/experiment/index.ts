export { runScenario, type RunResult, type RunScenarioOptions } from './run-scenario.js';
export {
  compare,
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

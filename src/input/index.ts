export {
  scenarioFileSchema,
  scenarioJsonSchema,
  type ScenarioFile,
  type ParsedScenarioFile,
} from './scenario-file.js';
export type { Distribution } from './quantity-schemas.js';
export { ReplicaPlacer } from './replica-placement.js';
export { resolveScenario } from './resolve-scenario.js';
export { formatPath } from './problem-path.js';
export { ROOT_SWITCH } from './resolve-switches.js';
export { SCENARIO_LIMITS } from './size-limits.js';
export {
  loadScenario,
  parseScenarioText,
  readScenarioText,
  readScenarioFile,
  DEFAULT_SCENARIO_PATH,
  type LoadOptions,
  type ScenarioText,
} from './load-scenario.js';
export { TRACE_FORMATS } from './scenario-file.js';
export type { TraceReference } from './trace-merge.js';
export { runHistory, type NamedText } from './run-history.js';

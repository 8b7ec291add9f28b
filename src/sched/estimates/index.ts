export { ESTIMATE_SOURCES, ESTIMATES_EXPECTED, estimatesOption, type EstimateSetup, type EstimateSource, type TaskEstimates } from './task-estimates.js';
export { taskEstimates } from './create-estimates.js';

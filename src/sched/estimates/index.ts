export { ESTIMATE_SOURCES, ESTIMATES_EXPECTED, estimatesOption, taskEstimates, type EstimateSetup, type EstimateSource, type TaskEstimates } from './task-estimates.js';

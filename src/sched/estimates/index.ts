export { ESTIMATE_SOURCES, ESTIMATES_EXPECTED, estimatesOption, taskEstimates, type EstimateSource, type TaskEstimates } from './task-estimates.js';

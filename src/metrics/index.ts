export { computeMetrics, METRICS } from './run-metrics.js';
export type { MetricDefinition, MetricKey, MetricUnit, RunMetrics } from './run-metrics.js';
export { replicationInterval, summarizeReplications } from './replications.js';
export { pairedBySeed, pairedDifference, type SeededValues } from './paired-difference.js';
export type { ReplicationSummary } from './replications.js';
export {
  confidenceInterval95,
  mean,
  median,
  quantileNearestRank,
  sampleStdDev,
  studentT975,
} from './statistics.js';
export type { ConfidenceInterval } from './statistics.js';
export { makespan, runSpan } from './span.js';
export { measureRun, type MeasuredRun, type MetricsOverTime } from './metrics-over-time.js';
export type { Span } from './span.js';
export { jobLowerBound } from './slowdown.js';
export { jobWait } from './job-wait.js';
export { replayErrors, type ReplayErrors, type JobReplayError, type TaskReplayError, type AbsoluteSummary } from './replay-errors.js';

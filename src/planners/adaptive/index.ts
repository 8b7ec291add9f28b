export type { JobTypeEstimate, RateProfile, WorkloadEstimate } from './job-type.js';
export { EXACT_TOLERANCE } from './exact-grouping.js';
export { KMEANS_SPREAD_TOLERANCE, type KMeansOptions } from './kmeans-grouping.js';
export {
  classifyJobTypes,
  classifyWorkload,
  EXACT_CLASSIFICATION,
  type Classification,
  type ClassificationMethod,
  type ClassificationScope,
  type JobClass,
} from './job-classes.js';
export { ESTIMATE_TOLERANCE, estimatesMoved } from './estimates-moved.js';
export { assertValidClassProblem, classProblemErrors, type ClassProblem } from './class-problem.js';
export { allocateClasses, SUPPORT_TOLERANCE, type ClassAllocation } from './class-allocation.js';
export { CLASS_FILE_LIMITS, parseClassFileText } from './class-file.js';
export { fairnessOrder, minShareOrder, type UserStanding } from './user-ranking.js';

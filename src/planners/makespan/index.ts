/** Makespan planners for a batch of MapReduce jobs (seed 000: UAAS, MK_JR, BalancedPools, slot ratio), as pure functions. */
export type { MakespanCluster, MakespanJob, MakespanProblem } from './problem.js';
export { assertValidProblem, problemErrors } from './problem.js';
export { parseMakespanText, checkMakespanFile, makespanFileSchema, type MakespanFile } from './input-file.js';
export {
  MAKESPAN_ALGORITHMS,
  PLAN_MODELS,
  MODEL_DESCRIPTIONS,
  type MakespanAlgorithm,
  type PlanModel,
  type MakespanPlan,
  type StageTimes,
  type PoolPlan,
  type SlotSplit,
  type TaskRun,
} from './plan.js';
export { flowShopMakespan, closedFormMakespan, flowShopTimeline, type ClosedForm, type Durations, type StageTimeline } from './flow-shop.js';
export { johnsonOrder, uaasOrder } from './johnson.js';
export { stageWork, spreadDuration, standaloneDuration, listScheduleLength, standaloneDurations, spreadDurations } from './stage-durations.js';
export { planJohnson } from './johnson-plan.js';
export { planUaas } from './uaas.js';
export { planMkjr } from './mkjr.js';
export { planBalancedPools, poolUnits } from './balanced-pools.js';
export { planSlotRatio, slotSplits } from './slot-ratio.js';
export { planOptimal, optimalFlowShopOrder, EXACT_MODELS, EXACT_LIMITS, type ExactModel } from './optimal.js';
export { taskLevelRun, type TaskLevelRun } from './task-level.js';
export { exactOptimum, exhaustivePools, type ExactOptimum } from './exact-check.js';
export { planMakespan, type PlanOptions } from './planners.js';

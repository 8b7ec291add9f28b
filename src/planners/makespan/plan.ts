/**
 * What a makespan planner returns: the job order, the makespan, and the
 * stage schedule, always labelled with the model the numbers come from. Seed
 * 000 compares numbers from different models (spec 1.8); here every plan
 * says which one it used, and planners in different models are not compared
 * without saying so.
 */
import { closedFormMakespan, flowShopTimeline, type ClosedForm, type StageTimeline } from './flow-shop.js';
import type { MakespanJob, MakespanProblem } from './problem.js';
import type { JobDurations } from './stage-durations.js';

export const MAKESPAN_ALGORITHMS = ['johnson', 'uaas', 'mkjr', 'balanced-pools', 'slot-ratio', 'optimal'] as const;
export type MakespanAlgorithm = (typeof MAKESPAN_ALGORITHMS)[number];

export const PLAN_MODELS = ['standalone', 'all-slots', 'pools', 'tasks'] as const;
export type PlanModel = (typeof PLAN_MODELS)[number];

/** One sentence per model, for output and docs. */
export const MODEL_DESCRIPTIONS: Readonly<Record<PlanModel, string>> = {
  standalone:
    'two-stage flow shop on standalone durations: each stage as measured with the slots the job requested ' +
    '(slowed in proportion, or by task waves, when the cluster has fewer); map stages one job at a time, then reduce stages',
  'all-slots':
    "two-stage flow shop on divisible work: each stage's work spread over every slot of the cluster " +
    "(UAAS's re-split, and the work ÷ slots estimate Tian et al. attribute to MK_JR)",
  pools: 'two pools of the cluster, each a two-stage flow shop on standalone durations within the pool',
  tasks:
    "task level: the jobs' own tasks, first come first served in the order, each task on the slot that frees first; " +
    "a job's reduces start once all its maps are done",
};

/** Where one job's stages run. */
export interface StageTimes {
  readonly job: string;
  readonly mapStart: number;
  readonly mapEnd: number;
  readonly reduceStart: number;
  readonly reduceEnd: number;
  /** Slots the stage runs on (at most at once, at task level). */
  readonly mapSlots: number;
  readonly reduceSlots: number;
  /** Index into `pools`, for BalancedPools. */
  readonly pool?: number;
}

/** One of BalancedPools' pools. */
export interface PoolPlan {
  /** Job ids in the pool's Johnson order. */
  readonly jobs: readonly string[];
  readonly mapSlots: number;
  readonly reduceSlots: number;
  readonly makespan: number;
}

/** One map/reduce split slot-ratio evaluated. */
export interface SlotSplit {
  readonly mapSlots: number;
  readonly reduceSlots: number;
  readonly makespan: number;
}

/** One task at task level. */
export interface TaskRun {
  readonly job: string;
  readonly kind: 'map' | 'reduce';
  /** Index among the job's tasks of its kind. */
  readonly task: number;
  /** Slot number among the cluster's slots of the kind, from 0. */
  readonly slot: number;
  readonly start: number;
  readonly end: number;
}

export interface MakespanPlan {
  readonly algorithm: MakespanAlgorithm;
  readonly model: PlanModel;
  /** Job ids in the order the jobs run (for pools: the first pool's order, then the second's). */
  readonly order: readonly string[];
  readonly makespan: number;
  /** The cluster configuration planned for (slot-ratio: the split it chose). */
  readonly mapSlots: number;
  readonly reduceSlots: number;
  /** One entry per job, in `order`. */
  readonly stages: readonly StageTimes[];
  /** Flow-shop plans: the makespan by the closed form, which must agree with the recurrence's. */
  readonly closedForm?: ClosedForm;
  /** BalancedPools: the pools (one when keeping the whole cluster was best). */
  readonly pools?: readonly PoolPlan[];
  /** BalancedPools: the Johnson makespan on the whole cluster, which a split must beat. */
  readonly unsplitMakespan?: number;
  /** slot-ratio: every split evaluated, by map slots. */
  readonly splits?: readonly SlotSplit[];
  /** Task level: every task. */
  readonly tasks?: readonly TaskRun[];
}

/** The models whose plans are one two-stage flow shop. */
export type FlowShopModel = 'standalone' | 'all-slots';

/**
 * Stage times of jobs run in `order` (indices into `jobs`) on a flow-shop
 * timeline. Standalone, a stage runs on at most the slots its job requested;
 * spread over all slots, on every slot.
 */
export function flowShopStages(
  jobs: readonly MakespanJob[],
  timeline: StageTimeline,
  order: readonly number[],
  model: FlowShopModel,
  slots: { readonly mapSlots: number; readonly reduceSlots: number },
  pool?: number,
): StageTimes[] {
  return order.map((j, k): StageTimes => {
    const stage = {
      job: jobs[j].id,
      mapStart: timeline.mapStart[k],
      mapEnd: timeline.mapEnd[k],
      reduceStart: timeline.reduceStart[k],
      reduceEnd: timeline.reduceEnd[k],
      mapSlots: model === 'standalone' ? Math.min(jobs[j].mapSlots, slots.mapSlots) : slots.mapSlots,
      reduceSlots: model === 'standalone' ? Math.min(jobs[j].reduceSlots, slots.reduceSlots) : slots.reduceSlots,
    };
    return pool === undefined ? stage : { ...stage, pool };
  });
}

/**
 * A plan of jobs run in `order` as one flow shop on the whole cluster. Its
 * `stages` are built from the timeline when first read: for a million jobs
 * they are most of the plan's cost (boxed numbers), and a caller that wants
 * only the order and the makespan need not pay for them.
 */
export function flowShopPlan(
  algorithm: MakespanAlgorithm,
  model: FlowShopModel,
  problem: MakespanProblem,
  durations: JobDurations,
  order: readonly number[],
  slots: { readonly mapSlots: number; readonly reduceSlots: number },
): MakespanPlan {
  const { jobs } = problem;
  const { map, reduce } = durations;
  const timeline = flowShopTimeline(map, reduce, order);
  let stages: StageTimes[] | undefined;
  return {
    algorithm,
    model,
    order: order.map((j) => jobs[j].id),
    makespan: order.length === 0 ? 0 : timeline.reduceEnd[order.length - 1],
    mapSlots: slots.mapSlots,
    reduceSlots: slots.reduceSlots,
    get stages() {
      return (stages ??= flowShopStages(jobs, timeline, order, model, slots));
    },
    closedForm: closedFormMakespan(map, reduce, order),
  };
}

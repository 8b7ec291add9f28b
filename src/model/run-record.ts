/**
 * What a run leaves behind: one row per task attempt (columnar, for runs of
 * millions of attempts) and one record per job. Metrics and reports are pure
 * functions of these.
 */
import type { Scenario } from './scenario.js';

export const TASK_KINDS = ['map', 'reduce'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const KIND_MAP = 0;
export const KIND_REDUCE = 1;

export const ATTEMPT_STATUSES = ['succeeded', 'failed', 'killed'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const STATUS_SUCCEEDED = 0;
export const STATUS_FAILED = 1;
export const STATUS_KILLED = 2;

/** Where a map read its input from; `none` for reduces and maps without input. */
export const LOCALITIES = ['node', 'rack', 'off', 'none'] as const;
export type Locality = (typeof LOCALITIES)[number];
export const LOCALITY_NODE = 0;
export const LOCALITY_RACK = 1;
export const LOCALITY_OFF = 2;
export const LOCALITY_NONE = 3;

/**
 * Task attempts, one row per attempt in launch order. Column `i` of every
 * array describes attempt `i`; codes index the constant lists above.
 */
export interface AttemptTable {
  readonly count: number;
  readonly job: Int32Array;
  /** Task index within its job and kind. */
  readonly task: Int32Array;
  readonly kind: Uint8Array;
  /** 0 for a task's first attempt, then 1, 2, … */
  readonly attempt: Int32Array;
  readonly node: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly status: Uint8Array;
  readonly locality: Uint8Array;
  /** Bytes the attempt read: the input split for a map, every fetched partition for a reduce. */
  readonly bytesIn: Float64Array;
  /** Of those, bytes that crossed the network (not from the attempt's own node). */
  readonly networkBytes: Float64Array;
  /** Σ bytes × hop distance of the path they crossed (the fetch cost). */
  readonly byteHops: Float64Array;
  /**
   * The simulator's record of the rows in the order their attempts ended
   * (succeeded, failed or were killed), as they did: ends never go down, and
   * attempts still running when the run stopped are not in it. A table made
   * otherwise (built by hand, read back) may leave it out.
   */
  readonly ended?: Int32Array;
}

export type JobStatus = 'succeeded' | 'failed' | 'unfinished';

export interface JobRecord {
  readonly id: string;
  readonly user: string;
  readonly pool: string;
  readonly weight: number;
  readonly submit: number;
  /** First launch of any of its tasks. */
  readonly firstStart: number | null;
  /** When its last map finished (for good). */
  readonly mapsDone: number | null;
  /** When it finished or failed. */
  readonly end: number | null;
  readonly status: JobStatus;
  /** Why it failed, when it did. */
  readonly failure: string | null;
}

export interface RunRecord {
  readonly scenario: Scenario;
  readonly scheduler: string;
  readonly seed: number;
  readonly attempts: AttemptTable;
  /** In the order of scenario.jobs. */
  readonly jobs: readonly JobRecord[];
  /** Virtual time when the last event was handled. */
  readonly endTime: number;
  /** Events the engine handled (a measure of simulation work). */
  readonly events: number;
  /**
   * True when the run ended with jobs left `unfinished`: nothing could
   * happen any more (no live node could run them, or the scheduler launched
   * nothing for a long time while only heartbeats went on).
   */
  readonly stalled: boolean;
  /** What a plan-driven scheduler expected of the run (its `Policy.plan`), kept beside what happened. */
  readonly plan?: RunPlan;
  /** The policy read the scenario's truth (task work, jobs to come) through the runtime's oracle. */
  readonly oracleRead?: boolean;
  /** Bytes moved by the block copies the policy asked for (`Decisions.replicate`), whole or cut short; absent when none moved. */
  readonly replicationBytes?: number;
  /** YARN mode: every ApplicationMaster's container, in the order they started (not task attempts). */
  readonly applicationMasters?: readonly AmContainerRecord[];
}

/** An ApplicationMaster's container (YARN mode): its job, its node, and when it held it. */
export interface AmContainerRecord {
  /** Index into scenario.jobs. */
  readonly job: number;
  /** Index into cluster.nodes. */
  readonly node: number;
  readonly start: number;
  /** When its job ended or its node's failure was noticed; null if it still held the container when the run stopped. */
  readonly end: number | null;
}

/** A scheduler's plan for the run: the order it will follow and the makespan it predicts, with the model behind it. */
export interface RunPlan {
  /** The planner, e.g. `uaas`. */
  readonly planner: string;
  /** The model the prediction comes from, in a few words. */
  readonly model: string;
  /** Where the task durations the plan used came from: the scenario's truth, or estimates learned during the run. */
  readonly durations: 'oracle' | 'learned';
  /** Job ids in the planned order. */
  readonly order: readonly string[];
  /** The predicted makespan, from time 0. */
  readonly makespan: number;
}

/**
 * What a policy knows of how much work a task is (seconds at speed 1, so a
 * task of work w takes w / speed on a node of that speed). A real scheduler
 * does not know it in advance; it learns it from the attempts that have
 * ended, as Hadoop's schedulers do from the job's finished tasks. A planner
 * that needs durations (DMRS, UAAS, the adaptive scheduler) takes them from
 * here and says which kind it used.
 *
 * - `learned` (the default): a finished attempt of duration d on a node of
 *   speed s shows work d × s (reading its input or fetching its shuffle
 *   included, as a TaskTracker's report would). What is seen is kept in
 *   groups of jobs, and a task is estimated from the first of its job's
 *   groups that has seen a task of its kind: the job itself; the runs of its
 *   recurring job (the same id less a trailing running number,
 *   recurring-job.ts: the paper's execution database, learned during the
 *   run); its earlier runs in the setup's `history` (a mean work per map:
 *   their input is not known); its user's jobs; its pool's; every job. A map
 *   is estimated at the group's work per input byte (the mean work when maps
 *   read nothing, or the group does not know the bytes);
 *   before any map has finished at all, at its input read once from an
 *   average disk of the cluster (a map without input: one heartbeat
 *   interval). A reduce is estimated at the group's mean reduce work; before
 *   any reduce has finished, at its job's estimated map work shared among
 *   its reduces (a reduce phase as heavy as the map phase).
 * - `oracle`: the scenario's true work, for comparison (what an offline
 *   planner is given), asked of the run's oracle (the run records it).
 *
 * Only succeeded attempts are learned from; a job's own figures are dropped
 * when it ends, the shared groups' are kept.
 */
import { z } from 'zod';
import type { JobView, TaskEnd } from '../../sim/policy.js';
import type { PartSetup } from '../types.js';

export const ESTIMATE_SOURCES = ['learned', 'oracle'] as const;
export type EstimateSource = (typeof ESTIMATE_SOURCES)[number];

/** Estimates a policy feeds from its own `onTaskEnded` and `onJobFinished` (or hands to the composed policy as a part). */
export interface TaskEstimates {
  readonly source: EstimateSource;
  onTaskEnded(end: TaskEnd): void;
  onJobFinished(job: JobView): void;
  /** Work of map `task` of `job`, seconds at speed 1. */
  mapWork(job: JobView, task: number): number;
  /** Work of reduce `task` of `job`, seconds at speed 1. */
  reduceWork(job: JobView, task: number): number;
}

/** What estimates are built from: the cluster and settings to learn from, the earlier runs to start from, the oracle to ask. */
export type EstimateSetup = Pick<PartSetup, 'cluster' | 'settings' | 'history' | 'oracle'>;

/** The `estimates` option of a scheduler that plans with durations. */
export const estimatesOption = z.enum(ESTIMATE_SOURCES).default('learned');
export const ESTIMATES_EXPECTED = "'learned' (from the attempts that have ended; the default) or 'oracle' (the scenario's true work)";

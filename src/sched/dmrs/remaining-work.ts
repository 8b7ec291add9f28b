/**
 * The work left in a simulated run as a DMRS instance ("On the Optimality of
 * Scheduling Dependent MapReduce Tasks on Heterogeneous Machines", Aggarwal,
 * Xu, Lan, Subramaniam, §II), for the LP that orders the jobs and the list
 * schedule that places their tasks: the machines of the slot layout; each
 * job in the system with its weight, its maps and reduces not launched yet,
 * sized by their estimated work (a task of work w takes w / speed), released
 * now. A job whose maps are all launched is released when those running
 * should end, so that the LP and the schedule start its reduces there; a job
 * with maps left keeps that time as the floor of its reduces.
 *
 * Tasks already running are not in it: they hold their machines (the plan's
 * free times) and nothing else is left to decide about them.
 */
import type { DmrsInstance, DmrsJob } from '../../planners/dmrs/index.js';
import type { TaskEstimates } from '../estimates/index.js';
import type { ClusterView } from '../types.js';
import type { JobPlan } from './job-plan.js';
import type { RunningAttempts } from './running-attempts.js';
import type { SlotLayout } from './slot-layout.js';

export interface RemainingWork {
  /** Its jobs are `jobs`, in that order. */
  readonly instance: DmrsInstance;
  readonly jobs: readonly JobPlan[];
  /** Per job of the instance, the task each of its listed maps and reduces is. */
  readonly maps: readonly (readonly number[])[];
  readonly reduces: readonly (readonly number[])[];
  /** Per job of the instance, when its maps running now should end (now when none runs). */
  readonly reducesReadyAt: Float64Array;
}

export function remainingWork(jobs: readonly JobPlan[], layout: SlotLayout, running: RunningAttempts, estimates: TaskEstimates, view: ClusterView): RemainingWork {
  const now = view.now;
  for (const job of jobs) job.runningMapsEnd = now;
  for (const node of view.nodes) {
    for (const attempt of running.on(node.index)) {
      if (attempt.kind === 'map') attempt.job.runningMapsEnd = Math.max(attempt.job.runningMapsEnd, running.expectedEnd(attempt, now));
    }
  }
  const maps = jobs.map((job) => job.pendingMaps(view));
  const reduces = jobs.map((job) => job.pendingReduces());
  const reducesReadyAt = Float64Array.from(jobs, (job) => job.runningMapsEnd);
  const instanceJobs = jobs.map(
    (job, j): DmrsJob => ({
      id: job.view.spec.id,
      weight: job.view.spec.weight,
      release: maps[j].length > 0 ? now : reducesReadyAt[j],
      maps: maps[j].map((task) => estimates.mapWork(job.view, task)),
      reduces: reduces[j].map((task) => estimates.reduceWork(job.view, task)),
    }),
  );
  return { instance: { machines: layout.machines, jobs: instanceJobs }, jobs, maps, reduces, reducesReadyAt };
}

/** The same work with its jobs in `order` (indices into `work.jobs`). */
export function reordered(work: RemainingWork, order: ArrayLike<number>): RemainingWork {
  const pick = <T>(values: ArrayLike<T>): T[] => Array.from(order, (j) => values[j]);
  return {
    instance: { machines: work.instance.machines, jobs: pick(work.instance.jobs) },
    jobs: pick(work.jobs),
    maps: pick(work.maps),
    reduces: pick(work.reduces),
    reducesReadyAt: Float64Array.from(pick(work.reducesReadyAt)),
  };
}

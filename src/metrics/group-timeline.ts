/**
 * What each pool (or user) had running, wanted and waited for over a run, in
 * equal time bins (averages over each bin, `binned-occupancy.ts`): the data of
 * a share-over-time chart, as Hadoop SLS draws per-queue allocation.
 *
 * - Running: attempts of the group's jobs holding a slot, by kind, whatever
 *   their final status (as slot utilization counts them).
 * - Demand: tasks of the group's submitted jobs not yet done, by kind, running
 *   or not: from the job's submission until the end of the task's last
 *   successful attempt (until the job's end for a job that failed, until the
 *   run's end for a task never done). Reduces count from submission, as the
 *   Fair Scheduler counts a job's demand.
 * - Waiting jobs: the group's jobs submitted and not yet started.
 *
 * The cluster's running maps and reduces come with it, over the same bins.
 */
import { KIND_MAP, type RunRecord } from '../model/index.js';
import { BinnedOccupancy } from './binned-occupancy.js';
import { taskDoneTimes, type TaskDoneTimes } from './task-done-times.js';

export type Grouping = 'pool' | 'user';

export interface GroupSeries {
  readonly id: string;
  readonly runningMaps: Float64Array;
  readonly runningReduces: Float64Array;
  readonly demandMaps: Float64Array;
  readonly demandReduces: Float64Array;
  readonly waitingJobs: Float64Array;
}

export interface GroupTimeline {
  /** Bin i covers [start + i·width, start + (i+1)·width). */
  readonly start: number;
  readonly width: number;
  readonly bins: number;
  readonly runningMaps: Float64Array;
  readonly runningReduces: Float64Array;
  /** In order of first appearance among the scenario's jobs. */
  readonly groups: readonly GroupSeries[];
}

interface GroupCounters {
  readonly id: string;
  readonly series: readonly [running: BinnedOccupancy, demand: BinnedOccupancy][];
  readonly waiting: BinnedOccupancy;
}

/** The window the bins cut: from the first submission to the run's end or the last job's end; null for a run with nothing in it. */
export function timelineWindow(run: RunRecord): { readonly start: number; readonly end: number } | null {
  const jobs = run.jobs;
  const start = Math.min(...jobs.map((job) => job.submit));
  const end = Math.max(run.endTime, ...jobs.map((job) => job.end ?? 0));
  return jobs.length === 0 || !(end > start) ? null : { start, end };
}

/** `ends`: each attempt's effective end (attempt-end.ts), `done` each task's done time from them. Null for a run with nothing in it. */
export function groupTimeline(run: RunRecord, grouping: Grouping, bins: number, ends: Float64Array, done: TaskDoneTimes = taskDoneTimes(run, ends)): GroupTimeline | null {
  const jobs = run.jobs;
  const specs = run.scenario.jobs;
  const window = timelineWindow(run);
  if (window === null) return null;
  const { start, end } = window;
  const grid = () => new BinnedOccupancy(start, end, bins);
  const cluster = [grid(), grid()];
  const byId = new Map<string, GroupCounters>();
  const groupOfJob = jobs.map((job) => {
    const id = grouping === 'pool' ? job.pool : job.user;
    let group = byId.get(id);
    if (group === undefined) {
      group = { id, series: [[grid(), grid()], [grid(), grid()]], waiting: grid() };
      byId.set(id, group);
    }
    return group;
  });
  const a = run.attempts;
  for (let i = 0; i < a.count; i++) {
    const kind = a.kind[i] === KIND_MAP ? 0 : 1;
    groupOfJob[a.job[i]].series[kind][0].add(a.start[i], ends[i]);
    cluster[kind].add(a.start[i], ends[i]);
  }
  const { firstTask, doneAt } = done;
  jobs.forEach((job, j) => {
    const group = groupOfJob[j];
    group.waiting.add(job.submit, job.firstStart ?? job.end ?? end);
    const maps = specs[j].maps.length;
    for (let t = firstTask[j]; t < firstTask[j + 1]; t++) {
      const until = Number.isNaN(doneAt[t]) ? (job.end ?? end) : doneAt[t];
      group.series[t - firstTask[j] < maps ? 0 : 1][1].add(job.submit, until);
    }
  });
  return {
    start,
    width: (end - start) / bins,
    bins,
    runningMaps: cluster[0].values(),
    runningReduces: cluster[1].values(),
    groups: [...byId.values()].map((group) => ({
      id: group.id,
      runningMaps: group.series[0][0].values(),
      runningReduces: group.series[1][0].values(),
      demandMaps: group.series[0][1].values(),
      demandReduces: group.series[1][1].values(),
      waitingJobs: group.waiting.values(),
    })),
  };
}

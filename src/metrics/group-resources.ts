/**
 * What each pool (or user) held and wanted of a YARN resource cluster's
 * memory and vcores over a run, in the equal time bins of the group
 * timeline (`group-timeline.ts`, whose waiting jobs go with it), and its
 * dominant share (`dominant-share.ts`): the share-over-time charts of a
 * cluster whose containers differ in size, where a count of tasks says
 * little.
 *
 * - Held: the containers of the group's running attempts, whatever their
 *   final status, and of its jobs' ApplicationMasters (`held-containers.ts`),
 *   as YARN counts a queue's usage.
 * - Wanted (demand): the containers of the group's tasks not yet done
 *   (`task-done-times.ts`), from their job's submission, and each job's AM
 *   container from its submission to its end, as YARN counts an
 *   application's demand with the AM's request in it.
 * - Dominant share: each bin's average of the instant's dominant share, not
 *   the larger of the bin's average shares.
 *
 * Null unless the cluster has memory and vcores, or for a run with nothing
 * in it.
 */
import type { Resources, RunRecord } from '../model/index.js';
import { BinnedOccupancy } from './binned-occupancy.js';
import { forEachDominantSharePiece } from './dominant-share.js';
import { timelineWindow, type Grouping } from './group-timeline.js';
import { clusterResources, heldContainers } from './held-containers.js';
import { jobGroups } from './job-groups.js';
import { taskDoneTimes, type TaskDoneTimes } from './task-done-times.js';

export interface GroupResourceSeries {
  readonly id: string;
  /** Bytes held, averaged over each bin. */
  readonly memory: Float64Array;
  readonly vcores: Float64Array;
  /** Bytes and vcores wanted, averaged over each bin. */
  readonly demandMemory: Float64Array;
  readonly demandVcores: Float64Array;
  /** From 0 to 1: the larger of its memory and vcore shares of the cluster, averaged over each bin. */
  readonly dominantShare: Float64Array;
}

export interface GroupResourceTimeline {
  /** Bin i covers [start + i·width, start + (i+1)·width), as in the group timeline. */
  readonly start: number;
  readonly width: number;
  readonly bins: number;
  /** The cluster's memory (bytes) and vcores. */
  readonly capacity: Resources;
  /** In order of first appearance among the run's jobs. */
  readonly groups: readonly GroupResourceSeries[];
}

/** `ends`: each attempt's effective end (attempt-end.ts), `done` each task's done time from them. */
export function groupResourceTimeline(
  run: RunRecord,
  grouping: Grouping,
  bins: number,
  ends: Float64Array,
  done: TaskDoneTimes = taskDoneTimes(run, ends),
): GroupResourceTimeline | null {
  const capacity = clusterResources(run);
  const window = timelineWindow(run);
  if (capacity === null || window === null) return null;
  const { start, end } = window;
  const groups = jobGroups(run, grouping);
  const grid = () => new BinnedOccupancy(start, end, bins);
  const series = groups.ids.map(() => ({ memory: grid(), vcores: grid(), demandMemory: grid(), demandVcores: grid(), dominantShare: grid() }));
  const held = heldContainers(run, ends);
  for (let i = 0; i < held.count; i++) {
    const group = series[groups.ofJob[held.job[i]]];
    group.memory.add(held.start[i], held.end[i], held.memory[i]);
    group.vcores.add(held.start[i], held.end[i], held.vcores[i]);
  }
  forEachDominantSharePiece(held, groups.ofJob, groups.ids.length, capacity, (g, from, to, share) => series[g].dominantShare.add(from, to, share));
  const { firstTask, doneAt } = done;
  const specs = run.scenario.jobs;
  const am = run.scenario.settings.yarn?.amContainer;
  run.jobs.forEach((job, j) => {
    const group = series[groups.ofJob[j]];
    const jobEnd = job.end ?? end;
    const want = (until: number, size: Resources | undefined) => {
      group.demandMemory.add(job.submit, until, size?.memory ?? 0);
      group.demandVcores.add(job.submit, until, size?.vcores ?? 0);
    };
    want(jobEnd, am);
    const maps = specs[j].maps.length;
    for (let t = firstTask[j]; t < firstTask[j + 1]; t++) {
      want(Number.isNaN(doneAt[t]) ? jobEnd : doneAt[t], t - firstTask[j] < maps ? specs[j].mapContainer : specs[j].reduceContainer);
    }
  });
  return {
    start,
    width: (end - start) / bins,
    bins,
    capacity,
    groups: groups.ids.map((id, g) => ({
      id,
      memory: series[g].memory.values(),
      vcores: series[g].vcores.values(),
      demandMemory: series[g].demandMemory.values(),
      demandVcores: series[g].demandVcores.values(),
      dominantShare: series[g].dominantShare.values(),
    })),
  };
}

/**
 * The task-level model: the jobs' own tasks (a job given by stage durations
 * has one task per requested slot, each lasting the stage), run first come
 * first served in the job order on the cluster's slots, as Hadoop's FIFO
 * scheduler would with free slots offered at once. Every map task, job after
 * job, goes to the map slot that frees first; a job's reduces may start once
 * all its maps are done, and each free reduce slot takes a reduce of the
 * first job in the order that has one ready.
 *
 * Stages of different jobs overlap here, which the two-stage flow shop does
 * not allow; spec 1.6 uses this model to show what the flow-shop numbers of
 * seed 000 become with indivisible tasks (47 and 45 on the five-job example,
 * 35 and 30 on the two-job one).
 */
import type { StageTimes, TaskRun } from './plan.js';
import type { MakespanJob } from './problem.js';
import { SlotHeap } from './stage-durations.js';

/** A job's map tasks, counted as jobTasks makes them: its task list, or one per requested map slot. */
export function mapTaskCount(job: MakespanJob): number {
  return job.mapTasks?.length ?? job.mapSlots;
}

/** A job's reduce tasks, counted as jobTasks makes them. */
export function reduceTaskCount(job: MakespanJob): number {
  return job.reduceTasks?.length ?? job.reduceSlots;
}

/** A job's tasks: given, or one per requested slot lasting the stage's duration. */
export function jobTasks(job: MakespanJob): { map: readonly number[]; reduce: readonly number[] } {
  return {
    map: job.mapTasks ?? new Array<number>(job.mapSlots).fill(job.mapDuration!),
    reduce: job.reduceTasks ?? new Array<number>(job.reduceSlots).fill(job.reduceDuration!),
  };
}

export interface TaskLevelRun {
  readonly makespan: number;
  readonly stages: readonly StageTimes[];
  readonly tasks: readonly TaskRun[];
}

/** The makespan of `order` at task level (the fast path of the exact search). */
export function taskLevelMakespan(
  tasks: readonly { map: readonly number[]; reduce: readonly number[] }[],
  order: readonly number[],
  mapSlots: number,
  reduceSlots: number,
): number {
  let makespan = 0;
  simulate(tasks, order, mapSlots, reduceSlots, (_k, _kind, _task, _slot, _start, end) => {
    if (end > makespan) makespan = end;
  });
  return makespan;
}

/** Every task of `order` at task level, and each job's stages. */
export function taskLevelRun(jobs: readonly MakespanJob[], order: readonly number[], mapSlots: number, reduceSlots: number): TaskLevelRun {
  const tasks: TaskRun[] = [];
  const stages = order.map((j) => ({
    job: jobs[j].id,
    mapStart: Infinity,
    mapEnd: 0,
    reduceStart: Infinity,
    reduceEnd: 0,
    mapSlots: 0,
    reduceSlots: 0,
  }));
  const intervals = order.map(() => ({ map: [] as [number, number][], reduce: [] as [number, number][] }));
  simulate(
    jobs.map(jobTasks),
    order,
    mapSlots,
    reduceSlots,
    (k, kind, task, slot, start, end) => {
      tasks.push({ job: jobs[order[k]].id, kind, task, slot, start, end });
      const stage = stages[k];
      if (kind === 'map') {
        stage.mapStart = Math.min(stage.mapStart, start);
        stage.mapEnd = Math.max(stage.mapEnd, end);
      } else {
        stage.reduceStart = Math.min(stage.reduceStart, start);
        stage.reduceEnd = Math.max(stage.reduceEnd, end);
      }
      intervals[k][kind].push([start, end]);
    },
  );
  stages.forEach((stage, k) => {
    stage.mapSlots = peakOverlap(intervals[k].map);
    stage.reduceSlots = peakOverlap(intervals[k].reduce);
  });
  const makespan = stages.reduce((max, s) => Math.max(max, s.reduceEnd, s.mapEnd), 0);
  return { makespan, stages, tasks };
}

type OnTask = (position: number, kind: 'map' | 'reduce', task: number, slot: number, start: number, end: number) => void;

function simulate(
  tasks: readonly { map: readonly number[]; reduce: readonly number[] }[],
  order: readonly number[],
  mapSlots: number,
  reduceSlots: number,
  onTask: OnTask,
): void {
  const maps = new SlotHeap(mapSlots);
  const ready = new Float64Array(order.length);
  order.forEach((j, k) => {
    let done = 0;
    tasks[j].map.forEach((t, task) => {
      const start = maps.earliest();
      const slot = maps.earliestSlot();
      maps.replaceEarliest(start + t);
      onTask(k, 'map', task, slot, start, start + t);
      if (start + t > done) done = start + t;
    });
    ready[k] = done;
  });
  // Reduces: each slot, as it frees, takes the first job in the order with a reduce ready by then.
  const reduces = new SlotHeap(reduceSlots);
  const next = new Int32Array(order.length);
  let left = order.reduce((n, j) => n + tasks[j].reduce.length, 0);
  while (left > 0) {
    const free = reduces.earliest();
    let k = -1;
    let soonest = Infinity;
    for (let p = 0; p < order.length; p++) {
      if (next[p] === tasks[order[p]].reduce.length) continue;
      if (ready[p] <= free) {
        k = p;
        break;
      }
      if (ready[p] < soonest) soonest = ready[p];
    }
    let start = free;
    if (k < 0) {
      // Nothing ready: the slot waits for the first job to become ready, and takes the first in order ready then.
      start = soonest;
      for (let p = 0; p < order.length && k < 0; p++) {
        if (next[p] < tasks[order[p]].reduce.length && ready[p] <= start) k = p;
      }
    }
    const task = next[k]++;
    const end = start + tasks[order[k]].reduce[task];
    onTask(k, 'reduce', task, reduces.earliestSlot(), start, end);
    reduces.replaceEarliest(end);
    left--;
  }
}

/** Most intervals open at once. */
function peakOverlap(intervals: readonly [number, number][]): number {
  const events = intervals.flatMap(([s, e]): [number, number][] => (e > s ? [[s, 1], [e, -1]] : []));
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let peak = intervals.length > 0 ? 1 : 0;
  for (const [, d] of events) peak = Math.max(peak, (open += d));
  return peak;
}

/**
 * When each task of a run was done for good: the end of its last successful
 * attempt (effective ends, attempt-end.ts), or NaN for a task never done.
 * Tasks are numbered job by job, each job's maps then its reduces: task t of
 * kind k of job j is `firstTask[j] + (k is reduce ? maps of j : 0) + t`.
 * A task is wanted from its job's submission until then (the demand the
 * share-over-time charts draw).
 */
import { KIND_MAP, STATUS_SUCCEEDED, type RunRecord } from '../model/index.js';

export interface TaskDoneTimes {
  /** firstTask[j]: the number of job j's first task; firstTask[jobs] is the number of tasks. */
  readonly firstTask: Int32Array;
  readonly doneAt: Float64Array;
}

/** `ends`: each attempt's effective end (attempt-end.ts). */
export function taskDoneTimes(run: RunRecord, ends: Float64Array): TaskDoneTimes {
  const specs = run.scenario.jobs;
  const firstTask = new Int32Array(specs.length + 1);
  specs.forEach((spec, j) => (firstTask[j + 1] = firstTask[j] + spec.maps.length + spec.reduces.length));
  const doneAt = new Float64Array(firstTask[specs.length]).fill(NaN);
  const a = run.attempts;
  for (let i = 0; i < a.count; i++) {
    if (a.status[i] !== STATUS_SUCCEEDED) continue;
    const job = a.job[i];
    const task = firstTask[job] + (a.kind[i] === KIND_MAP ? 0 : specs[job].maps.length) + a.task[i];
    if (!(doneAt[task] >= ends[i])) doneAt[task] = ends[i];
  }
  return { firstTask, doneAt };
}

/**
 * What a Rumen trace says happened to a job, for checking a replay against
 * it (RecordedRun): its submission, its end (finishTime, after the cleanup
 * task's commit; else its last map or reduce's end) and each map's and
 * reduce's successful attempt, in the scenario job's task order. Also the
 * job's start-up (submitTime to its first map or reduce) and commit (its last
 * map or reduce to finishTime), which the importer sets as the job's setup
 * and commit (job-overheads.ts), with the setup and cleanup tasks' own times
 * (task startTime to finishTime, else their successful attempt's) for the
 * notes.
 */
import type { RecordedJob, RecordedSpan } from '../../model/recorded-run.js';
import { recordedFirstStart, recordedLastTaskEnd } from '../../model/recorded-run.js';
import { jobOverheads, type JobOverheads } from '../job-overheads.js';
import type { RumenJob } from './rumen-job.js';
import { timedSuccess } from './rumen-scenario-job.js';

/** A job's recorded times in ms since the epoch, until the trace's origin is known. */
export interface RecordedJobMs extends Omit<RecordedJob, 'submit'> {
  readonly submitMs: number;
  /** Seconds the job's SETUP and CLEANUP tasks took, summed by kind; null when it has none timed. */
  readonly setupTask: number | null;
  readonly cleanupTask: number | null;
  /** Start-up and commit from submitTime and finishTime (not their stand-ins) and the successful map and reduce attempts. */
  readonly overheads: JobOverheads;
}

export function recordedJobMs(job: RumenJob, submitMs: number): RecordedJobMs {
  const span = (task: RumenJob['mapTasks'][number]): RecordedSpan | null => {
    const timed = timedSuccess(task);
    return timed === undefined ? null : { start: timed.start, end: timed.finish };
  };
  const maps = job.mapTasks.map(span);
  const reduces = job.reduceTasks.map(span);
  const otherSeconds = (type: string): number | null => {
    let seconds: number | null = null;
    for (const task of job.otherTasks) {
      if (task.taskType?.toUpperCase() !== type) continue;
      const taskSpan = task.startTime !== undefined && task.finishTime !== undefined ? { start: task.startTime, end: task.finishTime } : span(task);
      if (taskSpan !== null) seconds = (seconds ?? 0) + (taskSpan.end - taskSpan.start) / 1000;
    }
    return seconds;
  };
  return {
    id: job.jobID,
    submitMs,
    end: job.finishTime ?? recordedLastTaskEnd({ maps, reduces }),
    maps,
    reduces,
    setupTask: otherSeconds('SETUP'),
    cleanupTask: otherSeconds('CLEANUP'),
    overheads: jobOverheads({
      submit: job.submitTime ?? null,
      firstTaskStart: recordedFirstStart({ maps, reduces }),
      lastTaskEnd: recordedLastTaskEnd({ maps, reduces }),
      end: job.finishTime ?? null,
    }),
  };
}

/** On the scenario's clock: seconds after `originMs`. */
export function toScenarioClock(job: RecordedJobMs, originMs: number): RecordedJob {
  const s = (ms: number) => (ms - originMs) / 1000;
  const span = (t: RecordedSpan | null) => (t === null ? null : { start: s(t.start), end: s(t.end) });
  return { id: job.id, submit: s(job.submitMs), end: job.end === null ? null : s(job.end), maps: job.maps.map(span), reduces: job.reduces.map(span) };
}

/**
 * The note line of a job's start-up and commit, seconds, or undefined unless
 * the trace records both: `job overheads <id>: startup 6.218 s, commit 5.078 s
 * (setup task 3.057 s, cleanup task 3.006 s)`, the parenthesis only for the
 * tasks the trace times; one line per job, the same words every time, to be
 * read back.
 */
export function overheadNote(job: RecordedJobMs): string | undefined {
  const { setup, commit } = job.overheads;
  if (typeof setup !== 'number' || typeof commit !== 'number') return undefined;
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  const tasks = [
    ...(job.setupTask === null ? [] : [`setup task ${round(job.setupTask)} s`]),
    ...(job.cleanupTask === null ? [] : [`cleanup task ${round(job.cleanupTask)} s`]),
  ];
  return `job overheads ${job.id}: startup ${round(setup)} s, commit ${round(commit)} s` + (tasks.length === 0 ? '' : ` (${tasks.join(', ')})`);
}

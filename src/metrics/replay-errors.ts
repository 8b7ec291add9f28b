/**
 * How far a replay of a trace is from what the trace recorded: per job and
 * per task, the simulated start, end and duration against the recorded ones,
 * and summary statistics over jobs and tasks. Times are seconds on the
 * scenario's clock (both runs submit each job at its recorded submit time).
 *
 * - A job's end error is simulated end − recorded end; relative to the
 *   recorded duration (end − submit), it is the figure the fidelity target
 *   speaks of ("job end within 10% of the recorded duration"). A job's run
 *   time is end − first task start; its relative error shows what is left
 *   once the wait before the first task (start-up, queueing) is set aside.
 * - A task is compared through its successful attempt (the one the importer
 *   timed it by) with the simulated attempt that succeeded; a task with no
 *   recorded or no simulated success is counted, not compared.
 * - A relative error whose recorded duration is not positive (a trace whose
 *   job finishes when it is submitted, or before its first task) is null,
 *   and left out of the summary, rather than infinite.
 * - Jobs and tasks are matched by job id and task index; a recorded job the
 *   run lacks (or one that did not finish) is counted as unmatched.
 */
import type { RecordedRun, RecordedSpan } from '../model/recorded-run.js';
import { recordedFirstStart } from '../model/recorded-run.js';
import { KIND_MAP, KIND_REDUCE, STATUS_SUCCEEDED, TASK_KINDS, type RunRecord, type TaskKind } from '../model/run-record.js';
import { mean, median } from './statistics.js';

export interface JobReplayError {
  readonly id: string;
  readonly submit: number;
  readonly recorded: { readonly start: number; readonly end: number };
  readonly simulated: { readonly start: number; readonly end: number };
  /** Simulated − recorded, seconds. */
  readonly startError: number;
  readonly endError: number;
  /** endError / recorded duration (end − submit); null when the trace records no positive duration. */
  readonly endRelative: number | null;
  /** (simulated run time − recorded run time) / recorded run time, run time = end − first task start; null as above. */
  readonly runTimeRelative: number | null;
}

export interface TaskReplayError {
  readonly job: string;
  readonly kind: TaskKind;
  readonly task: number;
  readonly recorded: RecordedSpan;
  readonly simulated: RecordedSpan;
  /** Simulated − recorded, seconds. */
  readonly startError: number;
  readonly endError: number;
  readonly durationError: number;
  /** durationError / recorded duration; null for a task recorded as taking no time. */
  readonly durationRelative: number | null;
}

/** Mean, median and maximum of absolute values; null for no values. */
export interface AbsoluteSummary {
  readonly n: number;
  readonly mean: number | null;
  readonly median: number | null;
  readonly max: number | null;
}

export interface ReplayErrors {
  readonly jobs: readonly JobReplayError[];
  readonly tasks: readonly TaskReplayError[];
  /** Recorded jobs not compared: missing from the run, unfinished or failed there, or without recorded times. */
  readonly unmatchedJobs: readonly string[];
  /** Tasks without a recorded or a simulated successful attempt. */
  readonly unmatchedTasks: number;
  readonly summary: {
    readonly jobEndRelative: AbsoluteSummary;
    readonly jobRunTimeRelative: AbsoluteSummary;
    readonly jobStartSeconds: AbsoluteSummary;
    readonly taskStartSeconds: AbsoluteSummary;
    readonly taskEndSeconds: AbsoluteSummary;
    readonly taskDurationRelative: AbsoluteSummary;
  };
}

export function replayErrors(recorded: RecordedRun, run: RunRecord): ReplayErrors {
  const jobIndex = new Map(run.jobs.map((job, i) => [job.id, i]));
  const simulatedTasks = successfulSpans(run);
  const jobs: JobReplayError[] = [];
  const tasks: TaskReplayError[] = [];
  const unmatchedJobs: string[] = [];
  let unmatchedTasks = 0;
  for (const job of recorded.jobs) {
    const index = jobIndex.get(job.id);
    const simulated = index === undefined ? undefined : run.jobs[index];
    const recordedStart = recordedFirstStart(job);
    if (
      index === undefined ||
      simulated === undefined ||
      simulated.status !== 'succeeded' ||
      simulated.end === null ||
      simulated.firstStart === null ||
      job.end === null ||
      recordedStart === null
    ) {
      unmatchedJobs.push(job.id);
      unmatchedTasks += job.maps.length + job.reduces.length;
      continue;
    }
    const duration = job.end - job.submit;
    const runTime = job.end - recordedStart;
    const endError = simulated.end - job.end;
    jobs.push({
      id: job.id,
      submit: job.submit,
      recorded: { start: recordedStart, end: job.end },
      simulated: { start: simulated.firstStart, end: simulated.end },
      startError: simulated.firstStart - recordedStart,
      endError,
      endRelative: duration > 0 ? endError / duration : null,
      runTimeRelative: runTime > 0 ? (simulated.end - simulated.firstStart - runTime) / runTime : null,
    });
    for (const kind of TASK_KINDS) {
      (kind === 'map' ? job.maps : job.reduces).forEach((span, task) => {
        const sim = simulatedTasks.get(taskKey(index, kind === 'map' ? KIND_MAP : KIND_REDUCE, task));
        if (span === null || sim === undefined) {
          unmatchedTasks++;
          return;
        }
        const recordedDuration = span.end - span.start;
        const durationError = sim.end - sim.start - recordedDuration;
        tasks.push({
          job: job.id,
          kind,
          task,
          recorded: span,
          simulated: sim,
          startError: sim.start - span.start,
          endError: sim.end - span.end,
          durationError,
          durationRelative: recordedDuration > 0 ? durationError / recordedDuration : null,
        });
      });
    }
  }
  return {
    jobs,
    tasks,
    unmatchedJobs,
    unmatchedTasks,
    summary: {
      jobEndRelative: absoluteSummary(known(jobs.map((j) => j.endRelative))),
      jobRunTimeRelative: absoluteSummary(known(jobs.map((j) => j.runTimeRelative))),
      jobStartSeconds: absoluteSummary(jobs.map((j) => j.startError)),
      taskStartSeconds: absoluteSummary(tasks.map((t) => t.startError)),
      taskEndSeconds: absoluteSummary(tasks.map((t) => t.endError)),
      taskDurationRelative: absoluteSummary(known(tasks.map((t) => t.durationRelative))),
    },
  };
}

export function absoluteSummary(values: readonly number[]): AbsoluteSummary {
  if (values.length === 0) return { n: 0, mean: null, median: null, max: null };
  const sorted = values.map(Math.abs).sort((a, b) => a - b);
  return { n: sorted.length, mean: mean(sorted), median: median(sorted), max: sorted[sorted.length - 1] };
}

function known(values: readonly (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null);
}

function taskKey(job: number, kind: number, task: number): string {
  return `${job}/${kind}/${task}`;
}

/** The successful attempt of each task in the run, by job index, kind and task. */
function successfulSpans(run: RunRecord): Map<string, RecordedSpan> {
  const { attempts } = run;
  const spans = new Map<string, RecordedSpan>();
  for (let i = 0; i < attempts.count; i++) {
    if (attempts.status[i] !== STATUS_SUCCEEDED) continue;
    spans.set(taskKey(attempts.job[i], attempts.kind[i], attempts.task[i]), { start: attempts.start[i], end: attempts.end[i] });
  }
  return spans;
}

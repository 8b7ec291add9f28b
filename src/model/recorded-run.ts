/**
 * What a trace says happened, on the scenario's clock (seconds, the same
 * origin as the imported submit times): per job its submission, first task
 * start and end, and each task's successful attempt. A trace importer keeps
 * it beside the scenario so that a replay can be checked against the trace
 * (`mrsched replay-check`); unknown times are null.
 */

/** A task's successful attempt as recorded. */
export interface RecordedSpan {
  readonly start: number;
  readonly end: number;
}

export interface RecordedJob {
  /** The scenario job's id. */
  readonly id: string;
  readonly submit: number;
  /** When the job ended (its finish time, else its last task's end); null when the trace has neither. */
  readonly end: number | null;
  /** Map and reduce tasks in the scenario job's order; null for a task with no timed successful attempt. */
  readonly maps: readonly (RecordedSpan | null)[];
  readonly reduces: readonly (RecordedSpan | null)[];
}

export interface RecordedRun {
  /** In the order of the scenario file's jobs. */
  readonly jobs: readonly RecordedJob[];
}

/** The job's first recorded task start, or null when none of its tasks is timed. */
export function recordedFirstStart(job: Pick<RecordedJob, 'maps' | 'reduces'>): number | null {
  let first: number | null = null;
  for (const span of [...job.maps, ...job.reduces]) if (span !== null && (first === null || span.start < first)) first = span.start;
  return first;
}

/** The end of the job's last recorded task, or null when none is timed. */
export function recordedLastTaskEnd(job: Pick<RecordedJob, 'maps' | 'reduces'>): number | null {
  let last: number | null = null;
  for (const span of [...job.maps, ...job.reduces]) if (span !== null && (last === null || span.end > last)) last = span.end;
  return last;
}

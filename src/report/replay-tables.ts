/**
 * A replay check as text: the summary (the fidelity figures), then one row
 * per job and, optionally, one per task. Errors are simulated − recorded;
 * relative errors are signed percentages of the recorded duration.
 */
import type { AbsoluteSummary, JobReplayError, ReplayErrors } from '../metrics/replay-errors.js';
import { formatMetric } from './format.js';
import { renderTable } from './table.js';

function seconds(value: number): string {
  return formatMetric(value, 's');
}

/** A signed figure to one decimal; one that rounds to zero shows no sign (not −0.0). */
function signed(value: number, unit: string): string {
  const text = value.toFixed(1);
  if (Number(text) === 0) return `0.0 ${unit}`;
  return `${value > 0 ? '+' : ''}${text} ${unit}`;
}

function signedSeconds(value: number): string {
  return signed(value, 's');
}

function signedPercent(ratio: number | null): string {
  return ratio === null ? '—' : signed(ratio * 100, '%');
}

function summaryRow(label: string, summary: AbsoluteSummary, unit: 'ratio' | 's'): string[] {
  const show = (value: number | null) => (value === null ? '—' : unit === 'ratio' ? formatMetric(value * 100, '%') : seconds(value));
  return [label, String(summary.n), show(summary.mean), show(summary.median), show(summary.max)];
}

/** The columns jobs and tasks share: recorded and simulated start and end, then the start and end errors. */
const TIME_COLUMNS = ['recorded start', 'recorded end', 'simulated start', 'simulated end', 'start error', 'end error'];

function timeCells(row: Pick<JobReplayError, 'recorded' | 'simulated' | 'startError' | 'endError'>): string[] {
  return [
    seconds(row.recorded.start),
    seconds(row.recorded.end),
    seconds(row.simulated.start),
    seconds(row.simulated.end),
    signedSeconds(row.startError),
    signedSeconds(row.endError),
  ];
}

export function replayTables(errors: ReplayErrors, withTasks: boolean): string {
  const { summary } = errors;
  const parts = [
    'Summary: absolute errors, simulated against recorded',
    renderTable(
      ['error', 'n', 'mean', 'median', 'max'],
      [
        summaryRow('job end, % of recorded duration (end − submit)', summary.jobEndRelative, 'ratio'),
        summaryRow('job run time (end − first task start), %', summary.jobRunTimeRelative, 'ratio'),
        summaryRow('job first task start, s', summary.jobStartSeconds, 's'),
        summaryRow('task start, s', summary.taskStartSeconds, 's'),
        summaryRow('task end, s', summary.taskEndSeconds, 's'),
        summaryRow('task duration, %', summary.taskDurationRelative, 'ratio'),
      ],
    ),
    'Jobs: simulated − recorded (times in seconds from the first submission)',
    renderTable(
      ['job', 'submit', ...TIME_COLUMNS, 'end error, % of duration', 'run time error'],
      errors.jobs.map((job) => [
        job.id,
        seconds(job.submit),
        ...timeCells(job),
        signedPercent(job.endRelative),
        signedPercent(job.runTimeRelative),
      ]),
    ),
  ];
  if (withTasks) {
    parts.push(
      'Tasks: simulated − recorded',
      renderTable(
        ['job', 'task', ...TIME_COLUMNS, 'duration error', 'duration error, %'],
        errors.tasks.map((task) => [
          task.job,
          `${task.kind} ${task.task}`,
          ...timeCells(task),
          signedSeconds(task.durationError),
          signedPercent(task.durationRelative),
        ]),
      ),
    );
  }
  const unmatched: string[] = [];
  if (errors.unmatchedJobs.length > 0) {
    unmatched.push(`${errors.unmatchedJobs.length} recorded job(s) not compared (not finished in the replay, or without recorded times): ${errors.unmatchedJobs.join(', ')}`);
  }
  if (errors.unmatchedTasks > 0) unmatched.push(`${errors.unmatchedTasks} task(s) not compared (no recorded or no simulated successful attempt)`);
  return parts.join('\n') + (unmatched.length > 0 ? '\n' + unmatched.join('\n') + '\n' : '');
}

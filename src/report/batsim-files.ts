/**
 * A run in the files Batsim writes, for the tools that read them (evalys and
 * others): `jobs.csv`, one row per job with Batsim's columns, and
 * `schedule.csv`, the run's totals. A MapReduce job is not a rigid batch job,
 * so some columns are read as follows (docs/outputs.md says the same):
 *
 * - allocated_resources: the nodes any of the job's attempts ran on, as
 *   Batsim's interval set of node indices ("0-3 7");
 *   requested_number_of_resources: how many nodes that is.
 * - starting_time: the job's first launch; finish_time: its end;
 *   execution_time: finish − start.
 * - requested_time: the scenario has no walltimes; we write execution_time, so
 *   stretch (turnaround ÷ requested time) equals Batsim's slowdown.
 * - profile: the job's pool; workload_name: the scenario's name.
 * - consumed_energy: -1, as Batsim writes without its energy model.
 * - Jobs still unfinished when the run stopped are left out, as Batsim writes
 *   only jobs that completed or were rejected; they count in nb_jobs.
 * - schedule.csv has the columns that need no energy or machine-state model;
 *   makespan is Batsim's: the last finish time, from time 0.
 */
import type { RunRecord } from '../model/run-record.js';
import { csvLine } from './csv.js';

const JOB_COLUMNS = [
  'job_id', 'workload_name', 'profile', 'submission_time', 'requested_number_of_resources', 'requested_time', 'success', 'final_state',
  'starting_time', 'execution_time', 'finish_time', 'waiting_time', 'turnaround_time', 'stretch', 'allocated_resources', 'consumed_energy', 'metadata',
];

interface FinishedJob {
  readonly id: string;
  readonly pool: string;
  readonly submit: number;
  readonly start: number;
  readonly finish: number;
  readonly success: boolean;
  readonly nodes: readonly number[];
}

function finishedJobs(run: RunRecord): FinishedJob[] {
  const nodes = run.jobs.map(() => new Set<number>());
  const a = run.attempts;
  for (let i = 0; i < a.count; i++) nodes[a.job[i]].add(a.node[i]);
  return run.jobs.flatMap((job, j) => {
    if (job.status === 'unfinished' || job.end === null) return [];
    // A job that failed before launching anything started, and ended, at its end.
    const start = job.firstStart ?? job.end;
    return [{ id: job.id, pool: job.pool, submit: job.submit, start, finish: job.end, success: job.status === 'succeeded', nodes: [...nodes[j]].sort((x, y) => x - y) }];
  });
}

/** Node indices as Batsim's interval set: "0-3 7 9-10". */
export function intervalSet(sorted: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(' ');
}

export function batsimJobsCsv(run: RunRecord): string {
  const lines = [JOB_COLUMNS.join(',') + '\n'];
  for (const job of finishedJobs(run)) {
    const execution = job.finish - job.start;
    const turnaround = job.finish - job.submit;
    lines.push(
      csvLine([
        job.id, run.scenario.name, job.pool, job.submit, job.nodes.length, execution, job.success ? 1 : 0,
        job.success ? 'COMPLETED_SUCCESSFULLY' : 'COMPLETED_FAILED', job.start, execution, job.finish, job.start - job.submit, turnaround,
        execution > 0 ? turnaround / execution : null, intervalSet(job.nodes), -1, '',
      ]),
    );
  }
  return lines.join('');
}

export function batsimScheduleCsv(run: RunRecord, version: string): string {
  const jobs = finishedJobs(run);
  const waits = jobs.map((j) => j.start - j.submit);
  const turnarounds = jobs.map((j) => j.finish - j.submit);
  const slowdowns = jobs.filter((j) => j.finish > j.start).map((j) => (j.finish - j.submit) / (j.finish - j.start));
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length);
  const max = (values: number[]) => (values.length === 0 ? 0 : Math.max(...values));
  const success = jobs.filter((j) => j.success).length;
  const row: Record<string, string | number> = {
    batsim_version: `mrsched ${version}`,
    makespan: max(jobs.map((j) => j.finish)),
    max_slowdown: max(slowdowns),
    max_stretch: max(slowdowns),
    max_turnaround_time: max(turnarounds),
    max_waiting_time: max(waits),
    mean_slowdown: mean(slowdowns),
    mean_stretch: mean(slowdowns),
    mean_turnaround_time: mean(turnarounds),
    mean_waiting_time: mean(waits),
    nb_computing_machines: run.scenario.cluster.nodes.length,
    nb_jobs: run.jobs.length,
    nb_jobs_finished: jobs.length,
    nb_jobs_killed: 0,
    nb_jobs_rejected: 0,
    nb_jobs_success: success,
    success_rate: run.jobs.length === 0 ? 0 : success / run.jobs.length,
  };
  return csvLine(Object.keys(row)) + csvLine(Object.values(row));
}

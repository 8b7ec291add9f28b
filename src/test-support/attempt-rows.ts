/** A run's attempts as plain rows, for tests to pick fields from and compare by hand. */
import { ATTEMPT_STATUSES, KIND_MAP, LOCALITIES, type RunRecord } from '../model/run-record.js';

export interface AttemptRow {
  /** The job's index in the run, and its id and pool. */
  readonly job: number;
  readonly jobId: string;
  readonly pool: string;
  readonly kind: 'map' | 'reduce';
  readonly task: number;
  readonly node: number;
  readonly start: number;
  readonly end: number;
  readonly status: (typeof ATTEMPT_STATUSES)[number];
  readonly locality: (typeof LOCALITIES)[number];
}

export function attemptRows(run: RunRecord): AttemptRow[] {
  const a = run.attempts;
  return Array.from({ length: a.count }, (_, i) => ({
    job: a.job[i],
    jobId: run.scenario.jobs[a.job[i]].id,
    pool: run.scenario.jobs[a.job[i]].pool,
    kind: a.kind[i] === KIND_MAP ? 'map' : 'reduce',
    task: a.task[i],
    node: a.node[i],
    start: a.start[i],
    end: a.end[i],
    status: ATTEMPT_STATUSES[a.status[i]],
    locality: LOCALITIES[a.locality[i]],
  }));
}

/** Maps of each job (by index) running at `time`. */
export function mapsRunningAt(run: RunRecord, time: number): number[] {
  const counts: number[] = run.scenario.jobs.map(() => 0);
  const a = run.attempts;
  for (let i = 0; i < a.count; i++) if (a.kind[i] === KIND_MAP && a.start[i] <= time && time < a.end[i]) counts[a.job[i]]++;
  return counts;
}

/** [task, node, start, end, status] of each attempt of `kind` (KIND_MAP, KIND_REDUCE), in launch order: the compact rows hand cases compare. */
export function attemptsOfKind(run: RunRecord, kind: number): [number, number, number, number, number][] {
  const a = run.attempts;
  const rows: [number, number, number, number, number][] = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === kind) rows.push([a.task[i], a.node[i], a.start[i], a.end[i], a.status[i]]);
  return rows;
}

/**
 * The files a run writes with `--out DIR`: tasks.csv (one row per task
 * attempt), jobs.csv, nodes.csv and summary.json. Pure: they return text.
 */
import {
  ATTEMPT_STATUSES,
  LOCALITIES,
  TASK_KINDS,
  type RunRecord,
} from '../model/run-record.js';
import type { RunMetrics } from '../metrics/index.js';
import { csvLine } from './csv.js';
import type { Provenance } from './provenance.js';

export function tasksCsv(run: RunRecord): string {
  const a = run.attempts;
  const jobs = run.scenario.jobs;
  const nodes = run.scenario.cluster.nodes;
  const parts = ['job_id,task_id,kind,attempt,node,start,end,status,locality\n'];
  for (let i = 0; i < a.count; i++) {
    const kind = TASK_KINDS[a.kind[i]];
    const job = jobs[a.job[i]].id;
    parts.push(
      csvLine([
        job,
        `${job}_${kind === 'map' ? 'm' : 'r'}_${a.task[i]}`,
        kind,
        a.attempt[i],
        nodes[a.node[i]].id,
        a.start[i],
        a.end[i],
        ATTEMPT_STATUSES[a.status[i]],
        LOCALITIES[a.locality[i]],
      ]),
    );
  }
  return parts.join('');
}

export function jobsCsv(run: RunRecord): string {
  const parts = ['job_id,user,pool,weight,submit,first_start,maps_done,end,status\n'];
  for (const job of run.jobs) {
    parts.push(
      csvLine([job.id, job.user, job.pool, job.weight, job.submit, job.firstStart, job.mapsDone, job.end, job.status]),
    );
  }
  return parts.join('');
}

export function nodesCsv(run: RunRecord): string {
  const parts = ['node,rack,map_slots,reduce_slots,speed\n'];
  for (const node of run.scenario.cluster.nodes) {
    parts.push(csvLine([node.id, node.rack, node.mapSlots, node.reduceSlots, node.speed]));
  }
  return parts.join('');
}

export interface RunSummary {
  readonly scenario: string;
  readonly scheduler: string;
  readonly seed: number;
  readonly stalled: boolean;
  readonly failedJobs: readonly { readonly id: string; readonly reason: string }[];
  readonly metrics: RunMetrics;
  /** How the run was made, when a command made it. */
  readonly provenance?: Provenance;
}

export function runSummary(run: RunRecord, metrics: RunMetrics, provenance?: Provenance): RunSummary {
  return {
    ...(provenance === undefined ? {} : { provenance }),
    scenario: run.scenario.name,
    scheduler: run.scheduler,
    seed: run.seed,
    stalled: run.stalled,
    failedJobs: run.jobs
      .filter((job) => job.status === 'failed')
      .map((job) => ({ id: job.id, reason: job.failure ?? 'unknown' })),
    metrics,
  };
}

/** Every file of one run, by file name (`prefix` before each: a folder of a comparison's output). */
export function runFiles(run: RunRecord, metrics: RunMetrics, provenance?: Provenance, prefix = ''): Record<string, string> {
  return {
    [`${prefix}tasks.csv`]: tasksCsv(run),
    [`${prefix}jobs.csv`]: jobsCsv(run),
    [`${prefix}nodes.csv`]: nodesCsv(run),
    [`${prefix}summary.json`]: JSON.stringify(runSummary(run, metrics, provenance), null, 2) + '\n',
  };
}

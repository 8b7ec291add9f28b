/**
 * The files a run writes with `--out DIR`: tasks.csv (one row per task
 * attempt), jobs.csv, nodes.csv, summary.json, and in YARN mode
 * applicationMasters.csv (one row per AM container). The rows of tasks.csv and
 * jobs.csv start with the run's scheduler and seed, so that the files of a
 * comparison's runs concatenate into one table. Pure: they return text,
 * tasks.csv in chunks (16 million attempts make 1.4 GB of it, more than a
 * JavaScript string may hold).
 */
import {
  ATTEMPT_STATUSES,
  KIND_MAP,
  KIND_REDUCE,
  LOCALITIES,
  TASK_KINDS,
  type AmContainerRecord,
  type RunRecord,
} from '../model/run-record.js';
import { jobWait, type RunMetrics } from '../metrics/index.js';
import { checkHeap } from '../util/heap-guard.js';
import { csvField, csvLine, csvNumber } from './csv.js';
import type { Provenance } from './provenance.js';

/** Rows of tasks.csv per chunk: a few hundred kilobytes, whose garbage dies young (64k rows took twice as long). */
const CHUNK_ROWS = 1 << 12;

/**
 * tasks.csv, header first, in chunks of rows. What a row holds up to its
 * task number and from there to its attempt number depends only on its job
 * and kind: made and escaped once per job and kind (the task id is quoted
 * exactly when its job's id is).
 */
export function* tasksCsvChunks(run: RunRecord): Generator<string> {
  const a = run.attempts;
  const nodeFields = run.scenario.cluster.nodes.map((node) => csvField(node.id));
  // Index job × 2 + kind.
  const heads: string[] = [];
  const necks: string[] = [];
  for (const { id } of run.scenario.jobs) {
    const field = csvField(id);
    const quoted = field !== id;
    for (const kind of [KIND_MAP, KIND_REDUCE]) {
      heads.push(`${runKey(run)}${field},${quoted ? field.slice(0, -1) : id}_${kind === KIND_MAP ? 'm' : 'r'}_`);
      necks.push(`${quoted ? '"' : ''},${TASK_KINDS[kind]},`);
    }
  }
  const tails = ATTEMPT_STATUSES.map((status) => LOCALITIES.map((locality) => `,${status},${locality}\n`));
  // Rows are in launch order, and about half share the start of the row before (two tasks of a heartbeat): its text is kept.
  let start = NaN;
  let startText = '';
  yield 'scheduler,seed,job_id,task_id,kind,attempt,node,start,end,status,locality\n';
  for (let from = 0; from < a.count; from += CHUNK_ROWS) {
    let chunk = '';
    for (let i = from; i < Math.min(a.count, from + CHUNK_ROWS); i++) {
      const key = a.job[i] * 2 + a.kind[i];
      if (a.start[i] !== start) {
        start = a.start[i];
        startText = csvNumber(start);
      }
      chunk += `${heads[key]}${a.task[i]}${necks[key]}${a.attempt[i]},${nodeFields[a.node[i]]},${startText},${csvNumber(a.end[i])}${tails[a.status[i]][a.locality[i]]}`;
    }
    yield chunk;
    if (from % (CHUNK_ROWS << 6) === 0) checkHeap(() => `writing tasks.csv: ${from} of ${a.count} rows`);
  }
}

export function tasksCsv(run: RunRecord): string {
  return [...tasksCsvChunks(run)].join('');
}

/** `wait`: how long the job waited for its first task (job-wait.ts). */
export function jobsCsv(run: RunRecord): string {
  const parts = ['scheduler,seed,job_id,user,pool,weight,submit,first_start,wait,maps_done,end,status\n'];
  for (const job of run.jobs) {
    parts.push(
      csvLine([run.scheduler, run.seed, job.id, job.user, job.pool, job.weight, job.submit, job.firstStart, jobWait(job, run.endTime), job.mapsDone, job.end, job.status]),
    );
  }
  return parts.join('');
}

/** The scheduler and seed fields that start each row, with their commas. */
function runKey(run: RunRecord): string {
  return `${csvField(run.scheduler)},${run.seed},`;
}

/** On a resource cluster, each node's memory (MiB, as YARN counts it) and vcores too. */
export function nodesCsv(run: RunRecord): string {
  const nodes = run.scenario.cluster.nodes;
  const resources = nodes.some((node) => node.slotModel === 'resources');
  const parts = [`node,rack,map_slots,reduce_slots,speed${resources ? ',memory_mb,vcores' : ''}\n`];
  for (const node of nodes) {
    const fields = [node.id, node.rack, node.mapSlots, node.reduceSlots, node.speed];
    parts.push(csvLine(resources ? [...fields, node.memory / MIB, node.vcores] : fields));
  }
  return parts.join('');
}

/** YARN mode's ApplicationMaster containers: job, node, when (end empty if still held when the run stopped), and its container on a resource cluster. */
export function applicationMastersCsv(run: RunRecord, masters: readonly AmContainerRecord[]): string {
  const { jobs, cluster, settings } = run.scenario;
  const container = cluster.nodes.some((node) => node.slotModel === 'resources') ? settings.yarn?.amContainer : undefined;
  const parts = [`scheduler,seed,job_id,node,start,end${container === undefined ? '' : ',memory_mb,vcores'}\n`];
  for (const am of masters) {
    const fields = [run.scheduler, run.seed, jobs[am.job].id, cluster.nodes[am.node].id, am.start, am.end];
    parts.push(csvLine(container === undefined ? fields : [...fields, container.memory / MIB, container.vcores]));
  }
  return parts.join('');
}

const MIB = 2 ** 20;

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

/** A file's text, whole or in chunks. */
export type FileText = string | Iterable<string>;

/** The folder of one run in a comparison's output: `runs/<scheduler>-<seed>/`. */
export function runFolder(run: RunRecord): string {
  return `runs/${run.scheduler}-${run.seed}/`;
}

/** Every file of one run, by file name (`prefix` before each: a folder of a comparison's output). */
export function runFiles(run: RunRecord, metrics: RunMetrics, provenance?: Provenance, prefix = ''): Record<string, FileText> {
  return {
    [`${prefix}tasks.csv`]: tasksCsvChunks(run),
    [`${prefix}jobs.csv`]: jobsCsv(run),
    [`${prefix}nodes.csv`]: nodesCsv(run),
    ...(run.applicationMasters === undefined ? {} : { [`${prefix}applicationMasters.csv`]: applicationMastersCsv(run, run.applicationMasters) }),
    [`${prefix}summary.json`]: JSON.stringify(runSummary(run, metrics, provenance), null, 2) + '\n',
  };
}

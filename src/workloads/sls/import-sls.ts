/**
 * The Hadoop Scheduler Load Simulator (SLS) importer: an SLS job trace (JSON
 * job objects one after another), and optionally an SLS topology file, to a
 * complete scenario file. Both files are read as streams. docs/traces/sls.md
 * explains the same rules for users.
 *
 * Jobs
 * - id = `job.id`, user = `job.user` (absent: `default`, as SLS), pool =
 *   `job.queue.name` (absent: `default`, YARN's default queue). Each queue
 *   becomes a pool with default settings: weights, shares and capacities
 *   live in the scheduler's configuration, not in the trace.
 * - submit = `job.start.ms` / 1000 s, less the earliest job's start, so the
 *   first job arrives at 0 (SLS starts its clock at 0 and submits at
 *   `job.start.ms`; the shift only removes an idle lead-in).
 * - weight 1, priority NORMAL: an SLS trace has neither.
 * - `am.type` must be `mapreduce` (absent means `mapreduce`, SLS's default).
 *   Other types (`stream`, `dag`, custom ones) are not made of map and
 *   reduce tasks: the job is a problem (left out with `skipInvalid`).
 * - `job.count` n ≥ 2 (SLS: n simultaneous copies) gives jobs `<id>-1` …
 *   `<id>-n`. `job.end.ms` is kept, with each container's recorded start
 *   and end, as the import's `recorded` times, to check a replay against
 *   (`mrsched replay-check`).
 * - overheads `recorded` (default): a job's setup = its first
 *   container.start.ms − job.start.ms (the ApplicationMaster's start and
 *   its first container requests), its commit = job.end.ms − its last
 *   container.end.ms (job-overheads.ts): what a replay of the containers
 *   alone leaves out. Set only where the trace has both times and they are
 *   in order; the jobs without are listed in the notes and keep
 *   settings.jobSetup / jobCommit. Copies (`job.count`) share them. `none`:
 *   no job sets either.
 *
 * Tasks
 * - `container.type` `map` or `reduce` (absent: `map`, SLS's default); any
 *   other type is a problem. A job needs at least one map (simulated jobs
 *   start with their maps).
 * - work = the recorded duration in seconds: `container.duration.ms`, else
 *   `duration.ms`, else `container.end.ms` − `container.start.ms`, / 1000,
 *   and > 0 (SLS's order and rule). SLS replays these durations whatever the
 *   node; every node here has speed 1, so a task runs exactly that long.
 * - No data: SLS traces carry no input, output or shuffle sizes. Maps have no
 *   input (no blocks, no replicas) and no output; each reduce fetches an
 *   equal share (1/reduces) of that nothing. Locality and shuffle cannot be
 *   studied with SLS traces, only the order and placement of tasks of fixed
 *   length.
 * - `container.host` is where the task ran in the traced run, not where its
 *   data was: it places nothing. It defines the cluster when there is no
 *   topology file; with one, hosts are matched by name and a host the
 *   topology lacks (or puts in another rack) is reported in the notes, its
 *   tasks running wherever the scheduler puts them (SLS, too, treats the
 *   host as a preference it may relax). Not an error, and no node is added:
 *   the topology is the cluster.
 * - `count` repeats a task entry (SLS 3.3+). `container.priority` is not used
 *   (SLS's own MapReduce application master overrides it: maps 20, reduces
 *   10); `container.execution.type` is not used (every task runs in a
 *   guaranteed container). A task's `container.memory-mb` and
 *   `container.vcores` make its job's `mapContainer` or `reduceContainer`
 *   (the largest its tasks of the kind ask for; a resource none gives is
 *   the import's container size): they count on a resource cluster.
 *
 * The cluster (sls-topology.ts, sls-cluster.ts, sls-options.ts)
 * - Unified YARN containers per node = min(⌊memory-mb / containerMemoryMb⌋,
 *   ⌊vcores / containerVcores⌋), a missing memory-mb or vcores taken from
 *   SLS's NodeManager defaults (10240 MB, 10 vcores); a node giving neither,
 *   and every node without a topology file, gets the `containers` option
 *   (default: the same rule on the defaults, 10). Labels are not used.
 * - Settings: heartbeats every 1 s (SLS's NodeManager heartbeat), reduces
 *   once all of their job's maps are done (slowStart 1: SLS's MapReduce
 *   application master requests reduces only then). Application masters are
 *   not modelled (SLS gives each one a container for its job's life).
 *
 * Problems
 * - A malformed field is an `InputError` naming the file and the JSON path
 *   (`job 1 (job_1).job.tasks[2].container.end.ms`), with every problem in
 *   the file. With `skipInvalid` the job is left out and listed in `skipped`
 *   (where: the file and the first problem's path; reason: what was expected
 *   and found, and any further problems). A job that is not valid JSON
 *   stops the import at its line and column; with `skipInvalid` it alone is
 *   left out and listed there, and the jobs after it are read. The topology
 *   is configuration; a problem in it stops the import.
 * - `notes` lists every assumption applied, with counts and examples of the
 *   records concerned.
 */
import { basename, extname } from 'node:path';
import { InputError, type InputProblem } from '../../util/input-error.js';
import { recordedFirstStart, recordedLastTaskEnd, type RecordedJob, type RecordedSpan } from '../../model/recorded-run.js';
import type { ScenarioFile } from '../../input/scenario-file.js';
import type { ImportResult } from '../import-result.js';
import type { SkippedRecord } from '../skipped-record.js';
import { peakConcurrency } from '../peak-concurrency.js';
import { brokenValueProblem, readJsonSequence, skippedBrokenValue, type BrokenValue } from '../json-sequence.js';
import { locateInRecord, RecordProblems } from '../record-problems.js';
import { jobOverheads, overheadFields, OverheadGaps, type JobOverheads } from '../job-overheads.js';
import { clusterFromHosts, matchHosts } from './sls-cluster.js';
import { parseSlsJob, type SlsJob, type TaskRequest } from './sls-job.js';
import { slsNotes } from './sls-notes.js';
import { resolveSlsOptions, type SlsImportOptions, type SlsSettings } from './sls-options.js';
import { readSlsTopology, type SlsNode } from './sls-topology.js';
import { Tally } from './tally.js';

/** Heartbeat interval of SLS's NodeManagers (yarn.sls.nm.heartbeat.interval.ms = 1000), seconds. */
export const SLS_HEARTBEAT_INTERVAL = 1;
/** SLS's ApplicationMaster container: 1024 MB and 1 vcore. */
const SLS_AM_MEMORY_MB = 1024;

type JobEntry = NonNullable<ScenarioFile['jobs']>[number];

export async function importSls(jobsPath: string, options: SlsImportOptions = {}): Promise<ImportResult> {
  const settings = resolveSlsOptions(options);
  const topology = settings.topology === undefined ? undefined : await readSlsTopology(settings.topology, settings);

  const jobs: SlsJob[] = [];
  const usedIds = new Set<string>();
  const problems = new RecordProblems();
  const skipped: SkippedRecord[] = [];
  const jobTally = new Tally();
  const onBroken = (broken: BrokenValue) => {
    if (settings.skipInvalid) skipped.push(skippedBrokenValue(jobsPath, broken));
    else problems.add([brokenValueProblem(broken)]);
  };
  for await (const record of readJsonSequence(jobsPath, { onBroken })) {
    const result = parseSlsJob(record.value, { index: record.index, usedIds, racksFromHosts: topology === undefined });
    if (result.ok) {
      jobs.push(result.job);
      for (const id of result.job.ids) usedIds.add(id);
      jobTally.merge(result.tally);
      continue;
    }
    const located = locateInRecord(record, result.label, result.problems);
    if (settings.skipInvalid) skipped.push(skippedRecord(jobsPath, located));
    else problems.add(located);
  }
  problems.throwIfAny(jobsPath);
  if (jobs.length === 0) {
    throw new InputError(jobsPath, [
      {
        path: '',
        expected: 'at least one SLS job',
        found: skipped.length === 0 ? 'none' : `none usable: all ${skipped.length} were malformed (see the first: ${skipped[0].where}: ${skipped[0].reason})`,
      },
    ]);
  }

  const fromHosts = topology === undefined ? clusterFromHosts(jobs, settings) : undefined;
  const racks = topology?.racks ?? fromHosts?.racks ?? [];
  const hostTally = topology === undefined ? (fromHosts?.tally ?? new Tally()) : matchHosts(jobs, topology);

  const earliestMs = jobs.reduce((min, job) => Math.min(min, job.startMs), Infinity);
  const queues = [...new Set(jobs.map((job) => job.queue))];
  const overheads = jobs.map(slsJobOverheads);
  const overheadGaps = new OverheadGaps();
  jobs.forEach((job, j) => job.ids.forEach((id) => overheadGaps.add(id, overheads[j])));
  const scenario: ScenarioFile = {
    name: basename(jobsPath, extname(jobsPath)),
    description:
      `Imported from the SLS trace ${basename(jobsPath)}` +
      (settings.topology === undefined ? '' : ` with the topology ${basename(settings.topology)}`) +
      '. Task work is the recorded duration; the trace has no data sizes.',
    cluster: { racks: racks.map((rack) => ({ id: rack.id, nodes: rack.nodes.map((node) => clusterNode(node, settings.resources)) })) },
    pools: queues.map((id) => ({ id })),
    jobs: jobs.flatMap((job, j) => scenarioJobs(job, earliestMs, overheads[j], settings)),
    settings: { heartbeatInterval: SLS_HEARTBEAT_INTERVAL, slowStart: 1, ...(settings.resources ? { yarn: slsYarn(settings) } : {}) },
  };

  const notes = slsNotes({
    settings,
    earliestMs,
    jobCount: scenario.jobs?.length ?? 0,
    racks,
    jobTally,
    hostTally,
    topology: topology === undefined ? undefined : { file: basename(settings.topology ?? ''), tally: topology.tally },
    skipped: skipped.length,
    hostPeak: hostPeak(jobs),
    overheads: overheadGaps.notes(settings.overheads, SLS_OVERHEADS),
  });
  return { scenario, skipped, notes, recorded: { jobs: jobs.flatMap((job) => recordedJobs(job, earliestMs)) } };
}

/** A node of the scenario: its memory and vcores on a resource cluster, else its containers. */
function clusterNode(node: SlsNode, resources: boolean) {
  return resources ? { id: node.id, memory: `${node.memoryMb} MB`, vcores: node.vcores } : { id: node.id, containers: node.containers };
}

/** YARN mode on a resource cluster: tasks in SLS's containers, an AM per job in SLS's (1024 MB, 1 vcore). */
function slsYarn(settings: SlsSettings) {
  const task = { memory: `${settings.containerMemoryMb} MB`, vcores: settings.containerVcores };
  return { amContainer: { memory: `${SLS_AM_MEMORY_MB} MB`, vcores: 1 }, mapContainer: task, reduceContainer: task };
}

/** The most containers one host ran at once, over the hosts with timed containers. */
function hostPeak(jobs: readonly SlsJob[]): { highest: number; hosts: number } {
  const byHost = new Map<string, { starts: number[]; ends: number[] }>();
  for (const job of jobs) {
    for (const span of job.hostSpans) {
      const host = byHost.get(span.node) ?? { starts: [], ends: [] };
      byHost.set(span.node, host);
      host.starts.push(span.start);
      host.ends.push(span.end);
    }
  }
  let highest = 0;
  for (const { starts, ends } of byHost.values()) highest = Math.max(highest, peakConcurrency(starts, ends));
  return { highest, hosts: byHost.size };
}

/** The recorded times of one SLS job's scenario jobs (copies share them), on the scenario's clock. */
function recordedJobs(job: SlsJob, earliestMs: number): RecordedJob[] {
  const s = (ms: number) => (ms - earliestMs) / 1000;
  const span = (t: RecordedSpan | null) => (t === null ? null : { start: s(t.start), end: s(t.end) });
  const maps = job.mapSpans.map(span);
  const reduces = job.reduceSpans.map(span);
  const end = job.endMs === undefined ? recordedLastTaskEnd({ maps, reduces }) : s(job.endMs);
  return job.ids.map((id) => ({ id, submit: s(job.startMs), end, maps, reduces }));
}

/** The SLS times of a job's setup and commit, as the notes name them. */
const SLS_OVERHEADS = {
  setup: { from: 'job.start.ms', to: 'the first container.start.ms' },
  commit: { from: 'the last container.end.ms', to: 'job.end.ms' },
};

/** A job's setup and commit from job.start.ms, job.end.ms and its containers' recorded starts and ends. */
function slsJobOverheads(job: SlsJob): JobOverheads {
  const tasks = { maps: job.mapSpans, reduces: job.reduceSpans };
  return jobOverheads({ submit: job.startMs, firstTaskStart: recordedFirstStart(tasks), lastTaskEnd: recordedLastTaskEnd(tasks), end: job.endMs ?? null });
}

/** The scenario jobs of one SLS job (several with job.count). */
function scenarioJobs(job: SlsJob, earliestMs: number, overheads: JobOverheads, settings: SlsSettings): JobEntry[] {
  const reduces = job.reduces.length;
  return job.ids.map((id) => ({
    id,
    user: job.user,
    pool: job.queue,
    submit: (job.startMs - earliestMs) / 1000,
    ...overheadFields(overheads, settings.overheads),
    weight: 1,
    priority: 'NORMAL',
    mapTasks: job.maps.map((work) => ({ work })),
    ...(reduces === 0 ? {} : { reduceTasks: job.reduces.map((work) => ({ shuffleShare: 1 / reduces, work })) }),
    ...containerOf('mapContainer', job.mapRequest, settings),
    ...(reduces === 0 ? {} : containerOf('reduceContainer', job.reduceRequest, settings)),
  }));
}

/** The container a job's tasks of a kind asked for, where they gave a size: a resource they did not give is the import's. */
function containerOf(field: 'mapContainer' | 'reduceContainer', request: TaskRequest, settings: SlsSettings) {
  if (request.memoryMb === undefined && request.vcores === undefined) return {};
  return { [field]: { memory: `${request.memoryMb ?? settings.containerMemoryMb} MB`, vcores: request.vcores ?? settings.containerVcores } };
}

/** A malformed job left out: the file, its first problem's line, column and path, and what was wrong. */
function skippedRecord(file: string, problems: readonly InputProblem[]): SkippedRecord {
  const [first, ...rest] = problems;
  const more = rest.map((p) => `${p.path}: expected ${p.expected}, found ${p.found}`);
  return {
    where: `${file}:${first.line}:${first.column}: ${first.path}`,
    reason: `expected ${first.expected}, found ${first.found}` + (more.length === 0 ? '' : `; also ${more.join('; ')}`),
  };
}

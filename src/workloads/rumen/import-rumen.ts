/**
 * Hadoop Rumen traces (job history digested by Rumen's TraceBuilder: job
 * objects written one after another) to a scenario file. docs/traces/rumen.md
 * says the same for users. The rules, each with its reason:
 *
 * Reading
 * - The file is streamed one job object at a time; memory grows with the jobs
 *   kept (as scenario jobs), not with the file.
 * - A malformed record or field (missing jobID, a time that is not a number,
 *   a task that is not an object, …: rumen-job.ts) stops the import with an
 *   InputError naming the JSON path (`job 1 (job_…).mapTasks[2].startTime`)
 *   and its line and column, after every record is read, listing every
 *   malformed one; broken JSON names the line and column. With `skipInvalid` the job is left
 *   out and listed in `skipped` (the file and the job's path, and every
 *   problem). Broken JSON is one malformed record too: with `skipInvalid`
 *   it alone is left out, listed at its line and column, and the records
 *   after it are read (json-sequence.ts cuts records by their brackets).
 * - -1 (and null, or a field left out) means unknown, never malformed; each
 *   rule below says what stands in for an unknown value.
 *
 * Jobs
 * - id = jobID; user = user; pool = queue (Fair Scheduler pools and
 *   Capacity Scheduler queues are one list in our model); unknown user or
 *   queue: `default` (Hadoop's default queue, our default user).
 * - submit = (submitTime − the earliest submitTime of the trace's kept jobs)
 *   / 1000 s: our clock starts at 0 and counts seconds, Rumen's are ms since
 *   the epoch. An unknown submitTime is stood in for by launchTime, else the
 *   earliest start of the job's tasks (the job was submitted before them).
 * - priority: Rumen's names are Hadoop's JobPriority, which ours copy
 *   (VERY_HIGH … VERY_LOW); DEFAULT, UNDEFINED_PRIORITY and unknown become
 *   NORMAL, Hadoop's default. weight 1: Rumen records no weight.
 * - One map per `mapTasks[]` entry, one reduce per `reduceTasks[]` entry: the
 *   real task counts (`totalMaps`/`totalReduces` are only compared, and a
 *   difference noted). `otherTasks[]` (setup and cleanup) are not simulated
 *   as tasks: the model has no such tasks; they are counted in the notes, and
 *   their time lies inside the job's setup and commit (below).
 * - A job with no map task is left out (the model needs a map per job), and
 *   so, in recorded mode, is a job none of whose maps (or none of whose
 *   reduces) has a timed successful attempt: there is nothing to time it by.
 *   Both are listed in the notes with their ids.
 *
 * Tasks
 * - Only successful attempts define durations and bytes (the first with
 *   result SUCCESS): failed and killed attempts are retries the model does not
 *   replay; they are counted in the notes.
 * - Map input = the task's inputBytes, else its successful attempt's
 *   hdfsBytesRead. Replicas = the hosts of the task's preferredLocations
 *   (layers [rack, host]), each once, in the trace's order: where its split's
 *   replicas were, which is what locality is measured against.
 * - Map output = the task's outputBytes, else the attempt's mapOutputBytes;
 *   unknown: 0. outputBytes first because it is the materialized output
 *   (after the combiner) that reduces fetch; mapOutputBytes is counted before
 *   the combiner (in the WordCount sample about 19 times what is shuffled).
 * - Job output (`outputBytes`, moved with settings.writes.jobOutput) = the
 *   sum of its reduces' outputBytes (what they wrote to HDFS), a map-only
 *   job's the sum of its maps' outputs; unknown: 0.
 * - Reduce shuffle share = its successful attempt's reduceShuffleBytes (else
 *   the task's inputBytes) over the sum over the job's reduces: the share of
 *   every map's output it fetched. Equal shares when any is unknown or all
 *   are 0 (the partitioner's even split is the only neutral guess).
 * - durations `recorded` (default; what Hadoop's SLS does with a Rumen trace):
 *   a map's work = its successful attempt's finishTime − startTime, seconds.
 *   That time already holds the read of the input, so the map's inputBytes is
 *   0 (the simulator then adds no read time), while its replicas stay so that
 *   schedulers still see, and runs still report, locality. A reduce's work =
 *   finishTime − shuffleFinished: its sort and reduce phases, because the
 *   simulator models the shuffle itself (fetching its share of each map's
 *   output after the maps end), and the recorded shuffle also holds the wait
 *   for the last map. sortFinished is not needed: the model has no separate
 *   sort phase, the sort is inside finishTime − shuffleFinished. With
 *   shuffleFinished unknown, work = finishTime − startTime (noted: that
 *   reduce's shuffle is then counted twice). A task with no timed successful
 *   attempt gets the mean recorded work of its job's tasks of its kind.
 * - durations `model`: maps read their real input (the simulator adds the
 *   read), map work = mapSecondsPerMB × input MiB, reduce work =
 *   reduceSecondsPerMB × MiB it fetches (its share of the job's map output),
 *   at speed 1 (MB meaning MiB, as everywhere in mrsched). Defaults 0.25 and
 *   0.5 s/MiB, the SWIM importer's, so that both importers share one cost
 *   model: assumptions, to be set from measurements of the cluster. A map with input but no preferred
 *   location gets replicas from the placement policy; one with unknown input
 *   reads nothing and has no replicas (the model allows none without input).
 *
 * Cluster
 * - One node per host named by a well-formed job (attempts' hostName
 *   `/rack/host`, preferred locations [rack, host]) in its rack, ids as in the
 *   trace, in order of first appearance (rumen-hosts.ts). Rumen records no
 *   slots: each host's map and reduce slots are the most attempts of the kind
 *   that ran on it at once (rumen-slots.ts), unless the mapSlots or
 *   reduceSlots option gives a number for every node; speed 1, as the
 *   recorded durations are those of the trace's own machines; disk and
 *   network rates are the model's defaults.
 *
 * Job setup and commit
 * - overheads `recorded` (default): a job's setup = its first successful map
 *   or reduce attempt's startTime − submitTime, its commit = finishTime − its
 *   last one's finishTime (job-overheads.ts): what a replay of the tasks
 *   alone leaves out, job setup (the setup task, the wait for it) and the
 *   output commit (the cleanup task). Set only where the trace records
 *   both times and they are in order (a stand-in submit time is not
 *   recorded); the jobs without are listed in the notes and keep
 *   settings.jobSetup / jobCommit. `none`: no job sets either.
 *
 * Replay
 * - Beside the scenario, `recorded` holds each kept job's recorded times
 *   (rumen-recorded.ts) for `mrsched replay-check`, and the notes hold each
 *   job's start-up and commit seconds, with its setup and cleanup tasks'.
 *
 * Every assumption applied is a line of `notes`.
 */
import { basename, extname } from 'node:path';
import { InputError, type InputProblem } from '../../util/input-error.js';
import type { ScenarioFile } from '../../input/scenario-file.js';
import type { ImportResult } from '../import-result.js';
import type { SkippedRecord } from '../skipped-record.js';
import { brokenValueProblem, readJsonSequence, skippedBrokenValue, type BrokenValue } from '../json-sequence.js';
import { locateInRecord, RecordProblems } from '../record-problems.js';
import { HostRegistry } from './rumen-hosts.js';
import { jobSubmitMs, readRumenJob, type RumenJob } from './rumen-job.js';
import { overheadFields, OverheadGaps } from '../job-overheads.js';
import { INFERRED, resolveRumenOptions, type ResolvedRumenOptions, type RumenImportOptions } from './rumen-options.js';
import { overheadNote, recordedJobMs, toScenarioClock, type RecordedJobMs } from './rumen-recorded.js';
import { HADOOP_DEFAULT_SLOTS, HostAttempts, inferSlots, type SlotInference } from './rumen-slots.js';
import { DEFAULT_QUEUE, emptyTally, toScenarioJob, type RumenTally, type ScenarioJob } from './rumen-scenario-job.js';

/** Imports the Rumen trace at `path`; see the rules above. Throws InputError for bad input. */
export async function importRumen(path: string, options: RumenImportOptions = {}): Promise<ImportResult> {
  const settings = resolveRumenOptions(options);
  const hosts = new HostRegistry();
  const tally = emptyTally();
  const skipped: SkippedRecord[] = [];
  const seenIds = new Set<string>();
  const attempts = new HostAttempts();
  const kept: { readonly job: Omit<ScenarioJob, 'submit'>; readonly recorded: RecordedJobMs }[] = [];
  const problems = new RecordProblems();
  let records = 0;
  const onBroken = (broken: BrokenValue) => {
    if (settings.skipInvalid) skipped.push(skippedBrokenValue(path, broken));
    else problems.add([brokenValueProblem(broken)]);
  };
  for await (const record of readJsonSequence(path, { onBroken })) {
    records = record.index + 1;
    const reading = readRumenJob(record.value, record.index, seenIds);
    if (!reading.ok) {
      const located = locateInRecord(record, reading.label, reading.problems);
      if (!settings.skipInvalid) problems.add(located);
      else skipped.push({ where: `${path}:${located[0].line}:${located[0].column}: ${reading.label}`, reason: located.map(describeProblem).join('; ') });
      continue;
    }
    addHosts(reading.job, hosts);
    attempts.add(reading.job);
    const job = toScenarioJob(reading.job, settings, tally);
    const submitMs = jobSubmitMs(reading.job);
    if (job !== undefined && submitMs !== undefined) kept.push({ job, recorded: recordedJobMs(reading.job, submitMs) });
  }

  problems.throwIfAny(path);
  if (kept.length === 0) {
    const why = skipped.length > 0 ? `${skipped.length} malformed, ` : '';
    throw new InputError(path, [
      {
        path: '',
        expected: 'at least one job that can be simulated',
        found: `none of ${records} record${records === 1 ? '' : 's'} (${why}${leftOutCount(tally)} left out)`,
      },
    ]);
  }
  if (hosts.size === 0) {
    throw new InputError(path, [
      { path: '', expected: 'at least one host (an attempt hostName or a preferred location)', found: 'none' },
    ]);
  }

  let originMs = Infinity;
  for (const { recorded } of kept) if (recorded.submitMs < originMs) originMs = recorded.submitMs;
  const jobs = kept.map(
    ({ job: { id, ...rest }, recorded }): ScenarioJob => ({
      id,
      submit: (recorded.submitMs - originMs) / 1000,
      ...overheadFields(recorded.overheads, settings.overheads),
      ...rest,
    }),
  );
  const overheadGaps = new OverheadGaps();
  for (const { recorded } of kept) overheadGaps.add(recorded.id, recorded.overheads);
  const recordedJobs = kept.map(({ recorded }) => toScenarioClock(recorded, originMs));
  const pools = [...new Set(jobs.map((job) => job.pool ?? DEFAULT_QUEUE))].map((id) => ({ id }));
  const racks = hosts.racks();
  const slots = nodeSlots(settings, attempts, racks.flatMap((rack) => rack.hosts));
  let next = 0;
  const scenario: ScenarioFile = {
    name: basename(path, extname(path)),
    description: `Imported from the Hadoop Rumen trace ${basename(path)}: ${jobs.length} job${jobs.length === 1 ? '' : 's'}, ${settings.durations} durations.`,
    cluster: {
      defaults: { ...slots.fixed, speed: 1 },
      racks: racks.map((rack) => ({ id: rack.id, nodes: rack.hosts.map((host) => ({ id: host, ...slots.perNode[next++] })) })),
    },
    pools,
    jobs,
  };
  const overheads = {
    rules: overheadGaps.notes(settings.overheads, RUMEN_OVERHEADS),
    perJob: kept.flatMap(({ recorded }) => overheadNote(recorded) ?? []),
  };
  const notes = buildNotes(settings, tally, hosts, racks.length, originMs, jobs.length, slots.inferred, overheads);
  return { scenario, skipped, notes, recorded: { jobs: recordedJobs } };
}

/** The Rumen times of a job's setup and commit, as the notes name them. */
const RUMEN_OVERHEADS = {
  setup: { from: 'submitTime', to: 'the first map or reduce attempt start' },
  commit: { from: 'the last map or reduce attempt end', to: 'finishTime' },
};

/**
 * Slots per node: a number given as an option goes into the cluster's
 * defaults; an inferred kind is set on each node (hosts in `hosts` order).
 */
function nodeSlots(
  settings: ResolvedRumenOptions,
  attempts: HostAttempts,
  hosts: readonly string[],
): {
  fixed: { mapSlots?: number; reduceSlots?: number };
  perNode: { mapSlots?: number; reduceSlots?: number }[];
  inferred: { map?: SlotInference; reduce?: SlotInference };
} {
  const perNode: { mapSlots?: number; reduceSlots?: number }[] = hosts.map(() => ({}));
  const fixed: { mapSlots?: number; reduceSlots?: number } = {};
  const inferred: { map?: SlotInference; reduce?: SlotInference } = {};
  for (const [kind, key] of [['map', 'mapSlots'], ['reduce', 'reduceSlots']] as const) {
    const option = settings[key];
    if (option !== INFERRED) {
      fixed[key] = option;
      continue;
    }
    const { slots, inference } = inferSlots(attempts.peaks(hosts, kind));
    slots.forEach((n, i) => (perNode[i][key] = n));
    inferred[kind] = inference;
  }
  return { fixed, perNode, inferred };
}

function describeProblem(problem: InputProblem): string {
  return `${problem.path === '' ? '' : `${problem.path}: `}expected ${problem.expected}, found ${problem.found}`;
}

/** Every host a job names: its attempts' hosts and its tasks' preferred locations, maps, reduces, setup and cleanup. */
function addHosts(job: RumenJob, hosts: HostRegistry): void {
  for (const tasks of [job.mapTasks, job.reduceTasks, job.otherTasks]) {
    for (const task of tasks) {
      for (const attempt of task.attempts) if (attempt.host !== undefined) hosts.add(attempt.host);
      for (const location of task.preferred) hosts.add(location);
    }
  }
}

function leftOutCount(tally: RumenTally): number {
  let n = 0;
  for (const ids of tally.leftOut.values()) n += ids.length;
  return n;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).join(', ');
  return ids.length > 5 ? `${shown}, … (${ids.length} in all)` : shown;
}

function buildNotes(
  settings: ResolvedRumenOptions,
  tally: RumenTally,
  hosts: HostRegistry,
  rackCount: number,
  originMs: number,
  jobCount: number,
  inferred: { map?: SlotInference; reduce?: SlotInference },
  overheads: { readonly rules: readonly string[]; readonly perJob: readonly string[] },
): string[] {
  const notes: string[] = [];
  if (settings.durations === 'recorded') {
    notes.push(
      "durations recorded: a map's work is its successful attempt's finishTime − startTime; it reads 0 bytes (the recorded time includes its read) and keeps its preferred hosts as replicas for locality",
      "durations recorded: a reduce's work is its successful attempt's finishTime − shuffleFinished (sort and reduce phases); the simulator models the shuffle from the map outputs",
    );
  } else {
    notes.push(
      `durations model: map work = ${settings.mapSecondsPerMB} s per MiB of input, reduce work = ${settings.reduceSecondsPerMB} s per MiB fetched, at speed 1 (an assumed cost model); maps read their recorded input`,
    );
  }
  const slotsPhrase = (kind: 'map' | 'reduce', option: number | typeof INFERRED) =>
    option === INFERRED ? `${kind} slots inferred` : `${option} ${kind} slots each (the ${kind}Slots option)`;
  notes.push(
    `cluster: the trace's ${plural(hosts.size, 'host')} as nodes in the racks their attempts' hostName and preferred locations name (${plural(rackCount, 'rack')}), ${slotsPhrase('map', settings.mapSlots)}, ${slotsPhrase('reduce', settings.reduceSlots)}, speed 1, default disk and network rates`,
    `submit times: seconds after the earliest submitTime of the imported jobs (${originMs} ms since the epoch)`,
    'weight 1 for every job (Rumen records none); pools are the jobs\' queues; priorities keep Hadoop\'s names',
    "map output: the task's outputBytes (after the combiner: what reduces fetch), else the attempt's mapOutputBytes",
    "job output: the reduces' outputBytes (a map-only job's: its maps' outputs), moved only with settings.writes.jobOutput",
    "reduce shuffle shares: each reduce's reduceShuffleBytes over its job's total",
  );
  for (const [kind, inference] of Object.entries(inferred)) {
    if (inference === undefined) continue;
    const fill = inference.highest > 0 ? `the highest peak, ${inference.highest}` : `Hadoop 1's default, ${HADOOP_DEFAULT_SLOTS} (the trace times no ${kind} attempt)`;
    notes.push(
      `${kind} slots per node = the most ${kind} attempts that ran on its host at once (a lower bound; Rumen records no slots): ${plural(inference.measured, 'host')} measured` +
        (inference.filled > 0 ? `, ${plural(inference.filled, 'host')} with no timed ${kind} attempt given ${fill}` : ''),
    );
  }
  notes.push(...overheads.rules);
  const other: string[] = [];
  if (tally.setupTasks > 0) other.push(plural(tally.setupTasks, 'setup task'));
  if (tally.cleanupTasks > 0) other.push(plural(tally.cleanupTasks, 'cleanup task'));
  if (tally.otherKindTasks > 0) other.push(plural(tally.otherKindTasks, 'other task'));
  if (other.length > 0) {
    notes.push(
      `not simulated as tasks (the model has no setup or cleanup tasks; their time lies inside the job's setup and commit): ${other.join(', ')} in ${plural(tally.jobsWithOtherTasks, 'job')}`,
    );
  }
  const retries: string[] = [];
  if (tally.failedAttempts > 0) retries.push(plural(tally.failedAttempts, 'failed attempt'));
  if (tally.killedAttempts > 0) retries.push(plural(tally.killedAttempts, 'killed attempt'));
  if (tally.otherResultAttempts > 0) retries.push(plural(tally.otherResultAttempts, 'attempt with another or unknown result'));
  if (retries.length > 0) notes.push(`not replayed (only successful attempts define durations): ${retries.join(', ')}`);
  if (tally.untimedTasks > 0) {
    notes.push(`${plural(tally.untimedTasks, 'task')} without a timed successful attempt got the mean work of its job's tasks of its kind`);
  }
  if (tally.reducesWithoutShuffleEnd > 0) {
    notes.push(`${plural(tally.reducesWithoutShuffleEnd, 'reduce')} without a known shuffleFinished: work = finishTime − startTime (its shuffle is counted twice)`);
  }
  if (tally.mapsWithUnknownInput > 0) notes.push(`${plural(tally.mapsWithUnknownInput, 'map')} with unknown input: 0 bytes, work 0`);
  if (tally.mapsWithUnknownOutput > 0) notes.push(`${plural(tally.mapsWithUnknownOutput, 'map')} with unknown output: 0 bytes`);
  if (tally.mapsWithPlacedReplicas > 0) {
    notes.push(`${plural(tally.mapsWithPlacedReplicas, 'map')} with input but no preferred location: replicas placed by the rack-aware policy (seeded)`);
  }
  if (tally.mapsWithDroppedReplicas > 0) {
    notes.push(`${plural(tally.mapsWithDroppedReplicas, 'map')} without input bytes: preferred locations dropped (the model takes replicas only with input)`);
  }
  if (tally.jobsWithEqualShares > 0) {
    notes.push(`${plural(tally.jobsWithEqualShares, 'job')} with unknown reduce shuffle bytes: equal shares`);
  }
  if (tally.jobsWithoutUser > 0) notes.push(`${plural(tally.jobsWithoutUser, 'job')} without a user: user 'default'`);
  if (tally.jobsWithoutQueue > 0) notes.push(`${plural(tally.jobsWithoutQueue, 'job')} without a queue: pool 'default'`);
  if (tally.jobsWithDefaultPriority > 0) {
    notes.push(`${plural(tally.jobsWithDefaultPriority, 'job')} with priority unknown, DEFAULT or UNDEFINED_PRIORITY: NORMAL`);
  }
  if (tally.jobsWithoutSubmitTime > 0) {
    notes.push(`${plural(tally.jobsWithoutSubmitTime, 'job')} without a submitTime: launchTime, else its earliest task start`);
  }
  if (tally.jobsWithTotalsMismatch > 0) {
    notes.push(`${plural(tally.jobsWithTotalsMismatch, 'job')} whose totalMaps or totalReduces differ from its task lists: the lists are used`);
  }
  if (hosts.hostsWithoutRack > 0) notes.push(`${plural(hosts.hostsWithoutRack, 'host')} named without a rack: put in default-rack`);
  if (hosts.movedHosts.size > 0) {
    notes.push(`${plural(hosts.movedHosts.size, 'host')} named in more than one rack: kept in the first (${idList([...hosts.movedHosts])})`);
  }
  for (const [reason, ids] of tally.leftOut) notes.push(`left out ${plural(ids.length, 'job')} with ${reason}: ${idList(ids)}`);
  notes.push(...overheads.perJob, `${plural(jobCount, 'job')} imported`);
  return notes;
}

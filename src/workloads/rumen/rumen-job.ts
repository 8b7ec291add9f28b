/**
 * One Rumen job object (Hadoop's LoggedJob as Rumen's TraceBuilder writes it),
 * checked and reduced to the fields the importer uses. Every other field of
 * the trace (counters, CDFs, records counts, the cluster's memory settings) is ignored.
 *
 * A field holding the wrong kind of value is a problem, named by its JSON path
 * under the job (`job 1 (job_…).mapTasks[2].startTime`): a missing or empty
 * jobID, a jobID used by an earlier job, a string where a time or size goes, a
 * negative number other than -1, a task or attempt that is not an object, an
 * attempt that finishes before it starts, a reduce attempt whose shuffle
 * finishes outside the attempt, an unknown priority name. Unknown values (-1,
 * null, a field left out) are not problems: the record holds `undefined` and
 * the importer decides what stands in for it.
 */
import type { InputProblem } from '../../util/input-error.js';
import { hasUnsafeCharacter, WITHOUT_UNSAFE_CHARACTERS } from '../../input/text-characters.js';
import { FieldReader, isObject, type JsonObject } from './rumen-fields.js';
import { fromLayers, parseHostName, type HostPath } from './rumen-hosts.js';

/** Rumen's job priority names (Hadoop's JobPriority); DEFAULT and UNDEFINED_PRIORITY are Hadoop 2's. */
const RUMEN_PRIORITIES = ['VERY_HIGH', 'HIGH', 'NORMAL', 'LOW', 'VERY_LOW', 'DEFAULT', 'UNDEFINED_PRIORITY'] as const;
export type RumenPriority = (typeof RUMEN_PRIORITIES)[number];

export interface RumenAttempt {
  /** SUCCESS, FAILED, KILLED, … as written; undefined when unknown. */
  readonly result: string | undefined;
  readonly host: HostPath | undefined;
  /** Times in milliseconds since the epoch; sizes in bytes; undefined when unknown. */
  readonly startTime: number | undefined;
  readonly finishTime: number | undefined;
  readonly shuffleFinished: number | undefined;
  readonly hdfsBytesRead: number | undefined;
  readonly mapOutputBytes: number | undefined;
  readonly reduceShuffleBytes: number | undefined;
}

export interface RumenTask {
  readonly taskType: string | undefined;
  readonly startTime: number | undefined;
  readonly finishTime: number | undefined;
  readonly inputBytes: number | undefined;
  readonly outputBytes: number | undefined;
  /** Where the input's replicas are, in the trace's order. */
  readonly preferred: readonly HostPath[];
  readonly attempts: readonly RumenAttempt[];
}

export interface RumenJob {
  readonly jobID: string;
  readonly user: string | undefined;
  readonly queue: string | undefined;
  readonly priority: RumenPriority | undefined;
  readonly submitTime: number | undefined;
  readonly launchTime: number | undefined;
  /** When the job finished, after its cleanup (commit). */
  readonly finishTime: number | undefined;
  readonly totalMaps: number | undefined;
  readonly totalReduces: number | undefined;
  /** The memory, MB, each map and each reduce asked for (mapreduce.map.memory.mb, …); undefined when unknown. */
  readonly jobMapMB: number | undefined;
  readonly jobReduceMB: number | undefined;
  readonly mapTasks: readonly RumenTask[];
  readonly reduceTasks: readonly RumenTask[];
  /** Setup and cleanup tasks. */
  readonly otherTasks: readonly RumenTask[];
}

export type RumenJobReading =
  | { readonly ok: true; readonly label: string; readonly job: RumenJob }
  | { readonly ok: false; readonly label: string; readonly problems: readonly InputProblem[] };

/** How a job is named in problems: `job 3 (job_…)`, or `job 3` when it has no usable jobID. */
function jobLabel(index: number, jobID: string | undefined): string {
  return jobID === undefined ? `job ${index + 1}` : `job ${index + 1} (${jobID})`;
}

/**
 * Checks the file's `index`-th value (0-based) as a job. `seenIds` holds the
 * ids of the earlier jobs; a well-formed job's id is added to it.
 */
export function readRumenJob(value: unknown, index: number, seenIds: Set<string>): RumenJobReading {
  const reader = new FieldReader(jobLabel(index, undefined));
  if (!isObject(value)) {
    reader.problem('', 'a job object', value);
    return { ok: false, label: jobLabel(index, undefined), problems: reader.problems };
  }
  const rawId = value.jobID;
  const jobID = typeof rawId === 'string' && rawId.trim() !== '' && !hasUnsafeCharacter(rawId) ? rawId : undefined;
  const label = jobLabel(index, jobID);
  reader.setRoot(label);
  if (jobID === undefined) reader.problem('jobID', `a jobID (a non-empty string ${WITHOUT_UNSAFE_CHARACTERS})`, rawId);
  else if (seenIds.has(jobID)) reader.problem('jobID', 'a jobID not used by an earlier job', rawId);

  const job: RumenJob = {
    jobID: jobID ?? '',
    user: reader.string(value, 'user', ''),
    queue: reader.string(value, 'queue', ''),
    priority: readPriority(reader, value),
    submitTime: reader.count(value, 'submitTime', ''),
    launchTime: reader.count(value, 'launchTime', ''),
    finishTime: reader.count(value, 'finishTime', ''),
    totalMaps: reader.count(value, 'totalMaps', ''),
    totalReduces: reader.count(value, 'totalReduces', ''),
    jobMapMB: reader.count(value, 'jobMapMB', ''),
    jobReduceMB: reader.count(value, 'jobReduceMB', ''),
    mapTasks: readTasks(reader, value, 'mapTasks'),
    reduceTasks: readTasks(reader, value, 'reduceTasks'),
    otherTasks: readTasks(reader, value, 'otherTasks'),
  };
  if (jobSubmitMs(job) === undefined && reader.problems.length === 0) {
    reader.problem('submitTime', 'a submitTime (or a launchTime or task startTime to stand in for it)', value.submitTime);
  }
  if (reader.problems.length > 0) return { ok: false, label, problems: reader.problems };
  seenIds.add(job.jobID);
  return { ok: true, label, job };
}

/**
 * When the job was submitted, ms since the epoch: its submitTime; when that
 * is unknown its launchTime; else the earliest start of its tasks (the job
 * was submitted before any of them). Undefined when the trace has none.
 */
export function jobSubmitMs(job: RumenJob): number | undefined {
  if (job.submitTime !== undefined) return job.submitTime;
  if (job.launchTime !== undefined) return job.launchTime;
  let earliest: number | undefined;
  for (const tasks of [job.mapTasks, job.reduceTasks, job.otherTasks]) {
    for (const task of tasks) {
      for (const time of [task.startTime, ...task.attempts.map((a) => a.startTime)]) {
        if (time !== undefined && (earliest === undefined || time < earliest)) earliest = time;
      }
    }
  }
  return earliest;
}

function readPriority(reader: FieldReader, job: JsonObject): RumenPriority | undefined {
  const name = reader.string(job, 'priority', '');
  if (name === undefined) return undefined;
  const known = RUMEN_PRIORITIES.find((p) => p === name.toUpperCase());
  if (known === undefined) reader.problem('priority', `one of ${RUMEN_PRIORITIES.join(', ')}`, job.priority);
  return known;
}

function readTasks(reader: FieldReader, job: JsonObject, key: string): RumenTask[] {
  return reader.objects(job, key, '', 'a task object').map(({ value: task, at }) => ({
    taskType: reader.string(task, 'taskType', at),
    startTime: reader.count(task, 'startTime', at),
    finishTime: reader.count(task, 'finishTime', at),
    inputBytes: reader.count(task, 'inputBytes', at),
    outputBytes: reader.count(task, 'outputBytes', at),
    preferred: reader
      .objects(task, 'preferredLocations', at, 'a location object ({ layers: [rack, host] })')
      .flatMap(({ value: location, at: locationAt }) => {
        const path = readLayers(reader, location, locationAt);
        return path === undefined ? [] : [path];
      }),
    attempts: reader
      .objects(task, 'attempts', at, 'an attempt object')
      .map(({ value: attempt, at: attemptAt }) => readAttempt(reader, attempt, attemptAt, key === 'reduceTasks')),
  }));
}

function readLayers(reader: FieldReader, location: JsonObject, at: string): HostPath | undefined {
  const layers = reader.list(location, 'layers', at);
  const names: string[] = [];
  layers.forEach((layer, i) => {
    if (typeof layer === 'string' && !hasUnsafeCharacter(layer)) names.push(layer);
    else reader.problem(`${at}.layers[${i}]`, `a rack or host name (a string ${WITHOUT_UNSAFE_CHARACTERS})`, layer);
  });
  return fromLayers(names);
}

function readAttempt(reader: FieldReader, attempt: JsonObject, at: string, isReduce: boolean): RumenAttempt {
  const hostName = reader.string(attempt, 'hostName', at);
  let host = hostName === undefined ? undefined : parseHostName(hostName);
  // Some traces give the attempt's place as a location ({ layers }) rather than a host name.
  if (host === undefined && isObject(attempt.location)) host = readLayers(reader, attempt.location, `${at}.location`);
  const read: RumenAttempt = {
    result: reader.string(attempt, 'result', at),
    host,
    startTime: reader.count(attempt, 'startTime', at),
    finishTime: reader.count(attempt, 'finishTime', at),
    shuffleFinished: isReduce ? reader.count(attempt, 'shuffleFinished', at) : undefined,
    hdfsBytesRead: reader.count(attempt, 'hdfsBytesRead', at),
    mapOutputBytes: reader.count(attempt, 'mapOutputBytes', at),
    reduceShuffleBytes: isReduce ? reader.count(attempt, 'reduceShuffleBytes', at) : undefined,
  };
  const { startTime: start, finishTime: finish, shuffleFinished: shuffle } = read;
  if (start !== undefined && finish !== undefined && finish < start) {
    reader.problem(`${at}.finishTime`, `a finishTime ≥ the attempt's startTime (${start})`, attempt.finishTime);
  } else if (shuffle !== undefined && ((start !== undefined && shuffle < start) || (finish !== undefined && shuffle > finish))) {
    reader.problem(`${at}.shuffleFinished`, "a shuffleFinished between the attempt's startTime and finishTime", attempt.shuffleFinished);
  }
  return read;
}

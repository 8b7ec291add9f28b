/**
 * One job of an SLS trace (a JSON object with `am.type`, `job.id`,
 * `job.user`, `job.queue.name`, `job.start.ms`, `job.tasks[]` …) read into
 * the job it becomes, or every problem found in it. The rules, and why, are
 * in import-sls.ts and docs/traces/sls.md; this file applies them:
 *
 * - `job.id`: required, a non-empty string, unique in the trace.
 * - `am.type`: `mapreduce`, or absent (SLS's default type); any other type
 *   (`stream`, `dag`, a custom one) is a problem, since only MapReduce
 *   applications are made of map and reduce tasks.
 * - `job.user` absent: `default`; `job.queue.name` absent: `default`.
 * - `job.start.ms`: required, a time.
 * - `job.count` (SLS 3.3+: that many simultaneous copies of the job): n ≥ 2
 *   gives jobs `<id>-1` … `<id>-n`; below 1 counts as 1, as in SLS.
 * - `job.tasks`: at least one task, and at least one map.
 * - A task: `container.host` required (`/rack/host`); `container.type` `map`
 *   or `reduce`, absent meaning `map` (SLS's default); its duration from
 *   `container.duration.ms`, else `duration.ms`, else `container.end.ms` −
 *   `container.start.ms`, which must be > 0 (SLS refuses a task of no
 *   duration); `count` repeats the task (below 1 counts as 1, as in SLS).
 * - Every other field is counted in the tally under `unused:<field>`, so that
 *   the notes can say it was not used.
 */
import type { RecordedSpan } from '../../model/recorded-run.js';
import type { InputProblem } from '../../util/input-error.js';
import { ROOT_SWITCH } from '../../input/resolve-switches.js';
import { hasUnsafeCharacter, WITHOUT_UNSAFE_CHARACTERS } from '../../input/text-characters.js';
import { Tally } from './tally.js';
import {
  TIME_EXPECTED,
  isJsonObject,
  jsonPath,
  milliseconds,
  problemAt,
  recordLabel,
  wholeNumber,
  type JsonObject,
} from './sls-values.js';

/** Where a task ran in the traced run, from its `container.host`. */
export interface SlsTaskHost {
  /** The network location without its leading `/` (`default-rack`), or undefined when the host names none. */
  readonly rack: string | undefined;
  /** The host name: the last part of the path. */
  readonly node: string;
  /** As written in the trace. */
  readonly written: string;
}

export interface SlsJob {
  /** One id per copy: `[job.id]`, or `<id>-1` … `<id>-n` for `job.count` n ≥ 2. */
  readonly ids: readonly string[];
  readonly user: string;
  readonly queue: string;
  readonly startMs: number;
  /** `job.end.ms`: when the traced job ended; undefined when the trace leaves it out. Times its commit, and a replay is checked against it. */
  readonly endMs: number | undefined;
  /** Each map's and reduce's recorded container start and end, ms (null without both), in the order of `maps` and `reduces`. */
  readonly mapSpans: readonly (RecordedSpan | null)[];
  readonly reduceSpans: readonly (RecordedSpan | null)[];
  /** Where each timed container ran and when (ms), maps and reduces, one per repetition: how many a host ran at once. */
  readonly hostSpans: readonly HostSpan[];
  /** Work of each map, seconds (its recorded duration). */
  readonly maps: readonly number[];
  /** Work of each reduce, seconds. */
  readonly reduces: readonly number[];
  /** The distinct hosts of its tasks, in the order first met. */
  readonly hosts: readonly SlsTaskHost[];
  /** The largest container its maps and its reduces asked for (`container.memory-mb`, `container.vcores`), where tasks give them. */
  readonly mapRequest: TaskRequest;
  readonly reduceRequest: TaskRequest;
}

/** A container's resources as tasks ask for them: memory in MB and vcores, each undefined when no task of the kind gives it. */
export interface TaskRequest {
  readonly memoryMb?: number;
  readonly vcores?: number;
}

export interface HostSpan extends RecordedSpan {
  /** The host's name without its rack (a node id). */
  readonly node: string;
}

/** A failure names the record (`job 2 (job_2)`) as its problems' paths start. */
export type SlsJobResult = { ok: true; job: SlsJob; tally: Tally } | { ok: false; label: string; problems: InputProblem[] };

export interface SlsJobContext {
  /** The job's position in the file, from 0. */
  readonly index: number;
  /** Ids of the jobs taken so far. */
  readonly usedIds: ReadonlySet<string>;
  /** The cluster is built from the hosts (no topology file): a host's rack becomes a rack id. */
  readonly racksFromHosts: boolean;
}

/** Tally keys of the defaults and repetitions applied. */
export const SEEN = {
  amTypeMissing: 'am.type missing',
  userMissing: 'job.user missing',
  queueMissing: 'job.queue.name missing',
  jobCopies: 'job.count copies',
  jobCountBelowOne: 'job.count below 1',
  typeMissing: 'container.type missing',
  durationField: 'duration field',
  taskRepeated: 'count repeated',
  taskCountBelowOne: 'count below 1',
  hostWithoutRack: 'host without rack',
  requestsDiffer: "tasks of a kind asking for different containers",
} as const;

/** Tally key prefix of a field the importer does not use. */
export const UNUSED = 'unused:';

const JOB_FIELDS = new Set(['am.type', 'job.id', 'job.user', 'job.queue.name', 'job.start.ms', 'job.end.ms', 'job.count', 'job.tasks']);
const TASK_FIELDS = new Set([
  'container.host',
  'container.type',
  'container.start.ms',
  'container.end.ms',
  'container.duration.ms',
  'duration.ms',
  'count',
  'container.memory-mb',
  'container.vcores',
]);

export function parseSlsJob(value: unknown, context: SlsJobContext): SlsJobResult {
  if (!isJsonObject(value)) {
    const label = recordLabel('job', context.index, undefined);
    return { ok: false, label, problems: [problemAt(label, 'an SLS job (a JSON object)', value)] };
  }
  const problems: InputProblem[] = [];
  const tally = new Tally();
  const rawId = value['job.id'];
  const id = typeof rawId === 'string' && rawId !== '' && !hasUnsafeCharacter(rawId) ? rawId : undefined;
  const record = recordLabel('job', context.index, id);
  const at = (...segments: (string | number)[]) => jsonPath(record, ...segments);
  const example = id ?? record;

  if (id === undefined) problems.push(problemAt(at('job.id'), `a job id (a non-empty string ${WITHOUT_UNSAFE_CHARACTERS})`, rawId));

  const amType = value['am.type'];
  if (amType === undefined || amType === null) tally.add(SEEN.amTypeMissing, example);
  else if (amType !== 'mapreduce') {
    problems.push(problemAt(at('am.type'), "'mapreduce' (the only SLS application type made of map and reduce tasks)", amType));
  }

  const user = optionalName(value, 'job.user', at, problems, tally, SEEN.userMissing, example, `a user name (a non-empty string ${WITHOUT_UNSAFE_CHARACTERS})`);
  const queue = optionalName(value, 'job.queue.name', at, problems, tally, SEEN.queueMissing, example, `a queue name (a non-empty string ${WITHOUT_UNSAFE_CHARACTERS})`);

  const startMs = milliseconds(value['job.start.ms']);
  if (startMs === undefined) problems.push(problemAt(at('job.start.ms'), TIME_EXPECTED, value['job.start.ms']));
  const rawEnd = value['job.end.ms'];
  const endMs = rawEnd === undefined || rawEnd === null ? undefined : milliseconds(rawEnd);
  if (rawEnd !== undefined && rawEnd !== null && (endMs === undefined || (startMs !== undefined && endMs < startMs))) {
    problems.push(problemAt(at('job.end.ms'), `${TIME_EXPECTED}, not before job.start.ms`, rawEnd));
  }

  let copies = 1;
  if (value['job.count'] !== undefined) {
    const n = wholeNumber(value['job.count']);
    if (n === undefined) problems.push(problemAt(at('job.count'), 'a whole number of copies', value['job.count']));
    else if (n < 1) tally.add(SEEN.jobCountBelowOne, example);
    else if (n > 1) {
      copies = n;
      tally.add(SEEN.jobCopies, example);
    }
  }
  const ids = id === undefined ? [] : copies === 1 ? [id] : Array.from({ length: copies }, (_, k) => `${id}-${k + 1}`);
  const reused = ids.find((jobId) => context.usedIds.has(jobId));
  if (reused !== undefined) {
    problems.push({
      path: at('job.id'),
      expected: 'a job id not used by an earlier job',
      found: reused === id ? `'${id}' again` : `'${id}', whose copy '${reused}' (job.count) is used already`,
    });
  }

  for (const key of Object.keys(value)) if (!JOB_FIELDS.has(key)) tally.add(UNUSED + key, example);

  const maps: number[] = [];
  const reduces: number[] = [];
  const mapSpans: (RecordedSpan | null)[] = [];
  const reduceSpans: (RecordedSpan | null)[] = [];
  const hostSpans: HostSpan[] = [];
  const hosts = new Map<string, SlsTaskHost>();
  const requests = { map: new RequestSizes(), reduce: new RequestSizes() };
  const tasks = value['job.tasks'];
  if (!Array.isArray(tasks) || tasks.length === 0) {
    problems.push(problemAt(at('job.tasks'), 'a list of at least one task', tasks));
  } else {
    tasks.forEach((task, i) => {
      const read = readTask(task, (...segments) => at('job.tasks', i, ...segments), context, problems, tally, example);
      if (read === undefined) return;
      if (!hosts.has(read.host.written)) hosts.set(read.host.written, read.host);
      requests[read.type].add(read.request);
      for (let k = 0; k < read.count; k++) {
        (read.type === 'map' ? maps : reduces).push(read.work);
        (read.type === 'map' ? mapSpans : reduceSpans).push(read.span);
        if (read.span !== null) hostSpans.push({ node: read.host.node, ...read.span });
      }
    });
    if (problems.length === 0 && maps.length === 0) {
      problems.push({
        path: at('job.tasks'),
        expected: 'at least one map task (a simulated job starts with its maps)',
        found: `${reduces.length} reduce task${reduces.length === 1 ? '' : 's'} and no map`,
      });
    }
  }

  if (problems.length > 0 || startMs === undefined) return { ok: false, label: record, problems };
  if (requests.map.differ || requests.reduce.differ) tally.add(SEEN.requestsDiffer, example);
  const job = { ids, user, queue, startMs, endMs, mapSpans, reduceSpans, hostSpans, maps, reduces, hosts: [...hosts.values()], mapRequest: requests.map.largest, reduceRequest: requests.reduce.largest };
  return { ok: true, job, tally };
}

/** A name field SLS defaults to `default` when absent (user, queue); a number is read as its text, as SLS does. */
function optionalName(
  job: JsonObject,
  key: string,
  at: (...segments: (string | number)[]) => string,
  problems: InputProblem[],
  tally: Tally,
  missingKey: string,
  example: string,
  expected: string,
): string {
  const value = job[key];
  if (value === undefined || value === null) {
    tally.add(missingKey, example);
    return 'default';
  }
  if (typeof value === 'string' && value !== '' && !hasUnsafeCharacter(value)) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  problems.push(problemAt(at(key), expected, value));
  return 'default';
}

interface ReadTask {
  readonly type: 'map' | 'reduce';
  readonly work: number;
  readonly count: number;
  readonly host: SlsTaskHost;
  /** Its container's recorded start and end, when the trace gives both (a duration field may stand without them). */
  readonly span: RecordedSpan | null;
  readonly request: TaskRequest;
}

/** The largest request of each resource over a job's tasks of one kind, and whether they differ (a job asks for one size per kind here). */
class RequestSizes {
  largest: TaskRequest = {};
  differ = false;
  private seen = false;

  add(request: TaskRequest): void {
    if (this.seen && (request.memoryMb !== this.largest.memoryMb || request.vcores !== this.largest.vcores)) this.differ = true;
    this.seen = true;
    this.largest = { ...larger('memoryMb', this.largest, request), ...larger('vcores', this.largest, request) };
  }
}

function larger(key: keyof TaskRequest, a: TaskRequest, b: TaskRequest): TaskRequest {
  const value = Math.max(a[key] ?? -Infinity, b[key] ?? -Infinity);
  return value === -Infinity ? {} : { [key]: value };
}

function readTask(
  task: unknown,
  at: (...segments: (string | number)[]) => string,
  context: SlsJobContext,
  problems: InputProblem[],
  tally: Tally,
  example: string,
): ReadTask | undefined {
  if (!isJsonObject(task)) {
    problems.push(problemAt(at(), 'a task (a JSON object)', task));
    return undefined;
  }
  const before = problems.length;

  const host = readHost(task['container.host'], at('container.host'), context, problems, tally);

  let type: 'map' | 'reduce' = 'map';
  const rawType = task['container.type'];
  if (rawType === undefined || rawType === null) tally.add(SEEN.typeMissing, example);
  else if (rawType === 'map' || rawType === 'reduce') type = rawType;
  else problems.push(problemAt(at('container.type'), "'map' or 'reduce'", rawType));

  const durationMs = readDuration(task, at, problems, tally, example);

  let count = 1;
  if (task.count !== undefined) {
    const n = wholeNumber(task.count);
    if (n === undefined) problems.push(problemAt(at('count'), 'a whole number of containers', task.count));
    else if (n < 1) tally.add(SEEN.taskCountBelowOne, example);
    else if (n > 1) {
      count = n;
      tally.add(SEEN.taskRepeated, example);
    }
  }

  for (const key of Object.keys(task)) if (!TASK_FIELDS.has(key)) tally.add(UNUSED + key, example);
  const memoryMb = requestSize(task, 'container.memory-mb', 'a whole number of MB ≥ 1', at, problems);
  const vcores = requestSize(task, 'container.vcores', 'a whole number of vcores ≥ 1', at, problems);

  if (problems.length > before || host === undefined || durationMs === undefined) return undefined;
  const start = milliseconds(task['container.start.ms']);
  const end = milliseconds(task['container.end.ms']);
  const span = start !== undefined && end !== undefined && end >= start ? { start, end } : null;
  const request = { ...(memoryMb === undefined ? {} : { memoryMb }), ...(vcores === undefined ? {} : { vcores }) };
  return { type, work: durationMs / 1000, count, host, span, request };
}

/** A resource the task's container asks for (SLS names them by resource type), undefined when absent. */
function requestSize(task: JsonObject, key: string, expected: string, at: (...segments: (string | number)[]) => string, problems: InputProblem[]): number | undefined {
  const value = task[key];
  if (value === undefined || value === null) return undefined;
  const n = wholeNumber(value);
  if (n === undefined || n < 1) {
    problems.push(problemAt(at(key), expected, value));
    return undefined;
  }
  return n;
}

/** `/rack/host` (or `/switch/rack/host`: the location is everything before the last `/`, as Hadoop reads it). */
function readHost(
  value: unknown,
  path: string,
  context: SlsJobContext,
  problems: InputProblem[],
  tally: Tally,
): SlsTaskHost | undefined {
  const expected = `a host like '/rack/host', ${WITHOUT_UNSAFE_CHARACTERS}`;
  if (typeof value !== 'string' || value === '' || hasUnsafeCharacter(value)) {
    problems.push(problemAt(path, expected, value));
    return undefined;
  }
  const slash = value.lastIndexOf('/');
  const node = value.slice(slash + 1);
  const location = slash < 0 ? '' : value.slice(value.startsWith('/') ? 1 : 0, slash);
  if (node === '') {
    problems.push(problemAt(path, `${expected}, with a host name after the last '/'`, value));
    return undefined;
  }
  if (location === '') tally.add(SEEN.hostWithoutRack, value);
  if (context.racksFromHosts && location === ROOT_SWITCH) {
    problems.push(problemAt(path, `a host whose rack is not '${ROOT_SWITCH}' (the name of the cluster's root switch)`, value));
    return undefined;
  }
  return { rack: location === '' ? undefined : location, node, written: value };
}

/** The task's duration in ms: an explicit duration field, else end − start; > 0 either way. */
function readDuration(
  task: JsonObject,
  at: (...segments: (string | number)[]) => string,
  problems: InputProblem[],
  tally: Tally,
  example: string,
): number | undefined {
  const positive = 'a duration > 0 ms (SLS refuses a task of no duration)';
  for (const key of ['container.duration.ms', 'duration.ms']) {
    if (task[key] === undefined) continue;
    const ms = milliseconds(task[key]);
    if (ms === undefined) problems.push(problemAt(at(key), TIME_EXPECTED, task[key]));
    else if (ms <= 0) problems.push(problemAt(at(key), positive, task[key]));
    else {
      tally.add(SEEN.durationField, example);
      return ms;
    }
    return undefined;
  }
  const start = milliseconds(task['container.start.ms']);
  const end = milliseconds(task['container.end.ms']);
  if (start === undefined) problems.push(problemAt(at('container.start.ms'), TIME_EXPECTED, task['container.start.ms']));
  if (end === undefined) problems.push(problemAt(at('container.end.ms'), TIME_EXPECTED, task['container.end.ms']));
  if (start === undefined || end === undefined) return undefined;
  if (end <= start) {
    problems.push(
      problemAt(at('container.end.ms'), `a time after container.start.ms (${start}): SLS refuses a task of no duration`, task['container.end.ms']),
    );
    return undefined;
  }
  return end - start;
}

/**
 * How large an input may be: far above any real Hadoop cluster (the largest
 * ran about 10,000 nodes) and below what would exhaust a machine's memory.
 * Input asking for more gets a problem naming the field (or the file),
 * before anything that large is read or built, instead of running out of
 * memory; the problem names the limit and the environment variable that
 * raises it (docs/reliability.md has what each limit costs).
 */
import { count, isObj, objects } from './lenient-access.js';
import { InputError, type InputProblem } from '../util/input-error.js';
import type { PathProblem } from './scenario-file.js';
import { tasksPastLimit } from './task-count.js';

/** The default limits. */
export const SCENARIO_LIMITS = {
  nodes: 100_000,
  jobs: 1_000_000,
  tasksPerJob: 1_000_000,
  tasks: 20_000_000,
  /** Any input file (scenario, planner input), MiB: a JavaScript string holds at most 512 MiB. */
  fileMiB: 256,
  /** Text read as YAML, MiB: the YAML parser takes about 80 bytes of memory per byte of text. */
  yamlMiB: 16,
  /** One record of a trace (a SWIM line, a Rumen or SLS job object), MiB. */
  recordMiB: 256,
} as const;

export type LimitName = keyof typeof SCENARIO_LIMITS;

/** The environment variable that replaces each default. */
export const LIMIT_VARIABLES: Readonly<Record<LimitName, string>> = {
  nodes: 'MRSCHED_MAX_NODES',
  jobs: 'MRSCHED_MAX_JOBS',
  tasksPerJob: 'MRSCHED_MAX_TASKS_PER_JOB',
  tasks: 'MRSCHED_MAX_TASKS',
  fileMiB: 'MRSCHED_MAX_FILE_MB',
  yamlMiB: 'MRSCHED_MAX_YAML_MB',
  recordMiB: 'MRSCHED_MAX_RECORD_MB',
};

/** The limits in force, read once per input (the environment is slow to read). */
export type Limits = Readonly<Record<LimitName, number>>;

/** The limits now: each one's environment variable when set (a whole number > 0), else its default. */
export function readLimits(): Limits {
  const limits = { ...SCENARIO_LIMITS } as Record<LimitName, number>;
  const problems: InputProblem[] = [];
  for (const name of Object.keys(SCENARIO_LIMITS) as LimitName[]) {
    const variable = LIMIT_VARIABLES[name];
    const text = process.env[variable];
    if (text === undefined || text === '') continue;
    const value = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
    if (Number.isSafeInteger(value) && value > 0) limits[name] = value;
    else problems.push({ path: variable, expected: 'a whole number > 0', found: `'${text.slice(0, 40)}'` });
  }
  if (problems.length > 0) throw new InputError('the environment', problems);
  return limits;
}

/** A limit on text, in bytes (they are set in MiB). */
export function limitBytes(limits: Limits, name: 'fileMiB' | 'yamlMiB' | 'recordMiB'): number {
  return limits[name] * 2 ** 20;
}

/** `at most 1,000,000 jobs in all`, with how to raise it: what a problem over the limit expected. */
export function atMost(limits: Limits, name: LimitName, what: string): string {
  const unit = name.endsWith('MiB') ? ' MiB' : '';
  return `at most ${fmt(limits[name])}${unit} ${what} (a limit: set ${LIMIT_VARIABLES[name]} to raise it)`;
}

/** A size of text for a problem over a limit: `2.0 MiB (2,097,252 bytes)`. */
export function textSize(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB (${fmt(bytes)} bytes)`;
}

/**
 * A limit crossed while tasks are being built (a size limit here, or a draw
 * outside the model's range); resolution turns it into a problem. Its path
 * is relative to the job's entry (empty: the entry itself).
 */
export class SizeLimitError extends Error {
  constructor(readonly problem: PathProblem) {
    super(`${problem.path.join('.')}: expected ${problem.expected}, found ${problem.found}`);
  }
}

/**
 * Problems for a file (as written, unchecked) that asks for more nodes, jobs
 * or tasks than the limits: counted from the counts and sizes as written
 * (the tasks as the fewest each job can have), before anything is drawn.
 */
export function checkSizes(raw: unknown, limits: Limits): PathProblem[] {
  if (!isObj(raw)) return [];
  const problems: PathProblem[] = [];
  const nodes = nodeCount(raw.cluster);
  if (nodes > limits.nodes) problems.push({ path: ['cluster'], expected: atMost(limits, 'nodes', 'nodes'), found: fmt(nodes) });
  const streams = objects(raw.jobStreams);
  const listed = Array.isArray(raw.jobs) ? raw.jobs.length : 0;
  const jobs = streams.reduce((n, s) => n + (count(s.count) ?? 0), listed);
  if (jobs > limits.jobs) {
    const path = streams.length > 0 ? ['jobStreams'] : ['jobs'];
    problems.push({ path, expected: atMost(limits, 'jobs', 'jobs in all'), found: fmt(jobs) });
    return problems;
  }
  const tasks = tasksPastLimit(raw, limits.tasks);
  if (tasks !== undefined) {
    problems.push({
      path: tasks.path,
      expected: atMost(limits, 'tasks', 'tasks in the scenario'),
      found: `${fmt(tasks.total)} tasks at the fewest its counts and sizes allow`,
    });
  }
  return problems;
}

/** Throws a `SizeLimitError` if one job would have more tasks of a kind than allowed. */
export function checkJobTasks(limits: Limits, kind: 'maps' | 'reduces', n: number, why: string): void {
  if (n <= limits.tasksPerJob) return;
  throw new SizeLimitError({ path: [], expected: atMost(limits, 'tasksPerJob', `${kind} in one job`), found: `${fmt(n)} ${kind} (${why})` });
}

/** Throws a `SizeLimitError` once the scenario's tasks pass the limit. */
export function checkTotalTasks(limits: Limits, n: number): void {
  if (n <= limits.tasks) return;
  throw new SizeLimitError({ path: [], expected: atMost(limits, 'tasks', 'tasks in the scenario'), found: `${fmt(n)} tasks counted so far` });
}

function nodeCount(cluster: unknown): number {
  if (!isObj(cluster)) return 0;
  if (isObj(cluster.generate)) return (count(cluster.generate.racks) ?? 0) * (count(cluster.generate.nodesPerRack) ?? 0);
  let total = 0;
  for (const rack of objects(cluster.racks)) {
    if (Array.isArray(rack.nodes)) total += objects(rack.nodes).reduce((n, entry) => n + (count(entry.count) ?? 1), 0);
    else total += count(rack.nodes) ?? 0;
  }
  return total;
}

function fmt(n: number): string {
  return n.toLocaleString('en');
}

/**
 * How large a scenario may be: far above any real Hadoop cluster (the
 * largest ran about 10,000 nodes) and below what would exhaust a machine's
 * memory. A file asking for more gets a problem naming the field, before
 * anything that large is built, instead of running out of memory.
 */
import { count, isObj, objects } from './lenient-access.js';
import type { PathProblem } from './scenario-file.js';

export const SCENARIO_LIMITS = {
  nodes: 100_000,
  jobs: 10_000_000,
  tasksPerJob: 1_000_000,
  tasks: 20_000_000,
} as const;

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

/** Problems for a file (as written, unchecked) that asks for more nodes or jobs than the limits. */
export function checkSizes(raw: unknown): PathProblem[] {
  if (!isObj(raw)) return [];
  const problems: PathProblem[] = [];
  const nodes = nodeCount(raw.cluster);
  if (nodes > SCENARIO_LIMITS.nodes) {
    problems.push({ path: ['cluster'], expected: `at most ${fmt(SCENARIO_LIMITS.nodes)} nodes`, found: fmt(nodes) });
  }
  const streamJobs = objects(raw.jobStreams).reduce((n, s) => n + (count(s.count) ?? 0), 0);
  const jobs = (Array.isArray(raw.jobs) ? raw.jobs.length : 0) + streamJobs;
  if (jobs > SCENARIO_LIMITS.jobs) {
    problems.push({ path: ['jobStreams'], expected: `at most ${fmt(SCENARIO_LIMITS.jobs)} jobs in all`, found: fmt(jobs) });
  }
  return problems;
}

/** Throws a `SizeLimitError` if one job would have more tasks of a kind than allowed. */
export function checkJobTasks(kind: 'maps' | 'reduces', n: number, why: string): void {
  if (n <= SCENARIO_LIMITS.tasksPerJob) return;
  throw new SizeLimitError({
    path: [],
    expected: `at most ${fmt(SCENARIO_LIMITS.tasksPerJob)} ${kind} in one job`,
    found: `${fmt(n)} ${kind} (${why})`,
  });
}

/** Throws a `SizeLimitError` once the scenario's tasks pass the limit. */
export function checkTotalTasks(n: number): void {
  if (n <= SCENARIO_LIMITS.tasks) return;
  throw new SizeLimitError({
    path: [],
    expected: `at most ${fmt(SCENARIO_LIMITS.tasks)} tasks in the scenario`,
    found: `${fmt(n)} tasks counted so far`,
  });
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

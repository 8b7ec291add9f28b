/**
 * An instance of the weighted completion time problem of "On the Optimality
 * of Scheduling Dependent MapReduce Tasks on Heterogeneous Machines"
 * (Aggarwal, Xu, Lan, Subramaniam, arXiv:1711.09964), §II: machines of
 * different speeds, jobs with a weight, a release time, map tasks and reduce
 * tasks given by their data sizes. A task of size d takes d / speed on a
 * machine; a job's reduces start after all its maps end.
 *
 * Plain data, indexed as given: machine i is `machines[i]`, and the order of
 * the machines breaks ties ("lowest i" in the paper means first listed among
 * equally fast machines). Sizes need not be sorted; planners sort them.
 */
import { InputError } from '../../util/input-error.js';
import type { Obj } from '../../input/lenient-access.js';
import { uniqueIds, withoutLocation } from '../../input/problem-path.js';
import type { PathProblem } from '../../input/schema-problems.js';

export interface DmrsMachine {
  readonly id: string;
  /** Data processed per unit of time; > 0. */
  readonly speed: number;
}

export interface DmrsJob {
  readonly id: string;
  /** ≥ 0. */
  readonly weight: number;
  /** No map starts before it; ≥ 0. */
  readonly release: number;
  /**
   * Data sizes of the map tasks (≥ 0). A file needs at least one; the planners
   * also take none, for an online caller whose job has finished its maps:
   * then `release` is when they ended, and the reduces start from it.
   */
  readonly maps: readonly number[];
  /** Data sizes of the reduce tasks (≥ 0); may be empty. */
  readonly reduces: readonly number[];
}

export interface DmrsInstance {
  readonly machines: readonly DmrsMachine[];
  readonly jobs: readonly DmrsJob[];
}

/**
 * Every rule an instance breaks, by field path: at least one machine, speeds
 * finite and > 0, weights, releases and sizes finite and ≥ 0, unique
 * non-empty ids. (The file format also wants a map in every job.)
 */
export function instanceProblems(instance: DmrsInstance): PathProblem[] {
  const problems: PathProblem[] = [];
  if (instance.machines.length === 0) problems.push({ path: ['machines'], expected: 'at least one machine', found: 'an empty list' });
  uniqueIds(instance.machines as readonly object[] as Obj[], ['machines'], 'machine', problems);
  instance.machines.forEach((machine, i) => {
    if (machine.id === '') problems.push({ path: ['machines', i, 'id'], expected: 'a non-empty machine id', found: "''" });
    if (!(machine.speed > 0 && machine.speed < Infinity)) {
      problems.push({ path: ['machines', i, 'speed'], expected: 'a speed > 0', found: String(machine.speed) });
    }
  });
  uniqueIds(instance.jobs as readonly object[] as Obj[], ['jobs'], 'job', problems);
  instance.jobs.forEach((job, j) => {
    if (job.id === '') problems.push({ path: ['jobs', j, 'id'], expected: 'a non-empty job id', found: "''" });
    for (const field of ['weight', 'release'] as const) {
      if (!isNonNegative(job[field])) problems.push({ path: ['jobs', j, field], expected: 'a number ≥ 0', found: String(job[field]) });
    }
    for (const kind of ['maps', 'reduces'] as const) {
      job[kind].forEach((size, k) => {
        if (!isNonNegative(size)) problems.push({ path: ['jobs', j, kind, k], expected: 'a data size ≥ 0', found: String(size) });
      });
    }
  });
  return problems;
}

/** Throws an InputError naming `source` with every problem of the instance (see instanceProblems). */
export function assertValidInstance(instance: DmrsInstance, source = 'DMRS instance'): void {
  const problems = instanceProblems(instance);
  if (problems.length > 0) throw new InputError(source, problems.map(withoutLocation));
}

/** The number of tasks, maps and reduces together. */
export function taskCount(instance: DmrsInstance): number {
  return instance.jobs.reduce((sum, job) => sum + job.maps.length + job.reduces.length, 0);
}

function isNonNegative(value: number): boolean {
  return typeof value === 'number' && value >= 0 && value < Infinity;
}

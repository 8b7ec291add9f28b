/**
 * A batch of MapReduce jobs to order for the least makespan, and the cluster
 * they run on: the input of every makespan planner (the model of Tian et
 * al., "On Dynamic Job Ordering and Slot Configurations for Minimizing the
 * Makespan of Multiple MapReduce Jobs", §2). Every job is released at time 0;
 * a job's reduce stage starts after its map stage ends.
 */
import { InputError } from '../../util/input-error.js';
import { withoutLocation } from '../../input/problem-path.js';
import type { PathProblem } from '../../input/schema-problems.js';

export interface MakespanCluster {
  /** Map slots of the whole cluster (|S^M|). */
  readonly mapSlots: number;
  /** Reduce slots of the whole cluster (|S^R|). */
  readonly reduceSlots: number;
  /**
   * Nodes the slots are spread over, equally. When given, BalancedPools
   * splits the cluster into pools of whole nodes and slot-ratio searches
   * per-node splits; otherwise both work in the smallest slot groups that
   * keep the map:reduce ratio.
   */
  readonly nodes?: number;
}

export interface MakespanJob {
  readonly id: string;
  /** Map slots the job used when its map duration was measured (S^M_req). */
  readonly mapSlots: number;
  /** Reduce slots the job used when its reduce duration was measured (S^R_req). */
  readonly reduceSlots: number;
  /** Map stage duration on `mapSlots` slots (T^M); or give `mapTasks`. */
  readonly mapDuration?: number;
  /** Reduce stage duration on `reduceSlots` slots (T^R); or give `reduceTasks`. */
  readonly reduceDuration?: number;
  /** Duration of each map task (t^M_j), instead of `mapDuration`. */
  readonly mapTasks?: readonly number[];
  /** Duration of each reduce task (t^R_j), instead of `reduceDuration`. */
  readonly reduceTasks?: readonly number[];
}

/** Most slots a cluster, a node count or a job may name: far above any real cluster, and low enough to plan. */
export const MAX_SLOTS = 10_000_000;

export interface MakespanProblem {
  readonly cluster: MakespanCluster;
  readonly jobs: readonly MakespanJob[];
}

/** One stage of a job as the planners read it: its requested slots and either a duration or its tasks. */
export interface Stage {
  readonly slots: number;
  readonly duration: number | undefined;
  readonly tasks: readonly number[] | undefined;
}

export function mapStage(job: MakespanJob): Stage {
  return { slots: job.mapSlots, duration: job.mapDuration, tasks: job.mapTasks };
}

export function reduceStage(job: MakespanJob): Stage {
  return { slots: job.reduceSlots, duration: job.reduceDuration, tasks: job.reduceTasks };
}

/**
 * Throws an InputError naming `source` with every problem of the problem,
 * located by field path. Planners check what their arithmetic needs (slot
 * counts, durations, a stage given once) and leave ids alone: they are
 * labels, and a million of them cost half a second in a set. The file reader
 * (and `problemErrors`) also refuses duplicates.
 */
export function assertValidProblem(problem: MakespanProblem, source = 'makespan problem'): void {
  const problems = problemErrors(problem, false);
  if (problems.length > 0) throw new InputError(source, problems.map(withoutLocation));
}

/**
 * Every rule a makespan problem must follow: whole slot counts ≥ 1, nodes
 * dividing them, at least one job, unique non-empty ids (unless `checkIds`
 * is false), and per stage exactly one of a duration ≥ 0 and a non-empty
 * list of task durations ≥ 0.
 */
export function problemErrors(problem: MakespanProblem, checkIds = true): PathProblem[] {
  const problems: PathProblem[] = [];
  const { cluster, jobs } = problem;
  for (const field of ['mapSlots', 'reduceSlots', 'nodes'] as const) {
    const value = cluster[field];
    if (value !== undefined && !isSlotCount(value)) problems.push(slotProblem(['cluster', field], value));
  }
  if (cluster.nodes !== undefined) {
    if (isSlotCount(cluster.nodes)) {
      for (const field of ['mapSlots', 'reduceSlots'] as const) {
        const slots = cluster[field];
        if (Number.isInteger(slots) && slots % cluster.nodes !== 0) {
          problems.push({
            path: ['cluster', field],
            expected: `a multiple of cluster.nodes (${cluster.nodes}): every node has the same slots`,
            found: String(slots),
          });
        }
      }
    }
  }
  if (jobs.length === 0) problems.push({ path: ['jobs'], expected: 'at least one job', found: 'an empty list' });
  const ids = new Set<string>();
  jobs.forEach((job, i) => {
    if (checkIds) {
      if (typeof job.id !== 'string' || job.id === '') {
        problems.push({ path: ['jobs', i, 'id'], expected: 'a non-empty job id', found: JSON.stringify(job.id) ?? 'nothing' });
      } else if (ids.has(job.id)) {
        problems.push({ path: ['jobs', i, 'id'], expected: 'a unique job id', found: `'${job.id}' again` });
      }
      ids.add(job.id);
    }
    checkStage(i, 'map', job.mapSlots, job.mapDuration, job.mapTasks, problems);
    checkStage(i, 'reduce', job.reduceSlots, job.reduceDuration, job.reduceTasks, problems);
  });
  return problems;
}

const FIELDS = {
  map: { duration: 'mapDuration', tasks: 'mapTasks', slots: 'mapSlots' },
  reduce: { duration: 'reduceDuration', tasks: 'reduceTasks', slots: 'reduceSlots' },
} as const;

// This runs over every job of batches of millions: fields are read by the caller, paths built only for a problem found.
function checkStage(
  i: number,
  kind: 'map' | 'reduce',
  slots: number,
  duration: number | undefined,
  tasks: readonly number[] | undefined,
  problems: PathProblem[],
): void {
  const fields = FIELDS[kind];
  if (!isSlotCount(slots)) problems.push(slotProblem(['jobs', i, fields.slots], slots));
  if (duration === undefined && tasks === undefined) {
    problems.push({
      path: ['jobs', i, fields.duration],
      expected: `the ${kind} stage's duration (${fields.duration}), or its task durations (${fields.tasks})`,
      found: 'neither',
    });
  } else if (duration !== undefined && tasks !== undefined) {
    problems.push({ path: ['jobs', i, fields.tasks], expected: `only one of ${fields.duration} and ${fields.tasks}`, found: 'both' });
  }
  if (duration !== undefined && !isTime(duration)) problems.push(timeProblem(['jobs', i, fields.duration], duration));
  if (tasks !== undefined) {
    if (tasks.length === 0) problems.push({ path: ['jobs', i, fields.tasks], expected: 'at least one task duration', found: 'an empty list' });
    tasks.forEach((t, j) => {
      if (!isTime(t)) problems.push(timeProblem(['jobs', i, fields.tasks, j], t));
    });
  }
}

function isSlotCount(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_SLOTS;
}

function slotProblem(path: PathProblem['path'], value: number): PathProblem {
  return { path, expected: `a whole number from 1 to ${MAX_SLOTS.toLocaleString('en')}`, found: String(value) };
}

function isTime(value: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function timeProblem(path: PathProblem['path'], value: number): PathProblem {
  return { path, expected: 'a duration ≥ 0', found: String(value) };
}

/**
 * A batch of MapReduce jobs to order for the least makespan, and the cluster
 * they run on: the input of every makespan planner (the model of Tian et
 * al., "On Dynamic Job Ordering and Slot Configurations for Minimizing the
 * Makespan of Multiple MapReduce Jobs", §2). Every job is released at time 0;
 * a job's reduce stage starts after its map stage ends.
 */
import { InputError } from '../../model/input-error.js';
import { withoutLocation } from '../../model/problem-path.js';
import type { PathProblem } from '../../model/schema-problems.js';

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

/** Throws an InputError naming `source` with every problem of the problem, located by field path. */
export function assertValidProblem(problem: MakespanProblem, source = 'makespan problem'): void {
  const problems = problemErrors(problem);
  if (problems.length > 0) throw new InputError(source, problems.map(withoutLocation));
}

/**
 * Every rule a makespan problem must follow: whole slot counts ≥ 1, nodes
 * dividing them, at least one job, unique ids, and per stage exactly one of
 * a duration ≥ 0 and a non-empty list of task durations ≥ 0.
 */
export function problemErrors(problem: MakespanProblem): PathProblem[] {
  const problems: PathProblem[] = [];
  const { cluster, jobs } = problem;
  slotCount(cluster.mapSlots, ['cluster', 'mapSlots'], problems);
  slotCount(cluster.reduceSlots, ['cluster', 'reduceSlots'], problems);
  if (cluster.nodes !== undefined) {
    if (slotCount(cluster.nodes, ['cluster', 'nodes'], problems)) {
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
    if (typeof job.id !== 'string' || job.id === '') {
      problems.push({ path: ['jobs', i, 'id'], expected: 'a non-empty job id', found: JSON.stringify(job.id) ?? 'nothing' });
    } else if (ids.has(job.id)) {
      problems.push({ path: ['jobs', i, 'id'], expected: 'a unique job id', found: `'${job.id}' again` });
    }
    ids.add(job.id);
    checkStage(job, i, 'map', problems);
    checkStage(job, i, 'reduce', problems);
  });
  return problems;
}

function checkStage(job: MakespanJob, i: number, kind: 'map' | 'reduce', problems: PathProblem[]): void {
  const durationField = `${kind}Duration` as const;
  const tasksField = `${kind}Tasks` as const;
  const slotsField = `${kind}Slots` as const;
  const duration = job[durationField];
  const tasks = job[tasksField];
  slotCount(job[slotsField], ['jobs', i, slotsField], problems);
  if (duration === undefined && tasks === undefined) {
    problems.push({
      path: ['jobs', i, durationField],
      expected: `the ${kind} stage's duration (${durationField}), or its task durations (${tasksField})`,
      found: 'neither',
    });
  } else if (duration !== undefined && tasks !== undefined) {
    problems.push({ path: ['jobs', i, tasksField], expected: `only one of ${durationField} and ${tasksField}`, found: 'both' });
  }
  if (duration !== undefined) timeValue(duration, ['jobs', i, durationField], problems);
  if (tasks !== undefined) {
    if (tasks.length === 0) problems.push({ path: ['jobs', i, tasksField], expected: 'at least one task duration', found: 'an empty list' });
    tasks.forEach((t, j) => timeValue(t, ['jobs', i, tasksField, j], problems));
  }
}

function slotCount(value: number, path: PathProblem['path'], problems: PathProblem[]): boolean {
  if (Number.isInteger(value) && value >= 1) return true;
  problems.push({ path, expected: 'a whole number of slots ≥ 1', found: String(value) });
  return false;
}

function timeValue(value: number, path: PathProblem['path'], problems: PathProblem[]): void {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return;
  problems.push({ path, expected: 'a duration ≥ 0', found: String(value) });
}

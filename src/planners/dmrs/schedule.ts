/**
 * A schedule of a DMRS instance, and the one way every planner builds it:
 * tasks placed one at a time, each on a machine chosen by the planner, each
 * starting as early as that machine, the job's release (maps) and the end of
 * the job's maps (reduces) allow. The planners differ only in the order of
 * the tasks and the machine each gets.
 */
import type { TaskKind } from '../../model/run-record.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { MachinePool, type MachineKinds } from './machine-pool.js';

export interface ScheduledTask {
  /** Job index. */
  readonly job: number;
  readonly kind: TaskKind;
  /** Index in the job's `maps` or `reduces`. */
  readonly task: number;
  /** Machine index. */
  readonly machine: number;
  readonly start: number;
  readonly end: number;
}

export interface DmrsSchedule {
  /** In the order they were placed. */
  readonly tasks: readonly ScheduledTask[];
  /** C_j: the end of the job's last task (its release if it has none), by job index. */
  readonly completions: Float64Array;
  /** Σ w_j C_j. */
  readonly objective: number;
}

/** A task and the machine it goes to: what a planner decides. */
export type Placement = Pick<ScheduledTask, 'job' | 'kind' | 'task' | 'machine'>;

export interface BuilderOptions {
  /** When each machine is free (default 0): an online caller passes the ends of the tasks running. */
  readonly availableAt?: ArrayLike<number>;
  /** The tasks each machine runs (default both kinds). */
  readonly kinds?: ArrayLike<MachineKinds>;
  /**
   * The instance's machines, with their kinds and free times, to plan on in
   * place of `availableAt` and `kinds`: a caller planning again and again on
   * the same machines builds their pool once and resets it. The schedule
   * moves its free times.
   */
  readonly machines?: MachinePool;
  /**
   * Per job, the earliest its reduces may start whatever its maps placed here
   * (default its release): an online caller's maps already running.
   */
  readonly reducesReadyAt?: ArrayLike<number>;
  /**
   * Keep the placed tasks for `build()` (default true). An online caller that
   * takes each task as it is placed leaves them out: a plan of thousands of
   * tasks made again and again would keep them all alive until the next.
   */
  readonly record?: boolean;
}

/**
 * Places tasks one by one. A job's reduces must be placed after all its maps
 * (every planner here places a job's maps first), so the end of its maps is
 * known when a reduce is placed.
 */
export class ScheduleBuilder {
  readonly machines: MachinePool;
  private readonly mapsEnd: Float64Array;
  private readonly completions: Float64Array;
  private readonly tasks: ScheduledTask[] = [];
  private readonly record: boolean;

  constructor(
    private readonly instance: DmrsInstance,
    options: BuilderOptions = {},
  ) {
    this.machines =
      options.machines ??
      new MachinePool(
        Float64Array.from(instance.machines, (machine) => machine.speed),
        options.availableAt,
        options.kinds,
      );
    if (this.machines.size !== instance.machines.length) throw new RangeError(`the pool has ${this.machines.size} machines for ${instance.machines.length}`);
    this.record = options.record ?? true;
    const floor = options.reducesReadyAt;
    this.mapsEnd = Float64Array.from(instance.jobs, (job, j) => Math.max(job.release, floor?.[j] ?? 0));
    this.completions = Float64Array.from(instance.jobs, (job) => job.release);
  }

  /** When machine `machine` is free. */
  freeAt(machine: number): number {
    return this.machines.freeAt(machine);
  }

  /** The earliest the task may start anywhere: its job's release (a map) or the end of its job's maps (a reduce). */
  readyAt(job: number, kind: TaskKind): number {
    return kind === 'map' ? this.instance.jobs[job].release : this.mapsEnd[job];
  }

  /** The machine where the task would end first (Algorithm 1's choice), or −1 when no machine runs its kind. */
  earliestFinish(job: number, kind: TaskKind, task: number): number {
    return this.machines.earliestFinish(kind, this.readyAt(job, kind), this.size(job, kind, task));
  }

  place(placement: Placement): ScheduledTask {
    const { job, kind, task, machine } = placement;
    const start = Math.max(this.machines.freeAt(machine), this.readyAt(job, kind));
    const end = start + this.size(job, kind, task) / this.instance.machines[machine].speed;
    const scheduled: ScheduledTask = { job, kind, task, machine, start, end };
    if (this.record) this.tasks.push(scheduled);
    this.machines.setFree(machine, end);
    if (kind === 'map') this.mapsEnd[job] = Math.max(this.mapsEnd[job], end);
    this.completions[job] = Math.max(this.completions[job], end);
    return scheduled;
  }

  build(): DmrsSchedule {
    let objective = 0;
    this.instance.jobs.forEach((job, j) => (objective += job.weight * this.completions[j]));
    return { tasks: this.tasks, completions: this.completions, objective };
  }

  private size(job: number, kind: TaskKind, task: number): number {
    const sizes = kind === 'map' ? this.instance.jobs[job].maps : this.instance.jobs[job].reduces;
    return sizes[task];
  }
}

/**
 * The placements run on `instance` in the order given, each task as early as
 * its machine and job allow: a plan made on other speeds (the
 * identical-machine baseline) or read from a MIP, timed on the real ones.
 */
export function replaySchedule(instance: DmrsInstance, placements: readonly Placement[], availableAt?: ArrayLike<number>): DmrsSchedule {
  const builder = new ScheduleBuilder(instance, { availableAt });
  for (const placement of placements) builder.place(placement);
  return builder.build();
}

/** A job's task indices, largest size first, ties in the order given (Algorithm 1 takes tasks that way). */
export function largestFirst(sizes: readonly number[]): number[] {
  const order = Array.from(sizes, (_, k) => k);
  // An online caller lists them largest first already: no sort then.
  for (let k = 1; k < sizes.length; k++) if (sizes[k] > sizes[k - 1]) return order.sort((a, b) => sizes[b] - sizes[a] || a - b);
  return order;
}

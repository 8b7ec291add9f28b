/**
 * The list schedule of DMRS, Algorithm 1 of "On the Optimality of
 * Scheduling Dependent MapReduce Tasks on Heterogeneous Machines" (Aggarwal,
 * Xu, Lan, Subramaniam, §III-C), given the job order (C̄ ascending):
 *
 *   for each job j in order:
 *     each map of j, largest first: on the machine i with the least
 *       max(free_i, r_j) + a/s_i (ties: the machine listed first);
 *     C^M_j = the end of j's last map;
 *     each reduce of j, largest first: on the machine with the least
 *       max(free_i, C^M_j) + b/s_i.
 *
 * Where we differ from the paper: its text places the maps, "then reduce
 * tasks in the same order", and only afterwards inserts idle time where a
 * reduce would start before its job's maps end. We read it per job (spec
 * 2.5): a job's reduces are placed right after its maps, starting no earlier
 * than their end. This is the rule the paper's own runtime re-optimisation
 * uses (its (20) for maps, (21) for reduces with the estimated map
 * completion) and the schedule its Lemma 2 charges (an idle gap between a
 * job's maps and reduces, of at most one largest map). A machine's idle gaps
 * are never filled later: each machine runs its tasks in the order placed.
 *
 * The machine choice costs O(G log M) per task for G distinct speeds
 * (machine-pool.ts), so O(T·G log M) for T tasks. The map-only baseline runs
 * the same schedule with its reduces dealt round-robin (`reduces:
 * 'round-robin'`).
 *
 * `ListScheduler` places the tasks one at a time, for an online caller that
 * needs only the first few: a simulated scheduler extends its plan as far as
 * its next decision needs, and since each task's placement depends only on
 * those placed before it, that prefix is the whole schedule's.
 */
import type { DmrsInstance } from './dmrs-instance.js';
import { largestFirst, ScheduleBuilder, type BuilderOptions, type DmrsSchedule, type ScheduledTask } from './schedule.js';

export interface ListScheduleOptions extends BuilderOptions {
  /**
   * How reduces choose a machine: `earliest-finish` (Algorithm 1), or
   * `round-robin`, the k-th reduce placed going to the k-th machine that runs
   * reduces (mod their number) whatever its speed (the map-only baseline's
   * "arbitrary machines").
   */
  readonly reduces?: 'earliest-finish' | 'round-robin';
  /** Round robin: reduces dealt before this schedule (default 0), so that a caller re-planning often goes on from where it was. */
  readonly dealtBefore?: number;
}

/** `order` holds every job index once. */
export function listSchedule(instance: DmrsInstance, order: ArrayLike<number>, options: ListScheduleOptions = {}): DmrsSchedule {
  const scheduler = new ListScheduler(instance, order, options);
  while (scheduler.next() !== null);
  return scheduler.build();
}

/** Algorithm 1 one task at a time: `next()` places the next task of the list. */
export class ListScheduler {
  private readonly builder: ScheduleBuilder;
  private readonly reduceMachines: readonly number[] = [];
  private dealtCount: number;
  /** The job being placed (position in `order`), its tasks largest first, and the next of them. */
  private position = -1;
  private maps: readonly number[] = [];
  private reduces: readonly number[] = [];
  private taken = 0;

  constructor(
    private readonly instance: DmrsInstance,
    private readonly order: ArrayLike<number>,
    options: ListScheduleOptions = {},
  ) {
    assertPermutation(order, instance.jobs.length);
    this.builder = new ScheduleBuilder(instance, options);
    this.dealtCount = options.dealtBefore ?? 0;
    if (options.reduces === 'round-robin') {
      this.reduceMachines = instance.machines.map((_, i) => i).filter((i) => (options.machines?.runs(i) ?? options.kinds?.[i]) !== 'map');
    }
  }

  /**
   * Places the next task in list order and returns it; null once every task
   * is placed. A task no machine runs (a reduce on a cluster without reduce
   * slots) is passed over.
   */
  next(): ScheduledTask | null {
    for (;;) {
      while (this.taken === this.maps.length + this.reduces.length) {
        if (++this.position >= this.order.length) return null;
        const { maps, reduces } = this.instance.jobs[this.order[this.position]];
        this.maps = largestFirst(maps);
        this.reduces = largestFirst(reduces);
        this.taken = 0;
      }
      const job = this.order[this.position];
      const isMap = this.taken < this.maps.length;
      const task = isMap ? this.maps[this.taken] : this.reduces[this.taken - this.maps.length];
      this.taken++;
      const kind = isMap ? 'map' : 'reduce';
      const machine =
        !isMap && this.reduceMachines.length > 0 ? this.reduceMachines[this.dealtCount++ % this.reduceMachines.length] : this.builder.earliestFinish(job, kind, task);
      if (machine >= 0) return this.builder.place({ job, kind, task, machine });
    }
  }

  /** Reduces dealt round-robin so far, those before this schedule included. */
  get dealt(): number {
    return this.dealtCount;
  }

  /** When `machine` is free, with the tasks placed so far. */
  freeAt(machine: number): number {
    return this.builder.machines.freeAt(machine);
  }

  /** Tells the plan that `machine` is free at `time` after all (an online caller's machine that freed earlier or later than planned). */
  setFree(machine: number, time: number): void {
    this.builder.machines.setFree(machine, time);
  }

  /** The schedule of the tasks placed so far. */
  build(): DmrsSchedule {
    return this.builder.build();
  }
}

function assertPermutation(order: ArrayLike<number>, n: number): void {
  const seen = new Uint8Array(n);
  for (let k = 0; k < order.length; k++) {
    const j = order[k];
    if (!(Number.isInteger(j) && j >= 0 && j < n) || seen[j] === 1) throw new RangeError(`order: job ${j} is not a job index or is given twice`);
    seen[j] = 1;
  }
  if (order.length !== n) throw new RangeError(`order: ${order.length} jobs for ${n}`);
}

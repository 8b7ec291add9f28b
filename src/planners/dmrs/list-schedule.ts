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
 * O(T·M) for T tasks on M machines. The map-only baseline runs the same
 * schedule with its reduces dealt round-robin (`reduces: 'round-robin'`).
 */
import type { TaskKind } from '../../model/run-record.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { largestFirst, ScheduleBuilder, type DmrsSchedule } from './schedule.js';

export interface ListScheduleOptions {
  /** When each machine is free (default 0), for an online caller with tasks running. */
  readonly availableAt?: ArrayLike<number>;
  /**
   * How reduces choose a machine: `earliest-finish` (Algorithm 1), or
   * `round-robin`, the k-th reduce placed going to machine k mod M whatever
   * its speed (the map-only baseline's "arbitrary machines").
   */
  readonly reduces?: 'earliest-finish' | 'round-robin';
}

/** `order` holds every job index once. */
export function listSchedule(instance: DmrsInstance, order: ArrayLike<number>, options: ListScheduleOptions = {}): DmrsSchedule {
  assertPermutation(order, instance.jobs.length);
  const builder = new ScheduleBuilder(instance, options.availableAt);
  const machines = instance.machines.length;
  let dealt = 0;
  const earliestFinish = (job: number, kind: TaskKind, task: number): number => {
    let best = 0;
    let bestEnd = builder.endOn(job, kind, task, 0);
    for (let i = 1; i < machines; i++) {
      const end = builder.endOn(job, kind, task, i);
      if (end < bestEnd) {
        best = i;
        bestEnd = end;
      }
    }
    return best;
  };
  for (let k = 0; k < order.length; k++) {
    const job = order[k];
    const { maps, reduces } = instance.jobs[job];
    for (const task of largestFirst(maps)) builder.place({ job, kind: 'map', task, machine: earliestFinish(job, 'map', task) });
    for (const task of largestFirst(reduces)) {
      const machine = options.reduces === 'round-robin' ? dealt++ % machines : earliestFinish(job, 'reduce', task);
      builder.place({ job, kind: 'reduce', task, machine });
    }
  }
  return builder.build();
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

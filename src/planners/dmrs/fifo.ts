/**
 * The FIFO baseline of "On the Optimality of Scheduling Dependent MapReduce
 * Tasks on Heterogeneous Machines" (Aggarwal, Xu, Lan, Subramaniam, §VI),
 * Hadoop's default: jobs in release order, each task to the first machine
 * that is free, and reduces launched before the maps are done.
 *
 * How we read it, as an offline schedule: repeatedly, the machine that is
 * free first (ties: the one listed first) takes the next task of the first
 * job in release order (ties: the order listed) that still has one, once that
 * job is released (else it waits for the release). A job's maps go in the
 * order listed; once all of them are launched its reduces may be launched,
 * while the maps still run: a reduce launched early holds its machine idle
 * until the job's last map ends, then runs (start = max(launch, C^M_j)). A
 * machine's speed plays no part in the choice. The paper's Hadoop launches
 * reduces "when it estimates that there are enough cluster resources for all
 * map tasks"; launching them once every map has a machine is that rule's
 * simplest form, and it shows the effect the paper blames: reduces holding
 * fast machines while the maps finish elsewhere.
 */
import type { DmrsInstance } from './dmrs-instance.js';
import { ScheduleBuilder, type DmrsSchedule } from './schedule.js';

export interface FifoPlan {
  /** Job indices in release order. */
  readonly order: Int32Array;
  readonly schedule: DmrsSchedule;
}

export function planFifo(instance: DmrsInstance, availableAt?: ArrayLike<number>): FifoPlan {
  const jobs = instance.jobs;
  const order = Int32Array.from(jobs, (_, j) => j).sort((a, b) => jobs[a].release - jobs[b].release || a - b);
  const builder = new ScheduleBuilder(instance, { availableAt });
  const machines = instance.machines.length;
  // A machine's own clock: when it next looks for work (it may wait for a release without running anything).
  const clock = Float64Array.from({ length: machines }, (_, i) => builder.freeAt(i));
  let next = 0;
  let launched = 0;
  const skipDone = () => {
    while (next < order.length && launched === jobs[order[next]].maps.length + jobs[order[next]].reduces.length) {
      next++;
      launched = 0;
    }
  };
  skipDone();
  while (next < order.length) {
    let machine = 0;
    for (let i = 1; i < machines; i++) if (clock[i] < clock[machine]) machine = i;
    const j = order[next];
    const job = jobs[j];
    if (job.release > clock[machine]) {
      clock[machine] = job.release;
      continue;
    }
    const kind = launched < job.maps.length ? 'map' : 'reduce';
    const task = kind === 'map' ? launched : launched - job.maps.length;
    clock[machine] = builder.place({ job: j, kind, task, machine }).end;
    launched++;
    skipDone();
  }
  return { order, schedule: builder.build() };
}

/**
 * A simulator scenario as a makespan problem, for the schedulers that run a
 * planner's order (src/sched/makespan/). The cluster is the sum of every
 * node's slots; each job's tasks are its compute work divided by the
 * cluster's mean speed (a slot of speed 2 does twice the work of one of
 * speed 1), so that work ÷ slots is the stage's duration on the whole
 * cluster. Input reads and the shuffle are left out: the makespan model has
 * no network (docs/algorithms/makespan.md, "In the simulator").
 */
import type { Scenario } from '../../model/scenario.js';
import type { MakespanJob, MakespanProblem } from './problem.js';

export function scenarioProblem(scenario: Pick<Scenario, 'cluster' | 'jobs'>): MakespanProblem {
  const nodes = scenario.cluster.nodes;
  const mapSlots = nodes.reduce((n, node) => n + node.mapSlots, 0);
  const reduceSlots = nodes.reduce((n, node) => n + node.reduceSlots, 0);
  const meanSpeed = (slots: number, slotsOf: (node: (typeof nodes)[number]) => number) =>
    slots === 0 ? 1 : nodes.reduce((sum, node) => sum + slotsOf(node) * node.speed, 0) / slots;
  const mapSpeed = meanSpeed(mapSlots, (node) => node.mapSlots);
  const reduceSpeed = meanSpeed(reduceSlots, (node) => node.reduceSlots);
  const jobs = scenario.jobs.map((job): MakespanJob => {
    // A stage without tasks (a map-only job's reduce) is a stage of no time.
    const stage = (works: ArrayLike<number>, speed: number) =>
      works.length === 0 ? { slots: 1, duration: 0 } : { slots: works.length, tasks: Array.from(works, (work) => work / speed) };
    const map = stage(job.maps.work, mapSpeed);
    const reduce = stage(
      job.reduces.map((r) => r.work),
      reduceSpeed,
    );
    return {
      id: job.id,
      mapSlots: map.slots,
      reduceSlots: reduce.slots,
      ...(map.tasks === undefined ? { mapDuration: map.duration } : { mapTasks: map.tasks }),
      ...(reduce.tasks === undefined ? { reduceDuration: reduce.duration } : { reduceTasks: reduce.tasks }),
    };
  });
  return { cluster: { mapSlots: Math.max(1, mapSlots), reduceSlots: Math.max(1, reduceSlots) }, jobs };
}

/**
 * A simulator scenario as a DMRS instance, so the planner runs on the same
 * workload as the simulator: one machine per slot of each node (a node's
 * `totalSlots`: its containers, or its map plus reduce slots), at the node's
 * speed; each job with its weight, its submit time as release, and its
 * tasks' compute work (seconds at speed 1) as their sizes, so a task takes
 * work / speed as in the simulator. Input reads and the shuffle are left
 * out: the paper's model has no network. Split slots lose their kinds: the
 * model lets any machine run maps and reduces alike.
 */
import type { Scenario } from '../../model/scenario.js';
import type { DmrsInstance, DmrsMachine } from './dmrs-instance.js';

export function scenarioInstance(scenario: Scenario): DmrsInstance {
  const machines = scenario.cluster.nodes.flatMap((node) =>
    Array.from({ length: node.totalSlots }, (_, k): DmrsMachine => ({ id: node.totalSlots === 1 ? node.id : `${node.id}/${k + 1}`, speed: node.speed })),
  );
  const jobs = scenario.jobs.map((job) => ({
    id: job.id,
    weight: job.weight,
    release: job.submitTime,
    maps: Array.from(job.maps.work),
    reduces: job.reduces.map((reduce) => reduce.work),
  }));
  return { machines, jobs };
}

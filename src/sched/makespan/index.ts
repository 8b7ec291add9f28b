/**
 * `uaas` and `mkjr`: batch schedulers that run jobs in a makespan planner's
 * order (src/planners/makespan/), so that the planned makespan can be set
 * beside the simulated one (the run record keeps the plan; the metrics
 * `plannedMakespan` and `planGap` show both).
 *
 * - `uaas` (Tian et al., "On Dynamic Job Ordering and Slot Configurations for
 *   Minimizing the Makespan of Multiple MapReduce Jobs"): `prepare` re-splits
 *   every job into one map per map slot and one reduce per reduce slot
 *   (resplit.ts), so each stage takes the whole cluster, then jobs run in
 *   UAAS's order.
 * - `mkjr` (Tang, Lee, He, TSC 2016, as seed 000 quotes it): jobs keep their
 *   own tasks and run in the MK_JR order of the work ÷ slots estimate; its
 *   prediction is that estimate, which real task sizes need not meet.
 *
 * Jobs run in the plan's order, every free slot to the first submitted job
 * of the order that can use it: each free map slot takes the most local
 * pending map of that job, each free reduce slot a runnable reduce (all of a
 * node's free slots at each heartbeat, maps and reduces alike). With every
 * job submitted at once this is the batch schedule the planners assume; a
 * job submitted later takes its place in the order when it arrives.
 *
 * The plan is computed once, at creation, over every job of the run as the
 * oracle gives them (`setup.oracle.workload()`), from compute work only
 * (scenario-problem.ts): the scenario's true work and the jobs to come, as
 * the planners' model assumes them known (the plan says so: `durations:
 * 'oracle'`, and the run records the oracle's read). The prediction is exact only
 * for a workload that satisfies the model: every job submitted at 0, work
 * divisible into one wave, no input read or shuffle, equal node speeds, and
 * heartbeats at the moments slots free (aligned and out of band). Anything
 * else (task sizes, heartbeats, the network) shows as the gap.
 */
import type { MakespanPlan } from '../../planners/makespan/plan.js';
import type { MakespanProblem } from '../../planners/makespan/problem.js';
import { planMkjr } from '../../planners/makespan/mkjr.js';
import { planUaas } from '../../planners/makespan/uaas.js';
import { scenarioProblem } from '../../planners/makespan/scenario-problem.js';
import type { RunPlan } from '../../model/run-record.js';
import { composePolicy } from '../composed-policy.js';
import { QueueOrder } from '../queue-order.js';
import { NO_OPTIONS } from '../scheduler-options.js';
import type { JobOrder, SchedulerFactory, SchedulerSetup } from '../types.js';
import { resplitScenario } from './resplit.js';

export { resplitScenario } from './resplit.js';

/** Jobs in the planner's order, every free slot of a node filled at each heartbeat. */
function planOrder(name: string, setup: SchedulerSetup, plan: (problem: MakespanProblem) => MakespanPlan): JobOrder {
  const jobs = setup.oracle.workload();
  const result = jobs.length === 0 ? { model: 'all-slots', order: [], makespan: 0 } : plan(scenarioProblem({ cluster: setup.cluster, jobs }));
  // The oracle's jobs are the run's, in job-index order.
  const index = new Map(jobs.map((job, i) => [job.id, i]));
  const rank = new Int32Array(jobs.length);
  result.order.forEach((id, position) => (rank[index.get(id)!] = position));
  const runPlan: RunPlan = { planner: name, model: result.model, durations: 'oracle', order: result.order, makespan: result.makespan };
  return new QueueOrder(Infinity, (a, b) => rank[a.index] - rank[b.index], runPlan);
}

export const uaasScheduler: SchedulerFactory = {
  name: 'uaas',
  summary: "Batch: every job re-split to one task per slot, run in UAAS's Johnson order; planned makespan kept beside the run.",
  source: 'Tian, Luo, Tian, Chen, "On Dynamic Job Ordering and Slot Configurations for Minimizing the Makespan of Multiple MapReduce Jobs"',
  options: NO_OPTIONS,
  optionDescriptions: {},
  prepare: resplitScenario,
  batchOnly: true,
  placements: { map: 'locality', reduce: 'hadoop' },
  create: (setup) => composePolicy(setup, planOrder('uaas', setup, planUaas)),
};

export const mkjrScheduler: SchedulerFactory = {
  name: 'mkjr',
  summary: "Batch: jobs in MK_JR's Johnson order of work ÷ slots, their own tasks; planned makespan kept beside the run.",
  source: 'Tang, Lee, He, "Dynamic Job Ordering and Slot Configurations for MapReduce Workloads", IEEE TSC 2016 (as Tian et al. quote it)',
  options: NO_OPTIONS,
  optionDescriptions: {},
  batchOnly: true,
  placements: { map: 'locality', reduce: 'hadoop' },
  create: (setup) => composePolicy(setup, planOrder('mkjr', setup, planMkjr)),
};

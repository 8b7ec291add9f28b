/**
 * The map-only baseline of "On the Optimality of Scheduling Dependent
 * MapReduce Tasks on Heterogeneous Machines" (Aggarwal, Xu, Lan,
 * Subramaniam, §VI): Algorithm 1 "without considering the reduce phase".
 *
 * How we read it: the LP and the job order see the maps only (the instance
 * with every job's reduces removed); the maps are placed as Algorithm 1
 * places them; the reduces, which the paper sends to "random machines",
 * are dealt round-robin over the machines in the order listed, whatever
 * their speed, each after its job's maps and still taken job by job in the
 * same order. Round robin is as blind to speed as a random choice and keeps
 * the plan deterministic without a seed.
 */
import type { LinearSolver } from '../../solvers/linear-program.js';
import { lpOrder, type PlannedSchedule, type PlannerOptions } from './dmrs.js';
import type { DmrsInstance, DmrsJob } from './dmrs-instance.js';
import { listSchedule } from './list-schedule.js';
import { solveLpMapReduce } from './lp-mapreduce.js';

export function planMapOnly(solver: LinearSolver, instance: DmrsInstance, options: PlannerOptions = {}): PlannedSchedule {
  const lp = solveLpMapReduce(solver, mapPhaseInstance(instance), options.lp, options.lpOptions, options.source);
  const order = lpOrder(lp);
  return { order, schedule: listSchedule(instance, order, { availableAt: options.availableAt, reduces: 'round-robin' }), lp };
}

/** The instance with every job's reduces left out. */
export function mapPhaseInstance(instance: DmrsInstance): DmrsInstance {
  return { machines: instance.machines, jobs: instance.jobs.map((job): DmrsJob => ({ ...job, reduces: [] })) };
}

/**
 * The identical-machine baseline of "On the Optimality of Scheduling
 * Dependent MapReduce Tasks on Heterogeneous Machines" (Aggarwal, Xu, Lan,
 * Subramaniam, §VI): Algorithm 1 run as if every machine had the same speed,
 * so tasks spread evenly whatever the machines' real speeds.
 *
 * How we read it: the LP, the job order and the placement (each task on the
 * machine where it would end first, at the common speed) are computed with
 * every speed set to the machines' mean speed (the common value does not
 * change the order or the placement, only the time scale); then each
 * machine runs its tasks in the planned order at its real speed, each task
 * as early as its machine and job allow. The paper says no more than
 * "assumes all machines are identical, and applies Algorithm 1".
 */
import type { LinearSolver } from '../../solvers/linear-program.js';
import { planDmrs, type PlannedSchedule, type PlannerOptions } from './dmrs.js';
import type { DmrsInstance } from './dmrs-instance.js';
import { replaySchedule } from './schedule.js';

export function planIdenticalMachine(solver: LinearSolver, instance: DmrsInstance, options: PlannerOptions = {}): PlannedSchedule {
  const planned = planDmrs(solver, identicalMachineInstance(instance), options);
  return { ...planned, schedule: replaySchedule(instance, planned.schedule.tasks, options.availableAt) };
}

/** The instance with every machine at the mean speed. */
export function identicalMachineInstance(instance: DmrsInstance): DmrsInstance {
  const mean = instance.machines.reduce((sum, machine) => sum + machine.speed, 0) / instance.machines.length;
  return { machines: instance.machines.map((machine) => ({ id: machine.id, speed: mean })), jobs: instance.jobs };
}

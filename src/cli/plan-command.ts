/** `mrsched plan …`: offline planners, one sub-command each. */
import { Command } from 'commander';
import { planAssignCommand } from './plan-assign-command.js';
import { planMakespanCommand } from './plan-makespan-command.js';

export function planCommand(): Command {
  const plan = new Command('plan').description('Offline planners: job orders, slot splits and task assignments computed before a run.');
  for (const command of [planMakespanCommand(), planAssignCommand()]) plan.addCommand(command);
  return plan;
}

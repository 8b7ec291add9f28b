/** `mrsched plan …`: offline planners, one sub-command each. */
import { Command } from 'commander';
import { planAssignCommand } from './plan-assign-command.js';
import { planDmrsCommand } from './plan-dmrs-command.js';
import { planMakespanCommand } from './plan-makespan-command.js';

export function planCommand(): Command {
  const plan = new Command('plan').description('Offline planners: job orders, slot splits, task assignments and schedules computed before a run.');
  for (const command of [planMakespanCommand(), planAssignCommand(), planDmrsCommand()]) plan.addCommand(command);
  return plan;
}

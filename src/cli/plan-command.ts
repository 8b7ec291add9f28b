/** `mrsched plan …`: offline planners, one sub-command each. */
import { Command } from 'commander';
import { planAssignCommand } from './plan-assign-command.js';
import { planMakespanCommand } from './plan-makespan-command.js';
import { planReduceThresholdsCommand } from './plan-reduce-thresholds-command.js';

export function planCommand(): Command {
  const plan = new Command('plan').description('Offline planners: job orders, slot splits, task assignments and reduce placement thresholds computed before a run.');
  for (const command of [planMakespanCommand(), planAssignCommand(), planReduceThresholdsCommand()]) plan.addCommand(command);
  return plan;
}

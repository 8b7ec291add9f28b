/** `mrsched plan …`: offline planners, one sub-command each. */
import { Command } from 'commander';
import { planAssignCommand } from './plan-assign-command.js';
import { planClassesCommand } from './plan-classes-command.js';
import { planDmrsCommand } from './plan-dmrs-command.js';
import { planMakespanCommand } from './plan-makespan-command.js';
import { planReduceThresholdsCommand } from './plan-reduce-thresholds-command.js';

export function planCommand(): Command {
  const plan = new Command('plan').description('Offline planners: job orders, slot splits, task assignments, schedules, reduce placement thresholds and class-to-resource matchings computed before a run.');
  for (const command of [planMakespanCommand(), planAssignCommand(), planDmrsCommand(), planReduceThresholdsCommand(), planClassesCommand()]) plan.addCommand(command);
  return plan;
}

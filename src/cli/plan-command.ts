/** `mrsched plan …`: the offline planners, one sub-command each. */
import { Command } from 'commander';
import { planAssignCommand } from './plan-assign-command.js';

export function planCommand(): Command {
  return new Command('plan').description('Run an offline planner on an instance and print its plan.').addCommand(planAssignCommand());
}

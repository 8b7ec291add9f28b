/** `mrsched plan …`: offline planners, one sub-command each. */
import { Command } from 'commander';
import { planMakespanCommand } from './plan-makespan-command.js';

export function planCommand(): Command {
  const plan = new Command('plan').description('Offline planners: job orders, slot splits and assignments computed before a run.');
  for (const command of [planMakespanCommand()]) plan.addCommand(command);
  return plan;
}

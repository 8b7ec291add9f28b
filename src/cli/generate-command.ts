/** `mrsched generate …`: instance and workload generators, one sub-command each. */
import { Command } from 'commander';
import { generateHtaCommand } from './generate-hta-command.js';

export function generateCommand(): Command {
  return new Command('generate').description('Write generated instances.').addCommand(generateHtaCommand());
}

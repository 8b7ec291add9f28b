/** `mrsched generate KIND`: synthetic workloads of the papers and planner instances, one sub-command each. */
import { Command } from 'commander';
import { generateDmrsCommand } from './generate-dmrs-command.js';
import { generateHtaCommand } from './generate-hta-command.js';
import { generateLoadgenCommand } from './generate-loadgen-command.js';

export function generateCommand(): Command {
  const generate = new Command('generate').description(
    'Write a scenario file with a synthetic workload of the papers (job streams drawn with the scenario seed), or a planner instance.',
  );
  for (const command of [generateLoadgenCommand(), generateDmrsCommand(), generateHtaCommand()]) generate.addCommand(command);
  return generate;
}

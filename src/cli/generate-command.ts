/** `mrsched generate KIND`: synthetic workloads of the papers, written as scenario files. */
import { Command } from 'commander';
import { generateDmrsCommand } from './generate-dmrs-command.js';
import { generateLoadgenCommand } from './generate-loadgen-command.js';

export function generateCommand(): Command {
  const generate = new Command('generate').description(
    'Write a scenario file with a synthetic workload of the papers (job streams drawn with the scenario seed).',
  );
  for (const command of [generateLoadgenCommand(), generateDmrsCommand()]) generate.addCommand(command);
  return generate;
}

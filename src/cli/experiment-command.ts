/**
 * `mrsched experiment NAME`: a paper's own experiment in its own model (not
 * a scenario on the cluster simulator, which is what simulate and compare
 * run), one sub-command each.
 */
import { Command } from 'commander';
import { experimentReducePlacementCommand } from './experiment-reduce-placement-command.js';

export function experimentCommand(): Command {
  const experiment = new Command('experiment').description("Run a paper's own experiment in its own abstract model, with replications and 95% intervals.");
  for (const command of [experimentReducePlacementCommand()]) experiment.addCommand(command);
  return experiment;
}

/** `mrsched schedulers`: the schedulers and the placements, a line each. */
import { Command } from 'commander';
import { renderTable } from '../report/table.js';
import { withModuleOption } from './scheduler-choice.js';
import { registryWithModules } from '../plugins/scheduler-modules.js';
import { writeStdout } from './standard-output.js';

export function schedulersCommand(): Command {
  return withModuleOption(new Command('schedulers').description('List the schedulers and the placements that can replace their own, a line each.'))
    .addHelpText(
      'after',
      `
A placement replaces a scheduler's own: 'fifo+delay', or --map-placement delay.

Examples:
  $ mrsched schedulers
  $ mrsched schedulers --scheduler-module examples/schedulers/lifo.js`,
    )
    .action(async (options: { schedulerModule: string[] }) => {
      const registry = await registryWithModules(options.schedulerModule);
      const schedulers = registry.list().map((f) => {
        const own = [f.placements?.map ?? 'its own', f.placements?.reduce ?? 'its own'];
        return [f.name, f.summary, `${own[0]} / ${own[1]}`, f.source];
      });
      writeStdout(renderTable(['scheduler', 'what it does', 'placements (map / reduce)', 'from'], schedulers));
      const placements = registry.placements().map((f) => [f.name, f.kind === 'map-placement' ? 'map' : 'reduce', f.summary, f.source]);
      writeStdout('\n' + renderTable(['placement', 'places', 'what it does', 'from'], placements));
    });
}

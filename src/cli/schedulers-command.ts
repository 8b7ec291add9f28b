/** `mrsched schedulers`: the job orders (the schedulers), the map placements and the reduce placements, a line each. */
import { Command } from 'commander';
import { renderTable } from '../report/table.js';
import { withModuleOption } from './scheduler-choice.js';
import { registryWithModules } from '../plugins/scheduler-modules.js';
import { writeStdout } from './standard-output.js';

export function schedulersCommand(): Command {
  return withModuleOption(new Command('schedulers').description('List the schedulers (job orders), the map placements and the reduce placements, a line each.'))
    .addHelpText(
      'after',
      `
A placement replaces a scheduler's own: 'fifo+delay', or --map-placement delay; another
scheduler's job order replaces its own with --job-order.

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
      writeStdout(renderTable(['job order', 'what it does', 'placements (map / reduce)', 'from'], schedulers));
      for (const kind of ['map', 'reduce'] as const) {
        const placements = registry.placements().filter((f) => f.kind === `${kind}-placement`);
        writeStdout('\n' + renderTable([`${kind} placement`, 'what it does', 'from'], placements.map((f) => [f.name, f.summary, f.source])));
      }
    });
}

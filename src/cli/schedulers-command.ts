/** `mrsched schedulers`: the scheduler names, a line each. */
import { Command } from 'commander';
import { builtinSchedulers } from '../sched/index.js';
import { renderTable } from '../report/table.js';

export function schedulersCommand(): Command {
  return new Command('schedulers')
    .description('List the schedulers, a line each.')
    .addHelpText('after', '\nExample:\n  $ mrsched schedulers')
    .action(() => {
      const rows = builtinSchedulers()
        .list()
        .map((f) => [f.name, f.summary, f.source]);
      process.stdout.write(renderTable(['name', 'what it does', 'from'], rows));
    });
}

/** `mrsched compare [SCENARIO]`: several schedulers on one scenario, a metric table, and the HTML report. */
import { Command, Option } from 'commander';
import { compare } from '../experiment/compare.js';
import { comparisonTable } from '../report/metric-tables.js';
import { renderHtmlReport } from '../report/html-report.js';
import { comparisonSummary } from '../report/comparison-summary.js';
import { writeOutputFiles } from './output-dir.js';
import { progressLine } from './progress.js';
import { readScenarioInput } from './scenario-input.js';
import { parseList, parseReplications, parseSeed } from './options.js';
import { chooseSchedulers, withSchedulerOptions, type SchedulerCliOptions } from './scheduler-choice.js';
import { registryWithModules } from '../sched/scheduler-modules.js';

export function compareCommand(): Command {
  return withSchedulerOptions(
    new Command('compare')
      .description('Run a scenario under several schedulers and compare their metrics.')
      .argument('[scenario]', 'scenario file (YAML or JSON); the built-in default when omitted'),
  )
    .option('--schedulers <names>', "comma-separated scheduler names, each with placements after '+' if wanted (default: every scheduler that suits the scenario; the batch planners uaas and mkjr only when all jobs are submitted together)", parseList)
    .option('-r, --replications <n>', 'runs per scheduler, seeds s, s+1, …; 95% intervals when > 1', parseReplications, 1)
    .option('--seed <n>', "first replication's seed (default: the scenario's)", parseSeed)
    .option('-o, --out <dir>', 'write report.html and summary.json into this directory')
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched compare
  $ mrsched compare --out out/default          # and open out/default/report.html
  $ mrsched compare my-cluster.yaml --schedulers fifo,fair --replications 10 --out out/mine
  $ mrsched compare --format json > comparison.json
  $ mrsched compare --schedulers fifo,fifo+delay,fair --reduce-placement hadoop`,
    )
    .action(async (scenarioPath: string | undefined, options: CompareCliOptions) => {
      const input = await readScenarioInput(scenarioPath);
      const first = input.resolve(options.seed);
      const firstSeed = first.settings.seed;
      const asked = options.schedulers ?? (await registryWithModules(options.schedulerModule)).namesFor(first);
      const { registry, names: schedulers, solver } = await chooseSchedulers(asked, '--schedulers', options, first);
      const progress = progressLine();
      const update = progress.update;
      // The first replication runs on the scenario already resolved to pick the schedulers.
      const comparison = compare((seed) => (seed === firstSeed ? first : input.resolve(seed)), {
        schedulers,
        replications: options.replications,
        seed: firstSeed,
        registry,
        ...(solver === undefined ? {} : { solver }),
        onProgress: update && ((name, r, p) => update(`${name} #${r + 1}/${options.replications}`, p)),
      });
      progress.end();
      const summary = comparisonSummary(comparison);
      if (options.out !== undefined) {
        writeOutputFiles(options.out, {
          'report.html': renderHtmlReport(comparison),
          'summary.json': JSON.stringify(summary, null, 2) + '\n',
        });
      }
      if (options.format === 'json') {
        process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
        return;
      }
      const seeds = comparison.seeds.length === 1 ? `seed ${comparison.seeds[0]}` : `seeds ${comparison.seeds[0]}–${comparison.seeds.at(-1)} (mean ± 95% CI)`;
      process.stdout.write(`${comparison.scenario} · ${seeds}\n\n${comparisonTable(comparison)}`);
      if (options.out !== undefined) process.stdout.write(`\nwrote ${options.out}/report.html and summary.json\n`);
    });
}

interface CompareCliOptions extends SchedulerCliOptions {
  readonly schedulers?: string[];
  readonly replications: number;
  readonly seed?: number;
  readonly out?: string;
  readonly format: 'table' | 'json';
}

/** `mrsched simulate [SCENARIO] --scheduler NAME`: one run, its metrics, and optionally its files. */
import { Command, Option } from 'commander';
import { runScenario } from '../experiment/run-scenario.js';
import { isBatch } from '../sched/index.js';
import { runFiles, runSummary } from '../report/run-files.js';
import { runTable } from '../report/metric-tables.js';
import { prepareOutputDirectory } from './output-dir.js';
import { writeStdout } from './standard-output.js';
import { progressLine } from './progress.js';
import { readScenarioInput } from './scenario-input.js';
import { inScenarioFile } from './scheduler-option-problems.js';
import { parseSeed } from './options.js';
import { chooseSchedulers, withSchedulerOptions, type SchedulerCliOptions } from './scheduler-choice.js';

export function simulateCommand(): Command {
  return withSchedulerOptions(
    new Command('simulate')
      .description('Run a scenario under one scheduler and print its metrics.')
      .argument('[scenario]', 'scenario file (YAML or JSON); the built-in default when omitted')
      .requiredOption('-s, --scheduler <name>', "scheduler to run, with placements after '+' if wanted (see 'mrsched schedulers')"),
  )
    .option('--seed <n>', "seed of every random draw (default: the scenario's)", parseSeed)
    .option('-o, --out <dir>', 'write tasks.csv, jobs.csv, nodes.csv and summary.json into this directory (all or nothing)')
    .option('--force', 'let --out replace a directory that is not a previous output of mrsched')
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched simulate --scheduler fifo
  $ mrsched simulate examples/tiny.yaml --scheduler fair --seed 7 --out out/tiny
  $ mrsched simulate my-cluster.yaml -s capacity --format json > summary.json
  $ mrsched simulate --scheduler fifo --map-placement delay     # or: --scheduler fifo+delay
  $ mrsched simulate --scheduler-module examples/schedulers/lifo.js --scheduler lifo`,
    )
    .action(async (scenarioPath: string | undefined, options: SimulateCliOptions) => {
      const output = options.out === undefined ? undefined : prepareOutputDirectory(options.out, options.force === true);
      const input = await readScenarioInput(scenarioPath);
      const scenario = input.resolve(options.seed);
      const { registry, names, solver } = await chooseSchedulers([options.scheduler], '--scheduler', options, scenario);
      const [name] = names;
      if (registry.get(name.split('+')[0], '--scheduler').batchOnly === true && !isBatch(scenario)) {
        process.stderr.write(
          `note: ${options.scheduler} plans one batch released together, and the jobs of ${scenario.name} arrive over time: its plan ignores the arrivals\n`,
        );
      }
      const progress = progressLine();
      const update = progress.update;
      const { run, metrics } = inScenarioFile(input, () =>
        runScenario(scenario, name, {
          registry,
          ...(solver === undefined ? {} : { solver }),
          onProgress: update && ((p) => update(name, p)),
        }),
      );
      progress.end();
      await output?.write(runFiles(run, metrics));
      if (options.format === 'json') {
        writeStdout(JSON.stringify(runSummary(run, metrics), null, 2) + '\n');
        return;
      }
      const lines = [`${scenario.name} · ${run.scheduler} · seed ${run.seed}\n\n${runTable(metrics)}`];
      for (const job of run.jobs) {
        if (job.status === 'failed') lines.push(`job ${job.id} failed: ${job.failure}\n`);
      }
      if (run.stalled) {
        const left = run.jobs.filter((job) => job.status === 'unfinished').length;
        lines.push(
          `the run stalled: ${left} job${left === 1 ? '' : 's'} could not finish ` +
            '(no live node could run them, or the scheduler launched nothing for a long time; see jobs.csv)\n',
        );
      }
      if (options.out !== undefined) lines.push(`\nwrote ${options.out}/{tasks,jobs,nodes}.csv and summary.json\n`);
      writeStdout(lines.join(''));
    });
}

interface SimulateCliOptions extends SchedulerCliOptions {
  readonly scheduler: string;
  readonly seed?: number;
  readonly out?: string;
  readonly force?: boolean;
  readonly format: 'table' | 'json';
}

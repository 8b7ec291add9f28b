/** `mrsched simulate [SCENARIO] [--scheduler NAME]`: one run, its metrics, and optionally its files and report. */
import { Command, Option } from 'commander';
import { comparisonOfRun } from '../experiment/compare.js';
import { runProfile } from '../experiment/run-scenario.js';
import { batsimJobsCsv, batsimScheduleCsv } from '../report/batsim-files.js';
import { renderHtmlReport } from '../report/html-report.js';
import { runFiles, runSummary } from '../report/run-files.js';
import { runTable } from '../report/metric-tables.js';
import { UsageError } from './errors.js';
import { prepareOutputDirectory } from './output-dir.js';
import { simulationsProgress } from './progress.js';
import { writeNotice } from './notices.js';
import { commandProvenance, VERSION } from './provenance.js';
import { writeStdout } from './standard-output.js';
import { readScenarioInput } from './scenario-input.js';
import { inScenarioFile } from './scheduler-option-problems.js';
import { parseSeed } from './options.js';
import { HISTORY_OPTION_FLAGS, HISTORY_OPTION_HELP, readHistory } from './history-option.js';
import { schedulerHints } from './scheduler-hints.js';
import { chooseSchedulers, withSchedulerOptions, type SchedulerCliOptions } from './scheduler-choice.js';
import { reportFilesText } from '../report/beside-files.js';

/** Hadoop's own default: what a run without --scheduler uses. */
const DEFAULT_SCHEDULER = 'fifo';

export function simulateCommand(): Command {
  return withSchedulerOptions(
    new Command('simulate')
      .description('Run a scenario under one scheduler and print its metrics.')
      .argument('[scenario]', 'scenario file (YAML or JSON); the built-in default when omitted')
      .option('-s, --scheduler <name>', "scheduler to run, with placements after '+' if wanted (see 'mrsched schedulers')", DEFAULT_SCHEDULER),
  )
    .option('--seed <n>', "seed of every random draw (default: the scenario's)", parseSeed)
    .option('--explain', 'keep the decision log: why each task launched where it did, in the scheduler’s terms (decisions.jsonl, and in the report; needs --out)')
    .option(HISTORY_OPTION_FLAGS, HISTORY_OPTION_HELP)
    .option('-o, --out <dir>', 'write tasks.csv, jobs.csv, nodes.csv, summary.json and report.html (with the attempts in report-attempts-0-P.js beside it when they do not fit the page) into this directory (all or nothing)')
    .option('--force', 'let --out replace a directory that is not a previous output of mrsched')
    .addOption(new Option('-f, --format <format>', "what to print; batsim also writes Batsim's jobs.csv and schedule.csv into DIR/batsim/ (with --out)").choices(['table', 'json', 'batsim']).default('table'))
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched simulate                            # the default scenario under fifo
  $ mrsched simulate examples/tiny.yaml --scheduler fair --seed 7 --out out/tiny
  $ mrsched simulate my-cluster.yaml -s capacity --format json > summary.json
  $ mrsched simulate --scheduler fifo --map-placement delay     # or: --scheduler fifo+delay
  $ mrsched simulate --scheduler fair --job-order fifo          # fifo's order, fair's delay scheduling: fifo+delay
  $ mrsched simulate --format batsim --out out/batsim
  $ mrsched simulate -s dmrs --history out/yesterday   # estimates start from that run's jobs
  $ mrsched simulate --scheduler-module examples/schedulers/lifo.js --scheduler lifo
  $ mrsched simulate --scheduler-process "python3 -m mrsched_policy.examples.fifo"   # pip install ./python first`,
    )
    .action(async (scenarioPath: string | undefined, options: SimulateCliOptions, command: Command) => {
      if (options.format === 'batsim' && options.out === undefined) throw new UsageError('--format batsim writes files: give --out DIR');
      if (options.explain === true && options.out === undefined) throw new UsageError('--explain writes the decision log: give --out DIR');
      const output = options.out === undefined ? undefined : prepareOutputDirectory(options.out, options.force === true);
      const input = await readScenarioInput(scenarioPath);
      const scenario = input.resolve(options.seed);
      const history = options.history === undefined ? undefined : readHistory(options.history);
      const process = options.schedulerProcess.length > 0;
      if (process && (options.schedulerProcess.length > 1 || command.getOptionValueSource('scheduler') === 'cli')) {
        throw new UsageError('simulate runs one scheduler: give --scheduler or one --scheduler-process, not both');
      }
      const chosen = await chooseSchedulers(process ? [] : [options.scheduler], '--scheduler', options, scenario, input);
      const { registry, solver } = chosen;
      const [name] = chosen.names;
      const hints = schedulerHints(chosen, scenario);
      for (const hint of hints) writeNotice(`note: ${hint}\n`);
      const progress = simulationsProgress(1, scenario.jobs.length);
      const decisions: string[] = [];
      const result = inScenarioFile(input, () =>
        runProfile(scenario, chosen.profiles[0], {
          registry,
          ...(options.explain === true ? { explain: (decision) => void decisions.push(JSON.stringify(decision)) } : {}),
          ...(solver === undefined ? {} : { solver }),
          ...(history === undefined ? {} : { history }),
          onProgress: (p) => progress.update(name, p),
        }),
      );
      progress.end();
      const { run, metrics } = result;
      const provenance = commandProvenance(command, input, scenario, [run.seed]);
      let reportNames = 'report.html';
      if (output !== undefined) {
        const files = runFiles(run, metrics, provenance);
        const log = options.explain === true ? decisions.join('\n') + '\n' : undefined;
        if (log !== undefined) files['decisions.jsonl'] = log;
        const report = renderHtmlReport(comparisonOfRun(result), { provenance, notes: hints, decisions: [log] });
        reportNames = reportFilesText(Object.keys(report));
        Object.assign(files, report);
        if (options.format === 'batsim') {
          files['batsim/jobs.csv'] = batsimJobsCsv(run);
          files['batsim/schedule.csv'] = batsimScheduleCsv(run, VERSION);
        }
        await output.write(files);
      }
      if (options.format === 'json') {
        writeStdout(JSON.stringify(runSummary(run, metrics, provenance), null, 2) + '\n');
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
      if (options.out !== undefined) {
        const extra = `${options.explain === true ? ', decisions.jsonl' : ''}${options.format === 'batsim' ? ', batsim/' : ''}`;
        const csvFiles = run.applicationMasters === undefined ? '{tasks,jobs,nodes}' : '{tasks,jobs,nodes,applicationMasters}';
        lines.push(`\nwrote ${options.out}/${csvFiles}.csv, summary.json, ${reportNames}${extra}\n`);
      }
      writeStdout(lines.join(''));
    });
}

interface SimulateCliOptions extends SchedulerCliOptions {
  readonly scheduler: string;
  readonly seed?: number;
  readonly explain?: boolean;
  readonly history?: string;
  readonly out?: string;
  readonly force?: boolean;
  readonly format: 'table' | 'json' | 'batsim';
}

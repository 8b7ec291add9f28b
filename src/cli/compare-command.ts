/** `mrsched compare [SCENARIO]`: several schedulers on one scenario, a metric table, and the report with every run's files. */
import { Command, Option } from 'commander';
import { compare } from '../experiment/compare.js';
import { comparisonTable } from '../report/metric-tables.js';
import { renderHtmlReport } from '../report/html-report.js';
import { batsimJobsCsv, batsimScheduleCsv } from '../report/batsim-files.js';
import { comparisonSummary } from '../report/comparison-summary.js';
import { runFiles, runFolder, type FileText } from '../report/run-files.js';
import { UsageError } from './errors.js';
import { prepareOutputDirectory } from './output-dir.js';
import { simulationsProgress } from './progress.js';
import { writeNotice } from './notices.js';
import { commandProvenance, VERSION } from './provenance.js';
import { readScenarioInput } from './scenario-input.js';
import { inScenarioFile } from './scheduler-option-problems.js';
import { checkReplicationSeeds, parseList, parseReplications, parseSeed } from './options.js';
import { schedulerHints } from './scheduler-hints.js';
import { writeStdout } from './standard-output.js';
import { chooseSchedulers, withSchedulerOptions, type SchedulerCliOptions } from './scheduler-choice.js';
import { HISTORY_OPTION_FLAGS, HISTORY_OPTION_HELP, readHistory } from './history-option.js';
import { reportFilesText } from '../report/beside-files.js';

export function compareCommand(): Command {
  return withSchedulerOptions(
    new Command('compare')
      .description('Run a scenario under several schedulers and compare their metrics.')
      .argument('[scenario]', 'scenario file (YAML or JSON); the built-in default when omitted'),
  )
    .option('--schedulers <names>', "comma-separated scheduler names, each with placements after '+' if wanted (default: every scheduler that suits the scenario; the batch planners uaas and mkjr only when all jobs are submitted together)", parseList)
    .option('-r, --replications <n>', 'runs per scheduler, seeds s, s+1, …; 95% intervals when > 1', parseReplications, 1)
    .option('--seed <n>', "first replication's seed (default: the scenario's)", parseSeed)
    .option('--baseline <name>', 'the scheduler the report measures the others against (default: fifo when compared, else the first)')
    .option('--explain', 'keep each run’s decision log: why each task launched where it did, in the scheduler’s terms (decisions.jsonl in each run’s folder, and in the report; needs --out)')
    .option(HISTORY_OPTION_FLAGS, HISTORY_OPTION_HELP)
    .option('-o, --out <dir>', 'write report.html (with the attempts in report-attempts-N-P.js beside it when they do not fit the page), summary.json and every run’s files (runs/<scheduler>-<seed>/) into this directory (all or nothing)')
    .option('--force', 'let --out replace a directory that is not a previous output of mrsched')
    .addOption(new Option('-f, --format <format>', "what to print; batsim also writes Batsim's jobs.csv and schedule.csv for every run (with --out)").choices(['table', 'json', 'batsim']).default('table'))
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched compare
  $ mrsched compare --out out/default          # and open out/default/report.html
  $ mrsched compare my-cluster.yaml --schedulers fifo,fair --replications 10 --out out/mine
  $ mrsched compare --schedulers fair,capacity --baseline capacity --out out/vs-capacity
  $ mrsched compare --format json > comparison.json
  $ mrsched compare --format batsim --out out/batsim  # runs/*/batsim/jobs.csv for evalys and friends
  $ mrsched compare --schedulers fifo,fifo+delay,fair --reduce-placement hadoop
  $ mrsched compare --schedulers fair,capacity --job-order fifo   # fifo's order with each one's placements`,
    )
    .action(async (scenarioPath: string | undefined, options: CompareCliOptions, command: Command) => {
      if (options.format === 'batsim' && options.out === undefined) throw new UsageError('--format batsim writes files: give --out DIR');
      if (options.explain === true && options.out === undefined) throw new UsageError('--explain writes the decision logs: give --out DIR');
      const output = options.out === undefined ? undefined : prepareOutputDirectory(options.out, options.force === true);
      const input = await readScenarioInput(scenarioPath);
      const first = input.resolve(options.seed);
      const history = options.history === undefined ? undefined : readHistory(options.history);
      const firstSeed = first.settings.seed;
      checkReplicationSeeds(firstSeed, options.replications, options.seed !== undefined);
      const chosen = await chooseSchedulers(options.schedulers ?? null, '--schedulers', options, first, input);
      const { registry, solver, names: runNames } = chosen;
      // Every mistake is found before the first run: a baseline must be one of the runs' names.
      if (options.baseline !== undefined && !runNames.includes(options.baseline)) {
        throw new UsageError(`--baseline ${options.baseline}: not among the compared schedulers (${runNames.join(', ')})`);
      }
      const hints = schedulerHints(chosen, first);
      for (const hint of hints) writeNotice(`note: ${hint}\n`);
      const seeds = Array.from({ length: options.replications }, (_, r) => firstSeed + r);
      const provenance = commandProvenance(command, input, first, seeds);
      const files: Record<string, FileText> = {};
      // The run going on's decision log, and each scheduler's first one for the report.
      let decisionLines: string[] = [];
      const firstLogs: (string | undefined)[] = runNames.map(() => undefined);
      const progress = simulationsProgress(runNames.length * options.replications, first.jobs.length);
      // The first replication runs on the scenario already resolved to pick the schedulers.
      const comparison = inScenarioFile(input, () =>
        compare((seed) => (seed === firstSeed ? first : input.resolve(seed)), {
          schedulers: chosen.choices,
          replications: options.replications,
          seed: firstSeed,
          registry,
          ...(solver === undefined ? {} : { solver }),
          ...(history === undefined ? {} : { history }),
          onProgress: (name, r, p) => progress.update(options.replications > 1 ? `${name} #${r + 1}/${options.replications}` : name, p),
          explain:
            options.explain === true
              ? () => {
                  decisionLines = [];
                  return (decision) => decisionLines.push(JSON.stringify(decision));
                }
              : undefined,
          onRun:
            options.out === undefined
              ? undefined
              : (run, metrics) => {
                  const folder = runFolder(run);
                  Object.assign(files, runFiles(run, metrics, provenance, folder));
                  if (options.explain === true) {
                    const log = decisionLines.join('\n') + '\n';
                    files[`${folder}decisions.jsonl`] = log;
                    firstLogs[runNames.indexOf(run.scheduler)] ??= log;
                  }
                  if (options.format === 'batsim') {
                    files[`${folder}batsim/jobs.csv`] = batsimJobsCsv(run);
                    files[`${folder}batsim/schedule.csv`] = batsimScheduleCsv(run, VERSION);
                  }
                },
        }),
      );
      progress.end();
      const summary = comparisonSummary(comparison, provenance);
      const runFileCount = Object.keys(files).length;
      let reportNames = 'report.html';
      if (output !== undefined) {
        const report = renderHtmlReport(comparison, {
          provenance,
          notes: hints,
          decisions: firstLogs,
          ...(options.baseline === undefined ? {} : { baseline: options.baseline }),
        });
        reportNames = reportFilesText(Object.keys(report));
        Object.assign(files, report);
        files['summary.json'] = JSON.stringify(summary, null, 2) + '\n';
        await output.write(files);
      }
      if (options.format === 'json') {
        writeStdout(JSON.stringify(summary, null, 2) + '\n');
        return;
      }
      const seedsText = comparison.seeds.length === 1 ? `seed ${comparison.seeds[0]}` : `seeds ${comparison.seeds[0]}–${comparison.seeds.at(-1)} (mean ± 95% CI)`;
      writeStdout(`${comparison.scenario} · ${seedsText}\n\n${comparisonTable(comparison)}`);
      if (options.out !== undefined) writeStdout(`\nwrote ${options.out}/${reportNames}, summary.json and runs/ (${runFileCount} files)\n`);
    });
}

interface CompareCliOptions extends SchedulerCliOptions {
  readonly schedulers?: string[];
  readonly replications: number;
  readonly seed?: number;
  readonly baseline?: string;
  readonly explain?: boolean;
  readonly history?: string;
  readonly out?: string;
  readonly force?: boolean;
  readonly format: 'table' | 'json' | 'batsim';
}

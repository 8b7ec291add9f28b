/**
 * `mrsched replay-check FILE`: how well the model replays a trace. Imports
 * the trace (Rumen or SLS: the formats that record when each task ran) with
 * its recorded task durations, simulates it, and prints the errors of each
 * job and task against the recorded start, end and duration, with their
 * mean, median and maximum.
 */
import { Command, Option } from 'commander';
import { runProfile } from '../experiment/run-scenario.js';
import { simulationsProgress } from './progress.js';
import { replayErrors } from '../metrics/replay-errors.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { replayTables } from '../report/replay-tables.js';
import { importTrace } from '../workloads/import-trace.js';
import { collectOption, type ImportCliOptions } from './import-command.js';
import { parseSeed } from './options.js';
import { chooseSchedulers, withSchedulerOptions, type SchedulerCliOptions } from './scheduler-choice.js';
import { reportSkipped } from './skipped-records.js';
import { writeStdout } from './standard-output.js';

/** The trace formats that record when each task ran. */
const TIMED_FORMATS = ['rumen', 'sls'] as const;

export function replayCheckCommand(): Command {
  return withSchedulerOptions(
    new Command('replay-check')
      .description("Replay a trace with its recorded task durations and print each job's and task's errors against the recorded times.")
      .argument('<file>', 'the trace (Hadoop Rumen JSON, or SLS JSON with --trace-format sls)'),
  )
    .addOption(new Option('-t, --trace-format <format>', 'the trace format').choices([...TIMED_FORMATS]).default('rumen'))
    .option('--option <name=value>', "an importer option, as for 'mrsched import'; repeat for more", collectOption)
    .option('--skip-invalid', 'leave out malformed records (listed on stderr) instead of stopping')
    .option('-s, --scheduler <name>', 'the scheduler of the replay', 'fifo')
    .option('--seed <n>', "seed of every random draw (default: the scenario's)", parseSeed)
    .option('--no-tasks', 'leave the per-task table out of the text output')
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .addHelpText(
      'after',
      `
The job end error is simulated − recorded end, as a percentage of the recorded
duration (end − submit). Each job's recorded start-up (submission to its first
task) and commit (its last task to its end) are its setup and commit, as the
import sets them; --option overheads=none leaves them out.

Examples:
  $ mrsched replay-check data/traces/rumen/wordcount.json
  $ mrsched replay-check job-history.json --option mapSlots=8 --format json
  $ mrsched replay-check job-history.json --option overheads=none
  $ mrsched replay-check inputsls.json --trace-format sls --option topology=nodes.json`,
    )
    .action(async (file: string, options: ReplayCheckCliOptions) => {
      const format = options.traceFormat;
      const result = await importTrace(format, file, { ...(options.option ?? {}), skipInvalid: options.skipInvalid === true });
      reportSkipped(result.skipped, '', '');
      const scenario = parseScenarioText(JSON.stringify(result.scenario), `the scenario imported from ${file}`, {
        ...(options.seed === undefined ? {} : { seed: options.seed }),
      });
      const { registry, profiles, names, solver } = await chooseSchedulers([options.scheduler], '--scheduler', options, scenario);
      const progress = simulationsProgress(1, scenario.jobs.length);
      const { run } = runProfile(scenario, profiles[0], { registry, ...(solver === undefined ? {} : { solver }), onProgress: (p) => progress.update(names[0], p) });
      progress.end();
      // Rumen and SLS imports always keep their recorded times.
      const errors = replayErrors(result.recorded ?? { jobs: [] }, run);
      if (options.format === 'json') {
        const header = { trace: file, traceFormat: format, scheduler: run.scheduler, seed: run.seed, notes: result.notes };
        writeStdout(JSON.stringify({ ...header, ...errors }, null, 2) + '\n');
        return;
      }
      writeStdout(`${file} (${format}) replayed under ${run.scheduler}, seed ${run.seed}\n\n${replayTables(errors, options.tasks)}`);
    });
}

interface ReplayCheckCliOptions extends SchedulerCliOptions, Pick<ImportCliOptions, 'option' | 'skipInvalid'> {
  readonly traceFormat: (typeof TIMED_FORMATS)[number];
  readonly scheduler: string;
  readonly seed?: number;
  readonly tasks: boolean;
  readonly format: 'table' | 'json';
}

/**
 * `mrsched sweep SPEC`: a grid of runs on all cores, resumable, shardable
 * over a batch system; and `mrsched sweep merge DIR…`, which joins the
 * shards' directories (docs/sweeps.md).
 *
 * The exit status says how the cells went: 0 when every cell succeeded,
 * 100 + the number of failed cells (127 for 27 or more) otherwise, so that
 * it is never taken for a usage error (2), a bug (1) or a signal (128 + n).
 * A sweep interrupted with Ctrl-C exits 130; rerun, it resumes. A SIGINT,
 * SIGTERM or SIGHUP while the tables are written (or `sweep merge` writes)
 * waits for the file being written, removes any temporary file left, and
 * exits 128 + the signal's number. `sweep
 * merge` exits 3 when some cell has no result yet in the directories given.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import {
  CELLS_DIR,
  IncompleteSweep,
  MANIFEST_FILE,
  mergeSweeps,
  OUTPUT_FILES,
  PARQUET_FILES,
  parseShard,
  readSweepSpec,
  removeOwnPartialFiles,
  runSweep,
  type MergeSummary,
  type Shard,
} from '../sweep/index.js';
import { whileWritingSync } from './interrupt-cleanup.js';
import { ExitStatus } from './errors.js';
import { InputError } from '../util/input-error.js';
import { parseCount } from './options.js';
import { sweepProgress } from './sweep-progress.js';
import { checkResumableDirectory } from './output-dir.js';
import { writeStdout } from './standard-output.js';
import { writeNotice } from './notices.js';

/** `sweep merge` of directories that do not hold every cell yet: a batch system's merge step waits and tries again. */
const INCOMPLETE_STATUS = 3;
const FAILED_CELLS_STATUS = 100;
/** What makes a directory a sweep's: its manifest, or its cells (shards sharing it, the manifest not yet renamed in). */
const SWEEP_DIRECTORY_MARKS = [MANIFEST_FILE, CELLS_DIR];
const MAX_FAILED_STATUS = 127;

export function sweepCommand(): Command {
  const sweep = new Command('sweep')
    .description('Run a grid of scenarios × parameters × schedulers × seeds on worker threads, resumably, and write results.csv, summary.csv and report.html.')
    .argument('<spec>', 'sweep spec (YAML or JSON; docs/sweeps.md)')
    .option('-o, --out <dir>', 'the sweep directory: cells/ as they end, then the tables (default: out/NAME)')
    .option('-j, --jobs <n>', 'cells at once, each on a worker thread; 1 runs them on the main thread (default: the cores)', parseCount(1, 1024))
    .option('--shard <i/n>', 'run only shard i of n (from 0); with n alone, i comes from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID')
    .option('--retry-failed', 'run the cells recorded as failed again')
    .option('--allow-modules', "load the spec's schedulerModules: a module is a program, run with your rights")
    .option(
      '--scheduler-process <command>',
      "start a scheduler process (docs/decision-protocol.md) in each thread; the spec's schedulers name it by the name it gives (repeatable)",
      (line: string, lines: string[]) => [...lines, line],
      [],
    )
    .addOption(forceOption())
    .addOption(formatOption())
    .addOption(baselineOption())
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched sweep examples/sweeps/slowstart.yaml              # out/slowstart/report.html
  $ mrsched sweep spec.yaml --out runs/a --jobs 8             # rerun the same to resume
  $ mrsched sweep spec.yaml --out runs/a/shard-2 --shard 2/4  # one machine's share
  $ mrsched sweep merge runs/a/shard-* --out runs/a           # the tables of all shards
  $ mrsched sweep spec.yaml --baseline fifo                   # summary.csv: each scheduler minus fifo, by seed

Exit status: 0 when every cell succeeded, 100 + the number of failed cells (at most 127) otherwise;
sweep merge: 3 when some cell has no result yet (a shard has not finished).`,
    )
    .action(async (specPath: string, options: SweepCliOptions) => {
      const spec = { ...readSweepSpec(specPath), schedulerProcesses: options.schedulerProcess };
      if (spec.schedulerModules.length > 0 && options.allowModules !== true) throw modulesNotAllowed(specPath, spec.schedulerModules);
      const shard = options.shard === undefined ? undefined : parseShard(options.shard, process.env);
      const out = options.out ?? join('out', spec.name);
      checkResumableDirectory(out, 'a sweep directory', SWEEP_DIRECTORY_MARKS, options.force === true);
      const jobs = options.jobs ?? availableParallelism();
      const write = (text: string) => process.stderr.write(text);
      let progress: ReturnType<typeof sweepProgress> | undefined;
      // On worker threads the main thread is free to see Ctrl-C at once; on the main thread it would wait for the cell, so Node's own exit serves.
      const interrupted = () => {
        progress?.end();
        write(`mrsched: interrupted after ${progress?.done ?? 0} cells of this run, each recorded in ${out}/cells; run the same command again to go on\n`);
        process.exit(130);
      };
      if (jobs > 1) process.once('SIGINT', interrupted);
      try {
        const summary = await runSweep(spec, {
          out,
          jobs,
          shard,
          retryFailed: options.retryFailed === true,
          parquet: options.format === 'parquet',
          ...(options.baseline === undefined ? {} : { baseline: options.baseline }),
          warn: (message) => write(`warning: ${message}\n`),
          onStart: (plan, toRun) => {
            const where = jobs > 1 ? `${Math.min(jobs, toRun)} worker threads` : 'the main thread';
            if (toRun > 0) writeNotice(`running ${toRun} of ${plan.cells.length} cells on ${where}\n`);
            progress = sweepProgress(toRun, writeNotice, process.stderr.isTTY === true);
          },
          onCell: (record) => progress?.cell(record),
          whileWritingTables: (write) => whileWritingSync(() => removeOwnPartialFiles([out]), write),
        });
        progress?.end();
        const share = shard === undefined ? `${summary.cells} cells` : `shard ${shard.index}/${shard.count}: ${summary.share} of ${summary.cells} cells`;
        const before = summary.alreadyDone > 0 ? `${summary.alreadyDone} recorded before, ` : '';
        const failed = summary.failed > 0 ? `, ${summary.failed} failed (their errors are in ${out}/cells${summary.wroteTables ? ' and results.csv' : ''})` : '';
        writeStdout(`sweep ${spec.name}, ${share}: ${before}${summary.ran} run now${failed}\n`);
        writeStdout(summary.wroteTables ? wrote(out, options.format) : nextStep(shard, out));
        if (summary.failed > 0) throw failedCells(summary.failed);
      } finally {
        process.off('SIGINT', interrupted);
      }
    });
  // `sweep merge … --out DIR`: the --out after `merge` is merge's own (the program enables this too).
  sweep.enablePositionalOptions().addCommand(mergeCommand());
  return sweep;
}

function mergeCommand(): Command {
  return new Command('merge')
    .description("Join shard directories of one sweep into one, with the tables a single run writes (byte for byte).")
    .argument('<dirs...>', 'the sweep directories of the shards')
    .option('-o, --out <dir>', 'where the merged sweep goes (default: the first directory)')
    .addOption(forceOption())
    .addOption(formatOption())
    .addOption(baselineOption())
    .action((dirs: string[], options: { out?: string; force?: boolean; format: 'csv' | 'parquet'; baseline?: string }) => {
      const out = options.out ?? dirs[0];
      checkResumableDirectory(out, 'a sweep directory', SWEEP_DIRECTORY_MARKS, options.force === true);
      let summary: MergeSummary;
      try {
        const outputs = { parquet: options.format === 'parquet', ...(options.baseline === undefined ? {} : { baseline: options.baseline }) };
        const merge = () => mergeSweeps(dirs, out, (message) => process.stderr.write(`warning: ${message}\n`), outputs);
        summary = whileWritingSync(() => removeOwnPartialFiles([out, join(out, CELLS_DIR)]), merge);
      } catch (error) {
        if (error instanceof IncompleteSweep) throw new ExitStatus(INCOMPLETE_STATUS, error.message);
        throw error;
      }
      writeStdout(`merged ${dirs.length} director${dirs.length === 1 ? 'y' : 'ies'}: ${summary.cells} cells${summary.failed > 0 ? `, ${summary.failed} failed` : ''}\n`);
      writeStdout(wrote(out, options.format));
      if (summary.failed > 0) throw failedCells(summary.failed);
    });
}

/** A spec received from someone else is a program when it names modules: they load only when the user says so. */
function modulesNotAllowed(specPath: string, modules: readonly string[]): InputError {
  return new InputError(specPath, [
    {
      path: 'schedulerModules',
      expected: 'no scheduler modules unless --allow-modules is given (a module is a program that runs with your rights: read it first)',
      found: modules.map((module) => `'${module}'`).join(', '),
    },
  ]);
}

function forceOption(): Option {
  return new Option('--force', 'write into an --out directory that holds other files and no sweep');
}

function formatOption(): Option {
  return new Option('-f, --format <format>', 'parquet: results.parquet and summary.parquet beside the CSV tables').choices(['csv', 'parquet']).default('csv');
}

function baselineOption(): Option {
  return new Option('--baseline <scheduler>', "summary.csv gives each scheduler's difference from this one (as the spec labels it), paired by seed");
}

function wrote(out: string, format: 'csv' | 'parquet'): string {
  const files = format === 'parquet' ? [...OUTPUT_FILES, ...PARQUET_FILES] : OUTPUT_FILES;
  return `wrote ${files.map((f) => join(out, f)).join(', ')}\n`;
}

function nextStep(shard: Shard | undefined, out: string): string {
  if (shard !== undefined) return `when every shard has run: mrsched sweep merge DIR… (the shards' directories; this one is ${out})\n`;
  return `some cells have no result yet in ${out}: run the sweep again\n`;
}

function failedCells(failed: number): ExitStatus {
  return new ExitStatus(Math.min(FAILED_CELLS_STATUS + failed, MAX_FAILED_STATUS), `${failed} cell${failed === 1 ? '' : 's'} failed`);
}

interface SweepCliOptions {
  readonly out?: string;
  readonly jobs?: number;
  readonly shard?: string;
  readonly retryFailed?: boolean;
  readonly force?: boolean;
  readonly allowModules?: boolean;
  readonly schedulerProcess: readonly string[];
  readonly format: 'csv' | 'parquet';
  readonly baseline?: string;
}

/**
 * `mrsched reproduce NAME`: one of the papers' headline experiments run
 * afresh, our figures beside the paper's with a verdict each, and a note
 * where they differ; `--list` names them all, `--all` runs them all.
 * `--sensitivity` runs an experiment's claim map instead: its headline
 * claims judged over a grid of the settings the paper left open.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { findExperiment, PAPER_EXPERIMENTS, runClaimMap, verdict, type PaperExperiment, type PaperFigure, type ReproduceContext } from '../reproduce/index.js';
import { renderTable } from '../report/table.js';
import { CLAIM_MAP_FILES, claimMapText } from '../sweep/index.js';
import { InputError } from '../util/input-error.js';
import { parseCount, parseReplications } from './options.js';
import { sweepProgress, type SweepProgress } from './sweep-progress.js';
import { writeStdout } from './standard-output.js';
import { writeNotice } from './notices.js';

export function reproduceCommand(): Command {
  return new Command('reproduce')
    .description("Run a paper's headline experiment and print our figures beside the paper's, with a verdict.")
    .argument('[name]', "the experiment (see 'mrsched reproduce --list')")
    .option('--list', 'list the experiments')
    .option('--all', 'run every experiment')
    .option('-j, --jobs <n>', 'cells at once for an experiment that runs a sweep (default: the cores)', parseCount(1, 1024))
    .option('-r, --replications <n>', "runs of an experiment that draws random runs (default: the experiment's own; the paper's count is in its title)", parseReplications)
    .option('--sensitivity', "the experiment's claim map: where each headline claim holds over the settings the paper left open or we assumed (writes claim-map.csv and claim-map.html)")
    .option('--work <dir>', 'where a sweep keeps its cells (rerun, it resumes)', 'out/reproduce')
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched reproduce --list
  $ mrsched reproduce tian-five-jobs
  $ mrsched reproduce rasooli-down-benchmarks --replications 30
  $ mrsched reproduce dmrs-e1-e4 --sensitivity
  $ mrsched reproduce --all --format json > figures.json`,
    )
    .action(async (name: string | undefined, options: ReproduceCliOptions) => {
      if (options.list === true) {
        writeStdout(renderTable(['experiment', 'paper', 'what'], PAPER_EXPERIMENTS.map((e) => [e.name, e.paper.split(':')[0], e.title])));
        return;
      }
      const experiments = options.all === true ? PAPER_EXPERIMENTS : [chosen(name)];
      if (options.sensitivity === true) checkSensitivity(experiments, options);
      // Each sweep an experiment runs shows the sweep command's progress.
      let progress: SweepProgress | undefined;
      const context: ReproduceContext = {
        workDir: options.work,
        jobs: options.jobs ?? availableParallelism(),
        warn: (message: string) => process.stderr.write(`warning: ${message}\n`),
        onStart: (cells) => {
          progress?.end();
          progress = cells > 0 ? sweepProgress(cells, writeNotice, process.stderr.isTTY === true) : undefined;
        },
        onCell: (record) => progress?.cell(record),
        replications: options.replications,
      };
      if (options.sensitivity === true) {
        const maps = [];
        for (const experiment of experiments) for (const sensitivity of experiment.sensitivity ?? []) maps.push(await runClaimMap(experiment.name, sensitivity, context));
        progress?.end();
        writeStdout(options.format === 'json' ? JSON.stringify(maps.map(({ map }) => map), null, 2) + '\n' : maps.map(({ map }) => claimMapText(map)).join('\n'));
        for (const { dir } of maps) writeNotice(`wrote ${CLAIM_MAP_FILES.map((file) => join(dir, file)).join(', ')}\n`);
        return;
      }
      const results = [];
      for (const experiment of experiments) results.push({ experiment, figures: await experiment.run(context) });
      progress?.end();
      if (options.format === 'json') {
        const json = results.map(({ experiment, figures }) => ({
          name: experiment.name,
          paper: experiment.paper,
          title: experiment.title,
          figures: figures.map((figure) => ({ ...figure, verdict: verdict(figure) })),
        }));
        writeStdout(JSON.stringify(json, null, 2) + '\n');
        return;
      }
      writeStdout(results.map(({ experiment, figures }) => figureTable(experiment, figures)).join('\n'));
    });
}

function chosen(name: string | undefined): PaperExperiment {
  const names = PAPER_EXPERIMENTS.map((e) => e.name).join(', ');
  if (name === undefined) throw new InputError('reproduce', [{ path: '', expected: `an experiment's name (one of ${names}), --list or --all`, found: 'nothing' }]);
  const experiment = findExperiment(name);
  if (experiment === undefined) throw new InputError('reproduce', [{ path: '', expected: `an experiment's name (one of ${names})`, found: `'${name}'` }]);
  return experiment;
}

/** A claim map needs an experiment that has one, and two seeds at least for a paired interval. */
function checkSensitivity(experiments: readonly PaperExperiment[], options: ReproduceCliOptions): void {
  const mapped = PAPER_EXPERIMENTS.filter((e) => e.sensitivity !== undefined).map((e) => e.name);
  const problems = [];
  if (options.all !== true && experiments.some((e) => e.sensitivity === undefined))
    problems.push({ path: '--sensitivity', expected: `an experiment with a claim map (one of ${mapped.join(', ')})`, found: `'${experiments[0].name}'` });
  if (options.replications !== undefined && options.replications < 2)
    problems.push({ path: '--replications', expected: 'at least 2 with --sensitivity (a paired interval needs two seeds)', found: String(options.replications) });
  if (problems.length > 0) throw new InputError('reproduce', problems);
}

function figureTable(experiment: PaperExperiment, figures: readonly PaperFigure[]): string {
  // Counts made from the paper stand apart from the figures it prints, in a column shown only when some figure is one.
  const counts = figures.some((figure) => figure.counted === true);
  const paperColumns = (figure: PaperFigure): string[] => {
    const shown = show(figure.paper, figure.relation);
    if (!counts) return [shown];
    return figure.counted === true ? ['', shown] : [shown, ''];
  };
  const rows = figures.map((figure) => [figure.label, ...paperColumns(figure), show(figure.ours), verdict(figure)]);
  const differing = figures.filter((figure) => verdict(figure) === 'differs').length;
  const notes = [...notedFigures(figures)].map(([note, numbers]) => `  [${numberRuns(numbers)}] ${note}\n`).join('');
  const tally = `${figures.length - differing} of ${figures.length} figures reproduced${differing > 0 ? `, ${differing} differ (see the notes)` : ''}`;
  return (
    `${experiment.name}: ${experiment.title}\n${experiment.paper}\n\n` +
    renderTable(['figure', 'paper', ...(counts ? ['counted from the paper'] : []), 'ours', 'verdict'], rows.map((row, i) => [`[${i + 1}] ${row[0]}`, ...row.slice(1)])) +
    `\n${tally}\n${notes === '' ? '' : `\nnotes:\n${notes}`}`
  );
}

/** Each note once, with the numbers of the figures that carry it (an experiment's intervals often share theirs). */
function notedFigures(figures: readonly PaperFigure[]): Map<string, number[]> {
  const numbers = new Map<string, number[]>();
  figures.forEach((figure, i) => {
    if (figure.note !== undefined) numbers.set(figure.note, [...(numbers.get(figure.note) ?? []), i + 1]);
  });
  return numbers;
}

/** A figure as people read it: up to 4 decimals, an interval in brackets, a bound with its sign. */
function show(value: PaperFigure['paper'], relation?: '=' | '≥' | '≤'): string {
  if (typeof value === 'object') return `(${number(value.low)}, ${number(value.high)})`;
  const text = typeof value === 'string' ? value : number(value);
  return relation === undefined || relation === '=' ? text : `${relation} ${text}`;
}

/** 1, 2, 3, 5 → "1–3, 5". */
function numberRuns(numbers: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const n of numbers) {
    const last = runs.at(-1);
    if (last !== undefined && last[1] === n - 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs.map(([first, end]) => (first === end ? String(first) : `${first}–${end}`)).join(', ');
}

function number(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(4).replace(/\.?0+$/, '');
}

interface ReproduceCliOptions {
  readonly list?: boolean;
  readonly all?: boolean;
  readonly sensitivity?: boolean;
  readonly jobs?: number;
  readonly replications?: number;
  readonly work: string;
  readonly format: 'table' | 'json';
}

/** `mrsched plan makespan FILE --algorithm NAME`: order a batch of jobs for the least makespan (seed 000's planners). */
import { plannedNumber } from './planned-number.js';
import { Command, Option } from 'commander';
import { readTextFile } from '../input/unreadable-file.js';
import { exactOptimum, type ExactOptimum } from '../planners/makespan/exact-check.js';
import { parseMakespanText } from '../planners/makespan/input-file.js';
import { EXACT_MODELS, type ExactModel } from '../planners/makespan/optimal.js';
import { MAKESPAN_ALGORITHMS, MODEL_DESCRIPTIONS, type MakespanAlgorithm, type MakespanPlan } from '../planners/makespan/plan.js';
import { planMakespan } from '../planners/makespan/planners.js';
import { renderPlanGantt } from '../report/plan-gantt.js';
import { renderTable } from '../report/table.js';
import { UsageError } from './errors.js';
import { checkOutputFile, writeOutputFile } from './output-dir.js';
import { writeStdout } from './standard-output.js';

export function planMakespanCommand(): Command {
  return new Command('makespan')
    .description('Order a batch of MapReduce jobs for the least makespan: Johnson, UAAS, MK_JR, BalancedPools, the map/reduce slot split, or the exact optimum.')
    .argument('<file>', 'the jobs and the cluster (YAML or JSON; see docs/algorithms/makespan.md)')
    .addOption(new Option('-a, --algorithm <name>', 'planner').choices([...MAKESPAN_ALGORITHMS]).makeOptionMandatory())
    .addOption(new Option('-m, --model <model>', 'for optimal: the model searched (default tasks)').choices([...EXACT_MODELS]))
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .option('--gantt <file.svg>', 'also draw the stage schedule as an SVG Gantt chart')
    .addHelpText(
      'after',
      `
Every number is labelled with its model: standalone (stages as measured on the slots each job
requested), all-slots (every job spread over every slot, divisible work), pools, or tasks (the
jobs' own tasks, first come first served). For small batches the output also gives the exact
optimum of the same model and the gap to it.

Examples:
  $ mrsched plan makespan examples/makespan/tian-five-jobs.yaml --algorithm uaas --format json
  $ mrsched plan makespan examples/makespan/tian-five-jobs.yaml --algorithm balanced-pools --gantt pools.svg
  $ mrsched plan makespan examples/makespan/tang-two-jobs.yaml --algorithm optimal --model tasks`,
    )
    .action((file: string, options: PlanMakespanCliOptions) => {
      if (options.model !== undefined && options.algorithm !== 'optimal') {
        throw new UsageError(`--model applies to --algorithm optimal only (the ${options.algorithm} planner has its own model)`);
      }
      if (options.gantt !== undefined) checkOutputFile(options.gantt, '--gantt');
      const problem = parseMakespanText(readTextFile(file, 'a readable makespan problem file (YAML or JSON)'), file);
      const plan = planMakespan(problem, options.algorithm, { model: options.model, source: file });
      const optimum = exactOptimum(problem, plan);
      const gap = optimum === null ? null : (plan.makespan - optimum.makespan) / optimum.makespan;
      if (options.gantt !== undefined) writeOutputFile(options.gantt, renderPlanGantt(plan) + '\n', '--gantt');
      if (options.format === 'json') {
        writeStdout(JSON.stringify({ ...plan, optimum, gap }, null, 2) + '\n');
        return;
      }
      writeStdout(planText(file, plan, optimum, gap));
      if (options.gantt !== undefined) writeStdout(`\nwrote ${options.gantt}\n`);
    });
}

interface PlanMakespanCliOptions {
  readonly algorithm: MakespanAlgorithm;
  readonly model?: ExactModel;
  readonly format: 'table' | 'json';
  readonly gantt?: string;
}


/** Times in seconds (a file's plain numbers are read as seconds): in the lines with their unit, in the tables under it. */
const n = (value: number) => plannedNumber(value);
const s = (value: number) => plannedNumber(value, 's');

function planText(file: string, plan: MakespanPlan, optimum: ExactOptimum | null, gap: number | null): string {
  const lines = [
    `${plan.algorithm} · ${file}`,
    '',
    `model     ${plan.model}: ${MODEL_DESCRIPTIONS[plan.model]}`,
    `cluster   ${plan.mapSlots} map × ${plan.reduceSlots} reduce slots`,
    `order     ${plan.order.join(', ')}`,
    `makespan  ${s(plan.makespan)}`,
  ];
  if (plan.unsplitMakespan !== undefined) lines.push(`unsplit   ${s(plan.unsplitMakespan)} (Johnson on the whole cluster)`);
  if (optimum !== null) {
    lines.push(`optimum   ${s(optimum.makespan)} in the same model (${optimum.method}); gap ${((gap ?? 0) * 100).toFixed(2)}%`);
  }
  let out = lines.join('\n') + '\n\n';
  if (plan.pools !== undefined) {
    out += renderTable(
      ['pool', 'jobs (in order)', 'map slots', 'reduce slots', 'makespan (s)'],
      plan.pools.map((pool, p) => [String(p + 1), pool.jobs.join(', '), String(pool.mapSlots), String(pool.reduceSlots), n(pool.makespan)]),
    );
    out += '\n';
  }
  if (plan.splits !== undefined) {
    const best = plan.splits.filter((s) => s.mapSlots === plan.mapSlots);
    const shown = plan.splits.length <= 12 ? plan.splits : best;
    out += renderTable(
      ['map slots', 'reduce slots', 'estimated makespan (s)'],
      shown.map((s) => [String(s.mapSlots), String(s.reduceSlots), n(s.makespan) + (s.mapSlots === plan.mapSlots ? '  ← best' : '')]),
    );
    if (shown.length < plan.splits.length) out += `(best of ${plan.splits.length} splits; --format json lists them all)\n`;
    out += '\n';
  }
  const rows = plan.stages.slice(0, 200).map((s) => [
    s.job,
    n(s.mapStart),
    n(s.mapEnd),
    n(s.reduceStart),
    n(s.reduceEnd),
    String(s.mapSlots),
    String(s.reduceSlots),
    ...(plan.pools !== undefined ? [String((s.pool ?? 0) + 1)] : []),
  ]);
  out += renderTable(
    ['job', 'map start (s)', 'map end (s)', 'reduce start (s)', 'reduce end (s)', 'map slots', 'reduce slots', ...(plan.pools !== undefined ? ['pool'] : [])],
    rows,
  );
  if (plan.stages.length > rows.length) out += `(first ${rows.length} of ${plan.stages.length} jobs; --format json lists them all)\n`;
  return out;
}

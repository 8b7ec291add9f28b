/**
 * `mrsched plan dmrs`: schedule weighted MapReduce jobs on machines of
 * different speeds with DMRS (Aggarwal, Xu, Lan, Subramaniam) or one of its
 * baselines, on an instance file or on a scenario's workload, and print the
 * weighted completion time beside the LP bound, Theorem 1's factor and, on
 * small inputs, the optimum.
 */
import { plannedNumber } from './planned-number.js';
import { Command, Option } from 'commander';
import { readTextFile } from '../input/unreadable-file.js';
import { taskCount, type DmrsInstance } from '../planners/dmrs/dmrs-instance.js';
import { parseDmrsText } from '../planners/dmrs/instance-file.js';
import { LP_METHODS, type LpMethod } from '../planners/dmrs/lp-solution.js';
import { DEFAULT_MIP_NODE_LIMIT, fitsOptimal } from '../planners/dmrs/optimal-schedule.js';
import { DMRS_ALGORITHMS, planDmrsSchedule, type DmrsAlgorithm, type DmrsPlan } from '../planners/dmrs/planners.js';
import { scenarioInstance } from '../planners/dmrs/scenario-instance.js';
import { renderDmrsGantt } from '../report/dmrs-gantt.js';
import { renderTable } from '../report/table.js';
import { loadLinearSolver, type SolveStatus } from '../solvers/linear-program.js';
import { parseCost } from './cost-options.js';
import { parseCount } from './options.js';
import { UsageError } from './errors.js';
import { checkOutputFile, writeOutputFile } from './output-dir.js';
import { readScenarioInput } from './scenario-input.js';
import { writeStdout } from './standard-output.js';

/** HiGHS's largest node limit. */
const parseNodeLimit = parseCount(1, 2_147_483_647);

/** Instances of this many tasks at most (and machines the MIP takes) also get the optimum and the gap to it. */
const GAP_MAX_TASKS = 10;
/** The table lists this many tasks at most; --format json lists them all. */
const TASK_ROWS = 200;

const MODEL =
  'a task of size d takes d/speed; one task at a time per machine; a job\'s maps start at its release, its reduces after its last map; objective Σ w·C, C measured from time 0';

const LP_NAMES: Readonly<Record<LpMethod, string>> = { cuts: 'cutting planes', compact: 'compact LP', greedy: 'the greedy on its contrapolymatroid' };

interface PlanDmrsOptions {
  readonly algorithm: DmrsAlgorithm;
  readonly lp: LpMethod;
  readonly format: 'table' | 'json';
  readonly gantt?: string;
  readonly fromScenario?: string;
  readonly timeLimit?: number;
  readonly nodeLimit: number;
}

export function planDmrsCommand(): Command {
  return new Command('dmrs')
    .description(
      'Schedule weighted MapReduce jobs on machines of different speeds for the least Σ weight × completion time: DMRS, its baselines, or the optimum (Aggarwal, Xu, Lan, Subramaniam).',
    )
    .argument('[file]', 'the machines and jobs (YAML or JSON; see docs/algorithms/dmrs.md)')
    .addOption(new Option('-a, --algorithm <name>', 'the planner').choices([...DMRS_ALGORITHMS]).default('dmrs'))
    .addOption(new Option('--lp <method>', 'how LP-MapReduce is solved').choices([...LP_METHODS]).default('cuts'))
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .option('--gantt <file.svg>', 'also draw the schedule as an SVG Gantt chart, one row per machine')
    .option('--from-scenario <file>', "plan a scenario's workload instead: one machine per slot at its node's speed, task work as sizes")
    .option('--node-limit <nodes>', "branch-and-bound nodes the optimum's MIP may take: the same answer on any machine", parseNodeLimit, DEFAULT_MIP_NODE_LIMIT)
    .option('--time-limit <seconds>', 'also stop each HiGHS solve (the optimum, and each LP) after this many seconds of wall time, which a loaded machine reaches sooner (none by default)', parseCost)
    .addHelpText(
      'after',
      `
The numbers come from the paper's model (${MODEL}). The output gives the LP bound (a lower
bound on every schedule), the ratio to it, the task skew D and Theorem 1's factor; on inputs of
at most ${GAP_MAX_TASKS} tasks (and 32 machines) also the optimum (a MIP) and the gap to it.

Examples:
  $ mrsched plan dmrs examples/dmrs/worked-example.yaml --format json
  $ mrsched plan dmrs examples/dmrs/worked-example.yaml --algorithm fifo --gantt fifo.svg
  $ mrsched plan dmrs examples/dmrs/worked-example.yaml --algorithm optimal --node-limit 1000000
  $ mrsched plan dmrs --from-scenario examples/dmrs-terasort.yaml --algorithm map-only --lp compact`,
    )
    .action(async (file: string | undefined, options: PlanDmrsOptions) => {
      if (options.gantt !== undefined) checkOutputFile(options.gantt, '--gantt');
      const { instance, source } = await readInstance(file, options.fromScenario);
      const solver = await loadLinearSolver();
      const plan = planDmrsSchedule(solver, instance, options.algorithm, {
        lp: options.lp,
        nodeLimit: options.nodeLimit,
        ...(options.timeLimit === undefined ? {} : { timeLimitSeconds: options.timeLimit }),
        withOptimum: taskCount(instance) <= GAP_MAX_TASKS && fitsOptimal(instance),
        source,
      });
      if (options.gantt !== undefined) writeOutputFile(options.gantt, renderDmrsGantt(plan, instance) + '\n', '--gantt');
      if (options.format === 'json') {
        writeStdout(JSON.stringify(plan, null, 2) + '\n');
        return;
      }
      writeStdout(planText(source, instance, plan, options));
      if (options.gantt !== undefined) writeStdout(`\nwrote ${options.gantt}\n`);
    });
}

async function readInstance(file: string | undefined, fromScenario: string | undefined): Promise<{ instance: DmrsInstance; source: string }> {
  if (file !== undefined && fromScenario !== undefined) throw new UsageError('give an instance file or --from-scenario, not both.');
  if (fromScenario !== undefined) return { instance: scenarioInstance((await readScenarioInput(fromScenario)).resolve()), source: fromScenario };
  if (file === undefined) throw new UsageError('give an instance file, or --from-scenario FILE.');
  return { instance: parseDmrsText(readTextFile(file, 'a readable DMRS instance file (YAML or JSON)'), file), source: file };
}

/** Times in the instance's time unit (data ÷ speed); the objective Σ weight × completion in weighted time units. */
const n = (value: number | null) => plannedNumber(value);
const t = (value: number | null) => plannedNumber(value, 'time units');

/** The MIP's status, with the limit that stopped it short of a proof. */
function mipStatusText(status: SolveStatus, options: PlanDmrsOptions): string {
  const limits = `${options.nodeLimit.toLocaleString('en')} node${options.nodeLimit === 1 ? '' : 's'}${options.timeLimit === undefined ? '' : ` or ${options.timeLimit} s`}`;
  if (status === 'feasible') return `feasible: stopped at ${limits} before proving it optimal`;
  if (status === 'timedout') return `none found in ${limits}`;
  return status;
}

function planText(source: string, instance: DmrsInstance, plan: DmrsPlan, options: PlanDmrsOptions): string {
  const tasks = plan.schedule.length;
  const lines = [
    `${plan.algorithm} · ${source}: ${instance.jobs.length} jobs, ${taskCount(instance)} tasks, ${instance.machines.length} machines`,
    '',
    `model       ${MODEL}`,
    `order       ${plan.order.length > 20 ? `${plan.order.slice(0, 20).join(', ')}, … (${plan.order.length} jobs)` : plan.order.join(', ')}`,
    `objective   ${t(plan.objective)} (Σ weight × completion)`,
    `LP bound    ${t(plan.lpBound)} (LP-MapReduce by ${LP_NAMES[options.lp]}: ${plan.lpStatus})`,
    `ratio       ${n(plan.ratio)} (objective / LP bound)`,
    `skew D      ${n(plan.skew)}`,
    `Theorem 1   DMRS ≤ ${n(plan.theoremBound)} × LP bound = ${t(plan.theoremBound * plan.lpBound)}`,
  ];
  if (plan.optimum !== null) {
    const gap = plan.gap === null ? '' : `; gap ${(plan.gap * 100).toFixed(2)}%`;
    lines.push(`optimum     ${t(plan.optimum.objective)} (MIP: ${mipStatusText(plan.optimum.status, options)})${gap}`);
  }
  let out = lines.join('\n') + '\n\n';
  const jobRows = instance.jobs.map((job) => [job.id, String(job.weight), String(job.release), n(plan.completions[job.id] ?? null)]);
  out += renderTable(['job', 'weight', 'release (time units)', 'completion (time units)'], jobRows.slice(0, TASK_ROWS));
  if (jobRows.length > TASK_ROWS) out += `(first ${TASK_ROWS} of ${jobRows.length} jobs; --format json lists them all)\n`;
  out += '\n';
  const taskRows = plan.schedule.slice(0, TASK_ROWS).map((t) => [t.job, t.kind, String(t.task), t.machine, n(t.start), n(t.end)]);
  out += renderTable(['job', 'kind', 'task', 'machine', 'start (time units)', 'end (time units)'], taskRows);
  if (tasks > TASK_ROWS) out += `(first ${TASK_ROWS} of ${tasks} tasks, in the order placed; --format json lists them all)\n`;
  return out;
}

/**
 * `mrsched plan assign`: assign map tasks to servers for locality and balance
 * (round robin, the flow-based algorithm, or the exact optimum) on an
 * instance file, or on the maps of jobs in a scenario.
 */
import { Command, Option } from 'commander';
import { known } from '../input/problem-path.js';
import { readTextFile } from '../input/unreadable-file.js';
import {
  assignmentLoads,
  countLowerBound,
  flowAssign,
  lpLowerBound,
  optimalAssign,
  roundRobinAssign,
  type AssignmentLoads,
  type HtaInstance,
  type RoundRobinChoice,
  type FlowMode,
} from '../planners/hta/index.js';
import { parseInstanceText } from '../planners/hta/instance-file.js';
import { jobMapsInstance } from '../planners/hta/scenario-instance.js';
import { remoteCostProblem, type RemoteCost } from '../planners/hta/remote-cost.js';
import { renderTable } from '../report/table.js';
import { parseCost, parseRemoteCost } from './cost-options.js';
import { UsageError } from './errors.js';
import { readScenarioInput } from './scenario-input.js';
import { writeStdout } from './standard-output.js';

const ALGORITHMS = ['round-robin', 'flow', 'optimal'] as const;
type Algorithm = (typeof ALGORITHMS)[number];

/** The LP bound has m·n variables; beyond this it costs more than it tells. */
const LP_BOUND_MAX_PAIRS = 20_000;
/** The MIP's size in coefficients beyond which building it alone would take minutes and gigabytes. */
const OPTIMAL_MAX_TERMS = 5_000_000;

/** The cost options, by their names in AssignOptions. */
const COST_FLAGS = { wLoc: '--w-loc', wRem: '--w-rem' } as const;

interface AssignOptions {
  readonly algorithm: Algorithm;
  readonly format: 'table' | 'json';
  readonly fromScenario?: string;
  readonly job?: string[];
  readonly wLoc: number;
  readonly wRem: RemoteCost;
  readonly choice: RoundRobinChoice;
  readonly mode: FlowMode;
  readonly timeLimit: number;
}

export function planAssignCommand(): Command {
  return new Command('assign')
    .description('Assign tasks to the servers holding their data, balancing load (Fischer, Su, Yin: Assigning Tasks for Efficiency in Hadoop).')
    .argument('[file]', 'an instance file (YAML or JSON): servers, tasks with replicas, wLoc, wRem')
    .addOption(new Option('-a, --algorithm <name>', 'the planner').choices([...ALGORITHMS]).default('flow'))
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
    .option('--from-scenario <file>', "use the map tasks of a scenario's jobs and their HDFS replicas instead of a file")
    .option('--job <id...>', 'with --from-scenario: the jobs whose maps form the batch (default: every job)')
    .option('--w-loc <number>', 'with --from-scenario: cost of a local task', parseCost, 1)
    .addOption(
      new Option('--w-rem <cost>', 'with --from-scenario: cost of a remote task: 3, 2+0.5r or a table 2,3,5')
        .argParser(parseRemoteCost)
        .default({ kind: 'constant', value: 3 }, '3'),
    )
    .addOption(new Option('--choice <choice>', 'round robin: which task a server takes').choices(['deterministic', 'adversarial']).default('deterministic'))
    .addOption(new Option('--mode <mode>', "flow: 'pruned' (ours) or 'literal' (the paper's loop over every τ)").choices(['pruned', 'literal']).default('pruned'))
    .option('--time-limit <seconds>', 'optimal and the LP bound: seconds before HiGHS stops', parseCost, 60)
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched plan assign instance.json --algorithm flow
  $ mrsched plan assign instance.yaml --algorithm optimal --time-limit 10 --format json
  $ mrsched generate hta theorem-4-3 --tasks 12 --servers 5 > t43.json
  $ mrsched plan assign t43.json --algorithm round-robin --choice adversarial
  $ mrsched plan assign --from-scenario examples/default.yaml --job nightly-report --w-rem 2+0.01r`,
    )
    .action(async (file: string | undefined, options: AssignOptions, command: Command) => {
      // An instance file states its own costs: a cost flag beside it would be ignored without a word.
      const costFlags = Object.entries(COST_FLAGS).filter(([name]) => command.getOptionValueSource(name) === 'cli');
      if (options.fromScenario === undefined && costFlags.length > 0) {
        throw new UsageError(`${costFlags.map(([, flag]) => flag).join(', ')}: only with --from-scenario (an instance file gives its own wLoc and wRem).`);
      }
      const { instance, source } = await readInstance(file, options);
      const plan = await runPlanner(instance, options);
      const lowerBound = await lowerBoundOf(instance, options.timeLimit);
      const status =
        options.algorithm === 'optimal' ? plan.status : plan.loads !== undefined && plan.loads.maxLoad <= lowerBound + 1e-9 ? 'optimal' : 'feasible';
      if (options.format === 'json') {
        const assignment: Record<string, string> = {};
        plan.assignment?.forEach((server, task) => (assignment[instance.tasks[task]] = instance.servers[server]));
        const loads = plan.loads;
        writeStdout(
          JSON.stringify(
            {
              algorithm: options.algorithm,
              status,
              ...(plan.from === undefined ? {} : { from: plan.from }),
              maxLoad: loads?.maxLoad ?? null,
              totalLoad: loads?.totalLoad ?? null,
              local: loads?.local ?? null,
              remote: loads?.remote ?? null,
              lowerBound,
              assignment,
            },
            null,
            2,
          ) + '\n',
        );
      } else writeStdout(tableText(instance, source, options.algorithm, status, lowerBound, plan, options.timeLimit));
    });
}

interface Plan {
  readonly status: string;
  readonly assignment?: Int32Array;
  readonly loads?: AssignmentLoads;
  /** optimal only: the MIP's own answer, or the flow answer it started from. */
  readonly from?: 'mip' | 'flow';
}

async function readInstance(file: string | undefined, options: AssignOptions): Promise<{ instance: HtaInstance; source: string }> {
  if (file !== undefined && options.fromScenario !== undefined) throw new UsageError('give an instance file or --from-scenario, not both.');
  if (options.fromScenario !== undefined) {
    const cost = remoteCostProblem(options.wRem, options.wLoc);
    if (cost !== undefined) throw new UsageError(`--w-rem: expected ${cost.expected}, found ${cost.found}.`);
    const scenario = (await readScenarioInput(options.fromScenario)).resolve();
    const wanted = options.job ?? scenario.jobs.map((job) => job.id);
    const ids = new Set(scenario.jobs.map((job) => job.id));
    const unknown = wanted.filter((id) => !ids.has(id));
    if (unknown.length > 0) throw new UsageError(`--job: expected a job of ${options.fromScenario}${known(ids)}, found '${unknown.join("', '")}'.`);
    const jobs = scenario.jobs.filter((job) => wanted.includes(job.id));
    return { instance: jobMapsInstance(scenario, jobs, options.wLoc, options.wRem).instance, source: `${options.fromScenario} (${jobs.length} jobs)` };
  }
  if (options.job !== undefined) throw new UsageError('--job needs --from-scenario.');
  if (file === undefined) throw new UsageError('give an instance file, or --from-scenario FILE.');
  return { instance: parseInstanceText(readTextFile(file, 'a readable instance file (YAML or JSON)'), file), source: file };
}

async function runPlanner(instance: HtaInstance, options: AssignOptions): Promise<Plan> {
  switch (options.algorithm) {
    case 'round-robin': {
      const assignment = roundRobinAssign(instance, options.choice);
      return { status: 'feasible', assignment, loads: assignmentLoads(instance, assignment) };
    }
    case 'flow': {
      const result = flowAssign(instance, options.mode);
      return { status: 'feasible', assignment: result.assignment, loads: result };
    }
    case 'optimal': {
      const m = instance.tasks.length;
      const n = instance.servers.length;
      // m·n assignment terms; a remote cost that varies adds a load row per server and per count of remote tasks.
      const terms = 2 * m * n + (instance.wRem.kind === 'constant' ? 0 : n * (m + 1) * (m + 2));
      if (terms > OPTIMAL_MAX_TERMS) {
        throw new UsageError(
          `--algorithm optimal: ${m} tasks on ${n} servers make a MIP of about ${terms.toLocaleString('en')} coefficients, more than the ${OPTIMAL_MAX_TERMS.toLocaleString('en')} it accepts; use flow (within the bound of Theorem 5.4) or a smaller instance.`,
        );
      }
      return optimalAssign(instance, { timeLimitSeconds: options.timeLimit });
    }
  }
}

/** ⌈m/n⌉·w_loc, raised to the LP relaxation's optimum on instances small enough to solve it. */
async function lowerBoundOf(instance: HtaInstance, timeLimit: number): Promise<number> {
  const count = countLowerBound(instance);
  if (instance.tasks.length * instance.servers.length > LP_BOUND_MAX_PAIRS || instance.tasks.length === 0) return count;
  const lp = await lpLowerBound(instance, timeLimit);
  return Math.max(count, lp.value ?? count);
}

function tableText(instance: HtaInstance, source: string, algorithm: Algorithm, status: string, lowerBound: number, plan: Plan, timeLimit: number): string {
  const loads = plan.loads;
  const summary = [
    `${source}: ${instance.tasks.length} tasks on ${instance.servers.length} servers`,
    `algorithm    ${algorithm}`,
    `status       ${status}${plan.from === 'flow' ? `: the flow answer it started from; the MIP found none better in ${timeLimit} s` : ''}`,
    `max load     ${format(loads?.maxLoad)}`,
    `total load   ${format(loads?.totalLoad)}`,
    `local        ${loads?.local ?? '—'}`,
    `remote       ${loads?.remote ?? '—'}`,
    `lower bound  ${format(lowerBound)}`,
    '',
  ].join('\n');
  if (plan.assignment === undefined || loads === undefined) return summary;
  const byServer: number[][] = instance.servers.map(() => []);
  plan.assignment.forEach((server, task) => byServer[server].push(task));
  // At most 8 task ids a server.
  const assigned = byServer.map((tasks) => {
    const ids = tasks.slice(0, 8).map((t) => instance.tasks[t]);
    return (tasks.length > 8 ? [...ids, `… ${tasks.length - 8} more`] : ids).join(' ');
  });
  const rows = instance.servers.map((server, s) => [server, String(byServer[s].length), format(loads.loads[s]), assigned[s]]);
  return summary + '\n' + renderTable(['server', 'tasks', 'load', 'assigned'], rows);
}

function format(value: number | undefined): string {
  return value === undefined ? '—' : String(Math.round(value * 1e6) / 1e6);
}

/**
 * The options every command that runs schedulers shares: scheduler modules
 * to load (`--scheduler-module`, repeatable), scheduler processes to start
 * (`--scheduler-process`, repeatable), another scheduler's job order
 * to run with each scheduler's placements (`--job-order`), and placements to
 * use in place of each scheduler's own (`--map-placement`,
 * `--reduce-placement`); and what they resolve to: the registry, each
 * scheduler's choice (parsed once, every problem at once), its profile and
 * run name on the command's scenario, and HiGHS when a run solves LPs.
 */
import { Command } from 'commander';
import { InputError } from '../util/input-error.js';
import type { Scenario } from '../model/scenario.js';
import { suitedSchedulers } from '../experiment/suited-schedulers.js';
import { registryWithModules } from '../plugins/scheduler-modules.js';
import { registryWithProcesses } from '../plugins/process/scheduler-processes.js';
import {
  checkedSwaps,
  needsLinearSolver,
  parseSchedulerChoices,
  runName,
  schedulerProfile,
  type SchedulerChoice,
  type SchedulerProfile,
  type SchedulerRegistry,
} from '../sched/index.js';
import { loadLinearSolver, type LinearSolver } from '../solvers/linear-program.js';
import type { ScenarioWithTrace } from '../workloads/scenario-with-trace.js';
import { inScenarioFile } from './scheduler-option-problems.js';

export interface SchedulerCliOptions {
  readonly schedulerModule: readonly string[];
  readonly schedulerProcess: readonly string[];
  readonly jobOrder?: string;
  readonly mapPlacement?: string;
  readonly reducePlacement?: string;
}

/** The schedulers a command runs, on the scenario it resolved first. */
export interface ChosenSchedulers {
  readonly registry: SchedulerRegistry;
  readonly choices: readonly SchedulerChoice[];
  /** Each choice's profile on the scenario. */
  readonly profiles: readonly SchedulerProfile[];
  /** Each run's name (`fair+greedy`). */
  readonly names: readonly string[];
  /** Loaded when some run needs it. */
  readonly solver: LinearSolver | undefined;
}

export function withModuleOption(command: Command): Command {
  return command.option(
    '--scheduler-module <file>',
    'load schedulers and placements from an ES module of your own (repeatable; see docs/schedulers.md)',
    (file: string, files: string[]) => [...files, file],
    [],
  );
}

export function withSchedulerOptions(command: Command): Command {
  return withModuleOption(command)
    .option(
      '--scheduler-process <command>',
      'run a scheduler written in any language: a command speaking the decision protocol on its stdin and stdout, run with your rights (repeatable; see docs/decision-protocol.md)',
      (line: string, lines: string[]) => [...lines, line],
      [],
    )
    .option('--job-order <name>', "another scheduler's job order in place of each scheduler's own, its placements kept (see 'mrsched schedulers')")
    .option('--map-placement <name>', "map placement in place of each scheduler's own (see 'mrsched schedulers')")
    .option('--reduce-placement <name>', "reduce placement in place of each scheduler's own, e.g. hadoop (see 'mrsched schedulers')");
}

/**
 * The registry with the modules loaded and the processes started, and
 * `schedulers` (names as typed, from `flag`, followed by the names the
 * processes gave; null for every scheduler that suits the scenario) with the
 * flags applied, on `scenario`; option problems are placed in `input`'s file
 * when there is one.
 */
export async function chooseSchedulers(
  schedulers: readonly string[] | null,
  flag: string,
  options: SchedulerCliOptions,
  scenario: Scenario,
  input?: ScenarioWithTrace,
): Promise<ChosenSchedulers> {
  const processes = registryWithProcesses(await registryWithModules(options.schedulerModule), options.schedulerProcess);
  const registry = processes.registry;
  // A process named like a scheduler stands in for it: naming that scheduler too would run the process twice.
  const twice = processes.names.find((name) => schedulers?.some((typed) => typed.split('+')[0] === name));
  if (twice !== undefined) {
    throw new InputError(flag, [{ path: '', expected: `schedulers other than '${twice}', the name a scheduler process gave (it stands in for a scheduler of that name: start it under another, as the Python examples' --name does)`, found: `'${twice}'` }]);
  }
  const names = schedulers === null ? suitedSchedulers(registry, scenario) : [...schedulers, ...processes.names];
  if (names.length === 0) throw new InputError(flag, [{ path: '', expected: 'at least one scheduler name', found: 'none' }]);
  const choices = parseSchedulerChoices(registry, names, flag, checkedSwaps(registry, options));
  return schedulersOn(registry, choices, flag, scenario, input);
}

/** `choices` on `scenario`: their profiles and run names (each run once), and HiGHS when one solves LPs. */
export async function schedulersOn(
  registry: SchedulerRegistry,
  choices: readonly SchedulerChoice[],
  flag: string,
  scenario: Scenario,
  input?: ScenarioWithTrace,
): Promise<ChosenSchedulers> {
  const profile = (choice: SchedulerChoice) => schedulerProfile(registry, choice, scenario.schedulerOptions);
  const profiles = choices.map((choice) => (input === undefined ? profile(choice) : inScenarioFile(input, () => profile(choice))));
  const names = profiles.map((p) => runName(registry, p));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) {
    throw new InputError(flag, [{ path: '', expected: 'each scheduler once (a second run of one is the same run)', found: `'${twice}' twice` }]);
  }
  const solver = profiles.some((p) => needsLinearSolver(registry, p)) ? await loadLinearSolver() : undefined;
  return { registry, choices, profiles, names, solver };
}

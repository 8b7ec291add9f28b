/**
 * The options every command that runs schedulers shares: scheduler modules
 * to load (`--scheduler-module`, repeatable) and placements to use in place
 * of each scheduler's own (`--map-placement`, `--reduce-placement`); and what
 * they resolve to: the registry, the name each run goes by (`fair+greedy`),
 * and HiGHS when a chosen scheduler or placement solves LPs.
 */
import { Command } from 'commander';
import { didYouMean } from '../util/did-you-mean.js';
import { InputError } from '../util/input-error.js';
import type { Scenario } from '../model/scenario.js';
import { needsLinearSolver, selectScheduler, type SchedulerRegistry } from '../sched/index.js';
import { loadLinearSolver, type LinearSolver } from '../solvers/linear-program.js';
import { registryWithModules } from '../plugins/scheduler-modules.js';

export interface SchedulerCliOptions {
  readonly schedulerModule: readonly string[];
  readonly mapPlacement?: string;
  readonly reducePlacement?: string;
}

export interface SchedulerChoice {
  readonly registry: SchedulerRegistry;
  /** One per scheduler asked for: its name with the placements given on the command line. */
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
    .option('--map-placement <name>', "map placement in place of each scheduler's own (see 'mrsched schedulers')")
    .option('--reduce-placement <name>', "reduce placement in place of each scheduler's own, e.g. hadoop (see 'mrsched schedulers')");
}

/** The registry with the modules loaded; `schedulers` (names as typed, from `flag`) with the placements appended. */
export async function chooseSchedulers(
  schedulers: readonly string[],
  flag: string,
  options: SchedulerCliOptions,
  scenario: Scenario,
): Promise<SchedulerChoice> {
  const registry = await registryWithModules(options.schedulerModule);
  const placements = [
    checkedPlacement(registry, '--map-placement', options.mapPlacement, 'map-placement'),
    checkedPlacement(registry, '--reduce-placement', options.reducePlacement, 'reduce-placement'),
  ].filter((name) => name !== undefined);
  const names = schedulers.map((name) => [name, ...placements].join('+'));
  if (names.length === 0) throw new InputError(flag, [{ path: '', expected: 'at least one scheduler name', found: 'none' }]);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) {
    throw new InputError(flag, [{ path: '', expected: 'each scheduler once (a second run of one is the same run)', found: `'${twice}' twice` }]);
  }
  const selections = names.map((name) => selectScheduler(registry, name, scenario, flag));
  const solver = selections.some(needsLinearSolver) ? await loadLinearSolver() : undefined;
  return { registry, names, solver };
}

function checkedPlacement(registry: SchedulerRegistry, flag: string, name: string | undefined, kind: string): string | undefined {
  if (name === undefined) return undefined;
  const factory = registry.placement(name);
  if (factory?.kind === kind) return name;
  const known = registry
    .placements()
    .filter((f) => f.kind === kind)
    .map((f) => f.name);
  throw new InputError(flag, [{ path: '', expected: `a ${kind.replace('-', ' ')} (one of ${known.join(', ')})`, found: `'${name}'${didYouMean(name, known)}` }]);
}

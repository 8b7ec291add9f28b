/**
 * The scheduler and placement options of every cell, checked before any cell
 * runs. A cell's options come from three places: the scenario's own
 * `schedulerOptions`, a parameter that sets a path under it, and the
 * scheduler entry's `options` (laid over both). A wrong one would fail every
 * cell that has it, with a message naming the field but no line, after
 * minutes of other cells; here it stops the sweep with exit 2, at the line
 * of the place it came from (the spec's entry or parameter value, else the
 * scenario file), naming the cells that have it.
 *
 * The options are checked by the schemas their owners declare, as
 * `validate` checks them: the profile of the cell's scheduler on its
 * `schedulerOptions`, once per distinct set of options, nothing built. Only
 * option problems are reported here; anything else a cell meets is its
 * failure when it runs, as before.
 */
import { InputError, type InputProblem } from '../util/input-error.js';
import { isObj } from '../input/lenient-access.js';
import { readScenarioFile, readScenarioText } from '../input/load-scenario.js';
import { readLocatedText } from '../input/located-text.js';
import { parsePath, withoutLocation, type Path } from '../input/problem-path.js';
import type { PathProblem } from '../input/schema-problems.js';
import { readTextFile } from '../input/unreadable-file.js';
import { SCHEDULER_OPTIONS, schedulerProfile, type SchedulerChoice, type SchedulerRegistry } from '../sched/index.js';
import { canonicalJson } from './content-hash.js';
import type { PathStep } from './parameter-path.js';
import type { ScenarioSourceSpec, SweepSpec } from './sweep-spec.js';
import { parameterText } from './sweep-tables.js';

/** The cells of one scenario, combination of parameter values and scheduler entry: what their options are. */
export interface CellOptions {
  readonly source: ScenarioSourceSpec;
  readonly label: string;
  /** Index of each parameter's value. */
  readonly combination: readonly number[];
  /** Index into the spec's schedulers, and its entry parsed. */
  readonly scheduler: number;
  readonly choice: SchedulerChoice;
  /** The cells' `schedulerOptions` (the scenario's, the parameters', the entry's). */
  readonly schedulerOptions: unknown;
}

/** Checks every distinct set of options; an InputError at the place of the first wrong ones. */
export function checkCellOptions(spec: SweepSpec, cells: Iterable<CellOptions>, registry: SchedulerRegistry): void {
  const checked = new Set<string>();
  for (const cell of cells) {
    const key = canonicalJson([cell.label, cell.scheduler, cell.schedulerOptions ?? null]);
    if (checked.has(key)) continue;
    checked.add(key);
    try {
      schedulerProfile(registry, cell.choice, isObj(cell.schedulerOptions) ? cell.schedulerOptions : {});
    } catch (error) {
      if (!(error instanceof InputError) || error.source !== SCHEDULER_OPTIONS) continue; // the cell's own failure, when it runs
      refuse(spec, cell, error.problems);
    }
  }
}

/** Throws the problems located where they came from: the spec (an entry's options, a parameter's value), else the scenario. */
function refuse(spec: SweepSpec, cell: CellOptions, problems: readonly InputProblem[]): never {
  const fromSpec: PathProblem[] = [];
  const fromScenario: PathProblem[] = [];
  const cells = cellsNamed(spec, cell);
  for (const problem of problems) {
    const path = parsePath(problem.path);
    const described = { expected: problem.expected, found: `${problem.found} (${cells})` };
    const origin = specPlace(spec, cell, path);
    if (origin === undefined) fromScenario.push({ path, ...described });
    else fromSpec.push({ path: origin, ...described });
  }
  if (fromSpec.length > 0) {
    readLocatedText(readTextFile(spec.path, 'a readable sweep spec (YAML or JSON)'), spec.path, 'a sweep spec').check(() => ({ ok: false, problems: fromSpec }));
  }
  const source = cell.source;
  if (source.kind === 'generated') throw new InputError(`generate ${source.generator}`, fromScenario.map(withoutLocation));
  return readScenarioText(readScenarioFile(source.path), source.path).refuse(fromScenario);
}

/** Where in the spec an option at `path` was set for these cells: the entry's options over the parameters; undefined when the scenario's own. */
function specPlace(spec: SweepSpec, cell: CellOptions, path: Path): Path | undefined {
  const entry = spec.schedulers[cell.scheduler];
  const [section, owner, option] = path;
  if (section === SCHEDULER_OPTIONS && owner === cell.choice.scheduler && entry.options !== null && typeof option === 'string' && option in entry.options) {
    return ['schedulers', cell.scheduler, 'options', ...path.slice(2)];
  }
  const p = path.length === 0 ? -1 : spec.parameters.findIndex((parameter) => !parameter.generatorOption && overlaps(parameter.steps, path));
  return p < 0 ? undefined : ['parameters', spec.parameters[p].path, cell.combination[p]];
}

/** Whether one path leads into the other: the parameter set the field, or a mapping holding it, or a field inside it. */
function overlaps(steps: readonly PathStep[], path: Path): boolean {
  for (let i = 0; i < Math.min(steps.length, path.length); i++) {
    const step = steps[i];
    const segment = path[i];
    const same = 'key' in step ? step.key === segment : 'index' in step ? step.index === segment : typeof segment === 'number';
    if (!same) return false;
  }
  return true;
}

/** `the cells of tiny · schedulerOptions.fair.nodeLocalityDelay=-1 · fair`: every seed of them. */
function cellsNamed(spec: SweepSpec, cell: CellOptions): string {
  const parameters = spec.parameters.map((parameter, p) => `${parameter.path}=${parameterText(parameter.values[cell.combination[p]])}`);
  return `the cells of ${[cell.label, ...parameters, spec.schedulers[cell.scheduler].label].join(' · ')}`;
}

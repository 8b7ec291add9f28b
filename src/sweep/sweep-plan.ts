/**
 * A sweep spec laid out as cells: every scenario × combination of parameter
 * values × scheduler × seed, in that order (the order of results.csv), each
 * with a stable id from the hash of its resolved inputs: the scenario
 * document with the parameters set (and the bytes of a trace it names), the
 * scheduler with its options, the seed and the simulation options. The same
 * inputs get the same id in any sweep, on any machine, so a rerun finds what
 * is done, and a spec that grows keeps the cells it had.
 *
 * Before any cell runs, the spec's scheduler names are parsed into choices
 * (every mistake at once), each scenario is resolved as written (mistakes
 * reported with their lines), every parameter path checked against each
 * scenario document, and every cell's scheduler and placement options
 * checked (`cell-options.ts`).
 * Any other parameter value the scenario rejects is the failure of the cells
 * that use it, found when they run.
 */
import { dirname, resolve as resolvePath } from 'node:path';
import { InputError, type InputProblem } from '../util/input-error.js';
import { isObj } from '../input/lenient-access.js';
import { readScenarioFile, readScenarioText } from '../input/load-scenario.js';
import { readLocatedText } from '../input/located-text.js';
import { traceReferenceOf } from '../input/trace-merge.js';
import { parseSchedulerChoices, type SchedulerChoice, type SchedulerRegistry } from '../sched/index.js';
import { registryWithModules } from '../plugins/scheduler-modules.js';
import { registryWithProcesses } from '../plugins/process/scheduler-processes.js';
import { importScenarioTrace } from '../workloads/scenario-with-trace.js';
import { CELL_FORMAT, type CellDescriptor, type CellInput, type ScenarioDocument } from './cell.js';
import { checkCellOptions, type CellOptions } from './cell-options.js';
import { contentDigest, contentId, fileDigest } from './content-hash.js';
import { generateScenario } from './generated-scenarios.js';
import { pathProblem, withValueAt } from './parameter-path.js';
import { scenarioLabel, type ScenarioSourceSpec, type SweepSpec } from './sweep-spec.js';


export interface SweepPlan {
  readonly spec: SweepSpec;
  readonly cells: readonly CellDescriptor[];
  /** The inputs of cells[i]; built when asked for, as a million documents would not fit in memory. */
  input(index: number): CellInput;
}

interface LoadedScenario {
  readonly source: ScenarioSourceSpec;
  readonly label: string;
  /** The document as written (for a generator: made with the spec's options). */
  readonly document: unknown;
}

/** Lays out the spec's cells; throws an InputError for a scenario, scheduler or path that cannot work. */
export async function planSweep(spec: SweepSpec, registry?: SchedulerRegistry): Promise<SweepPlan> {
  const schedulers = registry ?? registryWithProcesses(await registryWithModules(spec.schedulerModules), spec.schedulerProcesses).registry;
  // The spec's names, parsed once: every cell of an entry runs its choice.
  const choices = parseSchedulerChoices(schedulers, spec.schedulers.map((scheduler) => scheduler.name), spec.path, {}, (i) => `schedulers[${i}]`);
  // A module's code is an input of its cells: changed, they run again.
  const modules = await Promise.all(spec.schedulerModules.map(fileDigest));
  const scenarios: LoadedScenario[] = [];
  for (const source of spec.scenarios) {
    scenarios.push({ source, label: scenarioLabel(source), document: await loadScenario(source) });
  }
  checkPaths(spec, scenarios);
  const combinations = combinationsOf(spec.parameters.map((p) => p.values.length));
  const traceDigests = new Map<string, Promise<string>>();
  const cells: CellDescriptor[] = [];
  /** For each cell, its scenario and combination: the input is rebuilt from them. */
  const origins: { scenario: number; combination: number; scheduler: number }[] = [];
  const options: CellOptions[] = [];
  for (const [s, loaded] of scenarios.entries()) {
    for (const [c, combination] of combinations.entries()) {
      const document = documentFor(spec, loaded, combination);
      if (document.ok) {
        spec.schedulers.forEach((scheduler, k) => {
          const cellDocument = withSchedulerOptions(document.value, choices[k], scheduler.options);
          const schedulerOptions = isObj(cellDocument) ? cellDocument.schedulerOptions : undefined;
          options.push({ source: loaded.source, label: loaded.label, combination, scheduler: k, choice: choices[k], schedulerOptions });
        });
      }
      const reference = document.ok ? traceReferenceOf(document.value) : undefined;
      let trace: string | null = null;
      if (reference !== undefined && loaded.source.kind === 'file') {
        const path = resolvePath(dirname(loaded.source.path), reference.path);
        if (!traceDigests.has(path)) traceDigests.set(path, fileDigest(path).catch(() => 'unreadable'));
        trace = await traceDigests.get(path)!;
      }
      const scenarioDigest = contentDigest({ document, trace });
      const parameters = combination.map((v, p) => spec.parameters[p].values[v]);
      for (const [k, scheduler] of spec.schedulers.entries()) {
        for (const seed of seedsOf(spec, document.ok ? document.value : undefined)) {
          // A process's command stands for its code (it cannot be read as a file can); a sweep without one keeps its cells' ids.
          const processes = spec.schedulerProcesses.length > 0 ? { processes: spec.schedulerProcesses } : {};
          const id = contentId({ format: CELL_FORMAT, scenario: scenarioDigest, scheduler: scheduler.name, options: scheduler.options, modules, ...processes, seed, alignHeartbeats: spec.alignHeartbeats });
          cells.push({ id, scenario: loaded.label, parameters, scheduler: scheduler.label, seed });
          origins.push({ scenario: s, combination: c, scheduler: k });
        }
      }
    }
  }
  checkCellOptions(spec, options, schedulers);
  let cached: { key: string; document: ScenarioDocument } | undefined;
  return {
    spec,
    cells,
    input(index) {
      const origin = origins[index];
      const loaded = scenarios[origin.scenario];
      const key = `${origin.scenario}/${origin.combination}`;
      if (cached?.key !== key) cached = { key, document: documentFor(spec, loaded, combinations[origin.combination]) };
      const scheduler = spec.schedulers[origin.scheduler];
      const cell = cells[index];
      return {
        id: cell.id,
        document: cached.document.ok ? { ok: true, value: withSchedulerOptions(cached.document.value, choices[origin.scheduler], scheduler.options) } : cached.document,
        scenarioPath: loaded.source.kind === 'file' ? loaded.source.path : null,
        source: sourceName(loaded.source),
        scheduler: choices[origin.scheduler],
        schedulerModules: spec.schedulerModules,
        schedulerProcesses: spec.schedulerProcesses,
        seed: cell.seed,
        alignHeartbeats: spec.alignHeartbeats,
      };
    },
  };
}

/** The scenario's document, the scenario resolved once as written (with its trace) to report its mistakes with their lines before anything runs. */
async function loadScenario(source: ScenarioSourceSpec): Promise<unknown> {
  if (source.kind === 'generated') {
    const document = generateScenario(source.generator, source.options);
    readScenarioText(JSON.stringify(document), sourceName(source)).resolve();
    return document;
  }
  const text = readScenarioFile(source.path);
  const document = readLocatedText(text, source.path, 'a scenario').value;
  const scenarioText = readScenarioText(text, source.path);
  const trace = scenarioText.trace === undefined ? undefined : await importScenarioTrace(scenarioText.trace, source.path);
  scenarioText.resolve({ trace: trace?.scenario });
  return document;
}

function sourceName(source: ScenarioSourceSpec): string {
  return source.kind === 'file' ? source.path : `generate ${source.generator}`;
}

/** Every parameter path must fit every scenario document (generator options are checked by the generator). */
function checkPaths(spec: SweepSpec, scenarios: readonly LoadedScenario[]): void {
  const problems: InputProblem[] = [];
  for (const parameter of spec.parameters) {
    if (parameter.generatorOption) continue;
    for (const loaded of scenarios) {
      const problem = pathProblem(loaded.document, parameter.steps);
      if (problem !== undefined) problems.push({ path: `parameters.${parameter.path}`, expected: `a path that fits the scenario ${loaded.label}`, found: problem });
    }
  }
  if (problems.length > 0) throw new InputError(spec.path, problems);
}

/** Every combination of value indices, the first parameter varying slowest; one empty combination without parameters. */
function combinationsOf(counts: readonly number[]): number[][] {
  let combinations: number[][] = [[]];
  for (const count of counts) combinations = combinations.flatMap((prefix) => Array.from({ length: count }, (_, v) => [...prefix, v]));
  return combinations;
}

/** The scenario document of one combination: generator options first (the document is generated with them), then the fields. */
function documentFor(spec: SweepSpec, loaded: LoadedScenario, combination: readonly number[]): ScenarioDocument {
  let document = loaded.document;
  if (loaded.source.kind === 'generated' && spec.parameters.some((p) => p.generatorOption)) {
    const options: Record<string, unknown> = { ...loaded.source.options };
    spec.parameters.forEach((p, i) => {
      if (p.generatorOption) options[(p.steps[0] as { key: string }).key] = p.values[combination[i]];
    });
    try {
      document = generateScenario(loaded.source.generator, options);
    } catch (error) {
      // A bad generator option fails the cells that use it, when they run.
      if (!(error instanceof InputError)) throw error;
      return { ok: false, problem: error.message };
    }
  }
  spec.parameters.forEach((p, i) => {
    if (!p.generatorOption) document = withValueAt(document, p.steps, p.values[combination[i]]);
  });
  return { ok: true, value: document };
}

function seedsOf(spec: SweepSpec, document: unknown): readonly number[] {
  if (spec.seeds.kind === 'list') return spec.seeds.seeds;
  const settings = isObj(document) && isObj(document.settings) ? document.settings : {};
  const first = typeof settings.seed === 'number' && Number.isInteger(settings.seed) ? settings.seed : 1;
  return Array.from({ length: spec.seeds.count }, (_, r) => first + r);
}

/** The document with `options` as the scheduler's options (in schedulerOptions.<scheduler>, over the scenario's own). */
function withSchedulerOptions(document: unknown, choice: SchedulerChoice, options: Readonly<Record<string, unknown>> | null): unknown {
  if (options === null || !isObj(document)) return document;
  const { scheduler } = choice;
  const all = isObj(document.schedulerOptions) ? document.schedulerOptions : {};
  const own = isObj(all[scheduler]) ? all[scheduler] : {};
  return { ...document, schedulerOptions: { ...all, [scheduler]: { ...own, ...options } } };
}

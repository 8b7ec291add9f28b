/**
 * Runs cells on one thread (a worker, or the main thread with --jobs 1):
 * resolves the cell's scenario document with its seed, runs it under the
 * cell's scheduler, and returns the metrics and each pool's figures, or the
 * error as a value. A thread keeps what cells share: the traces it
 * imported, HiGHS, loaded the first time a cell's scheduler solves LPs, and
 * the scenario it resolved last, which the next cell of the same document
 * and seed (another scheduler, as a batch orders them) runs on as well.
 */
import { formatProblem, InputError } from '../util/input-error.js';
import { readScenarioText } from '../input/load-scenario.js';
import { traceReferenceOf } from '../input/trace-merge.js';
import type { RunMetrics } from '../metrics/index.js';
import { runProfile } from '../experiment/run-scenario.js';
import { needsLinearSolver, schedulerProfile, type SchedulerRegistry } from '../sched/index.js';
import { registryWithModules } from '../plugins/scheduler-modules.js';
import { registryWithProcesses } from '../plugins/process/scheduler-processes.js';
import { loadLinearSolver, type LinearSolver } from '../solvers/linear-program.js';
import type { ImportResult } from '../workloads/import-result.js';
import { importScenarioTrace } from '../workloads/scenario-with-trace.js';
import type { Scenario } from '../model/scenario.js';
import type { CellInput } from './cell.js';
import { resolutionKey } from './cell-batch.js';
import { poolFigures, type PoolFigures } from './pool-figures.js';

export type CellOutcome =
  | {
      readonly status: 'succeeded';
      /** What the run was called (`fifo+hadoop` runs as `fifo`). */
      readonly run: string;
      readonly stalled: boolean;
      readonly metrics: RunMetrics;
      /** Each pool's jobs, mean wait and mean completion. */
      readonly pools: readonly PoolFigures[];
    }
  | { readonly status: 'failed'; readonly error: string };

export class CellRunner {
  /** Registries by the scheduler modules and processes in them (the built-in schedulers and placements, and theirs). */
  private readonly registries = new Map<string, Promise<SchedulerRegistry>>();

  /** `registry`: where every scheduler name is looked up, in place of the built-in ones with the cell's modules. */
  constructor(private readonly registry?: SchedulerRegistry) {}

  private readonly traces = new Map<string, Promise<ImportResult>>();
  private solver: Promise<LinearSolver> | undefined;
  /** Runs leave their scenario as it was (compare runs every scheduler on one), so cells of one document and seed share it. */
  private resolved: { readonly key: string; readonly scenario: Scenario } | undefined;

  /** Runs the batch's cells in its order, telling each outcome (by position) as its cell ends. */
  async runBatch(batch: readonly CellInput[], onOutcome: (position: number, outcome: CellOutcome) => void): Promise<void> {
    for (const [position, input] of batch.entries()) onOutcome(position, await this.run(input));
  }

  async run(input: CellInput): Promise<CellOutcome> {
    try {
      if (!input.document.ok) return { status: 'failed', error: input.document.problem };
      const scenario = await this.scenario(input, input.document.value);
      const registry = this.registry ?? (await this.registryWith(input.schedulerModules, input.schedulerProcesses));
      const profile = schedulerProfile(registry, input.scheduler, scenario.schedulerOptions);
      const solver = needsLinearSolver(registry, profile) ? await (this.solver ??= loadLinearSolver()) : undefined;
      const { run, metrics } = runProfile(scenario, profile, {
        registry,
        alignHeartbeats: input.alignHeartbeats,
        ...(solver === undefined ? {} : { solver }),
      });
      return { status: 'succeeded', run: run.scheduler, stalled: run.stalled, metrics, pools: poolFigures(run) };
    } catch (error) {
      return { status: 'failed', error: describeError(error) };
    }
  }

  private async scenario(input: CellInput, document: unknown): Promise<Scenario> {
    const key = resolutionKey(input);
    if (this.resolved?.key === key) return this.resolved.scenario;
    this.resolved = undefined; // freed before the next is made: a trace's scenario may be large
    const reference = traceReferenceOf(document);
    const trace = reference === undefined || input.scenarioPath === null ? undefined : await this.trace(reference, input.scenarioPath);
    const scenario = readScenarioText(JSON.stringify(document), input.source).resolve({ seed: input.seed, trace: trace?.scenario });
    this.resolved = { key, scenario };
    return scenario;
  }

  private registryWith(modules: readonly string[], processes: readonly string[]): Promise<SchedulerRegistry> {
    return cached(this.registries, JSON.stringify([modules, processes]), async () => registryWithProcesses(await registryWithModules(modules), processes).registry);
  }

  private trace(reference: NonNullable<ReturnType<typeof traceReferenceOf>>, scenarioPath: string): Promise<ImportResult> {
    return cached(this.traces, JSON.stringify([scenarioPath, reference]), () => importScenarioTrace(reference, scenarioPath));
  }
}

/** The value under `key`, made the first time it is asked for. */
function cached<T>(values: Map<string, T>, key: string, make: () => T): T {
  let value = values.get(key);
  if (value === undefined) {
    value = make();
    values.set(key, value);
  }
  return value;
}

/** Problems of one cell's input written out; a scenario with thousands of bad records would bury the table. */
const LISTED_PROBLEMS = 5;

/**
 * An error as one deterministic line for the cell file: an input problem
 * by field path (the document was rebuilt with the cell's values, so the
 * file's lines do not apply), anything else by its name and message, never
 * its stack (which names the machine's paths).
 */
export function describeError(error: unknown): string {
  if (error instanceof InputError) {
    const listed = error.problems.slice(0, LISTED_PROBLEMS).map((problem) => formatProblem(error.source, { ...problem, line: undefined, column: undefined }));
    const rest = error.problems.length - listed.length;
    return [...listed, ...(rest > 0 ? [`… and ${rest} more`] : [])].join('; ');
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

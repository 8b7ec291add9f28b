/**
 * What a sweep's cell is: how the tables name it, and what a thread is
 * given to run it. The plan (`sweep-plan.ts`) makes them; the runner, the
 * store and the tables read them.
 */
import type { SchedulerChoice } from '../sched/index.js';

/** Bumped when the meaning of a cell's inputs or the format of its results changes, so old cells are not taken for new. */
export const CELL_FORMAT = 2;

/** What a cell is, as the tables name it. */
export interface CellDescriptor {
  readonly id: string;
  readonly scenario: string;
  /** One value per parameter of the spec, in its order. */
  readonly parameters: readonly unknown[];
  readonly scheduler: string;
  readonly seed: number;
}

/** Everything a thread needs to run a cell. */
export interface CellInput {
  readonly id: string;
  /** The scenario document with the cell's parameters and scheduler options set, or why there is none (a bad generator option). */
  readonly document: ScenarioDocument;
  /** The scenario file (a trace it names is found from it), or null for a generated scenario. */
  readonly scenarioPath: string | null;
  /** How problems name the scenario. */
  readonly source: string;
  /** The spec's scheduler entry, parsed (a plain value: it crosses to a worker thread). */
  readonly scheduler: SchedulerChoice;
  /** The spec's scheduler modules (absolute paths), loaded by the thread into its registry. */
  readonly schedulerModules: readonly string[];
  /** The sweep's scheduler processes, started by the thread (once) into its registry. */
  readonly schedulerProcesses: readonly string[];
  readonly seed: number;
  readonly alignHeartbeats: boolean;
}

export type ScenarioDocument = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

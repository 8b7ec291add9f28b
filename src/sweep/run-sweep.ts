/**
 * Runs a sweep into its directory: lays out the cells, skips those already
 * recorded there (a rerun resumes), runs this shard's share of the rest on
 * the pool, records each cell as it ends, and, when the directory then holds
 * every cell, writes the tables. What a cell recorded is the same however it
 * was run (thread, shard, machine), and the tables depend on nothing else:
 * an interrupted sweep rerun gives the bytes of an uninterrupted one.
 */
import type { SchedulerRegistry } from '../sched/index.js';
import { inResolutionOrder, nextBatchSize } from './cell-batch.js';
import { mainThreadPool, workerPool, workersAvailable, type CellPool } from './cell-pool.js';
import { readCells, writeCell, writeManifest, type CellRecord, type SweepManifest } from './cell-store.js';
import { inShard, type Shard } from './shard.js';
import { CELL_FORMAT } from './cell.js';
import { checkBaseline } from './baseline.js';
import { planSweep, type SweepPlan } from './sweep-plan.js';
import { cellCount, type SweepSpec } from './sweep-spec.js';
import { writeSweepOutputs } from './sweep-outputs.js';

export interface RunSweepOptions {
  readonly out: string;
  /** Cells at once: 1 runs them on this thread, more on worker threads. */
  readonly jobs: number;
  /** Run only this share of the cells; the tables are then left to `mrsched sweep merge`. */
  readonly shard?: Shard;
  /** Write results.parquet and summary.parquet beside the CSV tables. */
  readonly parquet?: boolean;
  /** The scheduler (as the spec labels it) summary.csv pairs the others with, by seed; checked before any cell runs. */
  readonly baseline?: string;
  /** Run the cells recorded as failed again (a failure that may not recur, such as running out of memory). */
  readonly retryFailed?: boolean;
  /** Where scheduler names are looked up (the built-in ones by default); a registry of your own runs its cells on this thread (jobs 1), as a worker thread builds the built-in one. */
  readonly registry?: SchedulerRegistry;
  /** Before the first cell runs: the plan, and how many cells this run will run. */
  readonly onStart?: (plan: SweepPlan, toRun: number) => void;
  /** After each cell this run ran. */
  readonly onCell?: (record: CellRecord) => void;
  /** Runs the writing of the tables, given as `write` (the command catches signals during it, to leave no temporary file). */
  readonly whileWritingTables?: (write: () => void) => void;
  readonly warn?: (message: string) => void;
}

export interface SweepRunSummary {
  /** Cells of the whole sweep. */
  readonly cells: number;
  /** Cells of this shard (all without one). */
  readonly share: number;
  /** Of those, recorded before this run. */
  readonly alreadyDone: number;
  readonly ran: number;
  /** Cells of this shard recorded as failed, now or before. */
  readonly failed: number;
  /** Whether results.csv, summary.csv and report.html were written. */
  readonly wroteTables: boolean;
}

export async function runSweep(spec: SweepSpec, options: RunSweepOptions): Promise<SweepRunSummary> {
  if (options.registry !== undefined && options.jobs > 1) throw new Error('a scheduler registry of your own runs on this thread only: give jobs 1');
  // Worker threads (no more than the cells) load their modules while this thread plans. Run from the sources there are none, and a sweep with cells left to run stops at workerPool's error.
  const workers = Math.min(options.jobs, cellCount(spec));
  const pool = options.jobs <= 1 ? mainThreadPool(options.registry) : workersAvailable() ? workerPool(workers) : null;
  let state: SweepState;
  try {
    state = await planAndRun(spec, options, () => pool ?? workerPool(workers));
  } finally {
    await pool?.close();
  }
  const { plan, manifest, recorded, mine, todo } = state;
  const failed = mine.filter((i) => recorded.get(plan.cells[i].id)?.status === 'failed').length;
  const complete = plan.cells.every((cell) => recorded.has(cell.id));
  if (options.shard === undefined && complete) {
    const write = () => writeSweepOutputs(options.out, manifest, recorded, { parquet: options.parquet, baseline: options.baseline });
    (options.whileWritingTables ?? ((run: () => void) => run()))(write);
  }
  return {
    cells: plan.cells.length,
    share: mine.length,
    alreadyDone: mine.length - todo.length,
    ran: todo.length,
    failed,
    wroteTables: options.shard === undefined && complete,
  };
}

/** Where a run left the sweep: its plan, the cells recorded, and those of this shard (`mine`) and this run (`todo`), by index. */
interface SweepState {
  readonly plan: SweepPlan;
  readonly manifest: SweepManifest;
  readonly recorded: Map<string, CellRecord>;
  readonly mine: readonly number[];
  readonly todo: readonly number[];
}

/** Lays out the cells, writes the manifest, and runs those not recorded yet on the pool (asked for only then), recording each as it ends. */
async function planAndRun(spec: SweepSpec, options: RunSweepOptions, pool: () => CellPool): Promise<SweepState> {
  const plan = await planSweep(spec, options.registry);
  const manifest = manifestOf(plan);
  if (options.baseline !== undefined) checkBaseline(plan.spec.schedulers.map((s) => s.label), options.baseline, plan.spec.path);
  writeManifest(options.out, manifest);
  const recorded = readCells(options.out, options.warn ?? (() => {}));
  const mine = plan.cells.map((_, i) => i).filter((i) => options.shard === undefined || inShard(i, options.shard));
  const needsRun = (i: number) => {
    const record = recorded.get(plan.cells[i].id);
    return record === undefined || (options.retryFailed === true && record.status === 'failed');
  };
  const todo = mine.filter(needsRun);
  options.onStart?.(plan, todo.length);
  if (todo.length > 0) {
    await runAll(pool(), plan, todo, (record) => {
      writeCell(options.out, record);
      recorded.set(record.id, record);
      options.onCell?.(record);
    });
  }
  return { plan, manifest, recorded, mine, todo };
}

export function manifestOf(plan: SweepPlan): SweepManifest {
  return {
    format: CELL_FORMAT,
    name: plan.spec.name,
    description: plan.spec.description,
    parameters: plan.spec.parameters.map((p) => p.path),
    metrics: plan.spec.metrics,
    cells: plan.cells,
  };
}

/**
 * Keeps the pool busy until every cell of `todo` has run, a batch of cells
 * in table order to each thread that is free; records each cell as it ends.
 */
async function runAll(pool: CellPool, plan: SweepPlan, todo: readonly number[], record: (record: CellRecord) => void): Promise<void> {
  const lanes = Math.min(pool.size, todo.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < todo.length) {
      const indices = todo.slice(next, (next += nextBatchSize(todo.length - next, lanes)));
      const batch = inResolutionOrder(indices.map((index) => ({ index, input: plan.input(index) })));
      await pool.run(
        batch.map((cell) => cell.input),
        (position, outcome) => {
          const cell = plan.cells[batch[position].index];
          const parameters = Object.fromEntries(plan.spec.parameters.map((p, k) => [p.path, cell.parameters[k]]));
          record({ id: cell.id, scenario: cell.scenario, parameters, scheduler: cell.scheduler, seed: cell.seed, ...outcome });
        },
      );
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

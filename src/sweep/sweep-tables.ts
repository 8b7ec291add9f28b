/**
 * The tables of a sweep, tidy for pandas and R:
 *
 * - results.csv: one row per cell in the manifest's order: its id, scenario,
 *   one column per parameter, scheduler, seed, status, the name the run went
 *   by, whether it stalled, every metric, and the error of a failed cell;
 * - summary.csv: one row per group (scenario × parameter values ×
 *   scheduler) and metric, then per pool and pool figure (mean wait, mean
 *   completion): the runs that succeeded and failed, the mean with its 95%
 *   confidence interval over the seeds (Student t, src/metrics/statistics.ts;
 *   no interval from one run), and with a baseline scheduler, the group's
 *   difference from the baseline's group of the same scenario and parameter
 *   values, paired by seed, with its interval.
 *
 * Each is a typed table, written as CSV (numbers as csv.ts prints them) and,
 * on request, as Parquet (sweep-parquet.ts): the same cells, the same bytes.
 */
import { METRICS, pairedBySeed, replicationInterval, summarizeReplications, type ConfidenceInterval, type MetricKey, type RunMetrics } from '../metrics/index.js';
import { csvLine } from '../report/csv.js';
import type { CellRecord, SweepManifest } from './cell-store.js';
import type { CellDescriptor } from './cell.js';
import { POOL_FIGURES, type PoolFigures } from './pool-figures.js';

/** Cells of one scenario, parameter values and scheduler, over the seeds. */
export interface CellGroup {
  readonly scenario: string;
  readonly parameters: readonly unknown[];
  readonly scheduler: string;
  /** Metrics of the cells that succeeded, in seed order. */
  readonly runs: readonly RunMetrics[];
  /** The seed of each of `runs`. */
  readonly seeds: readonly number[];
  /** The pools of each of `runs`. */
  readonly pools: readonly (readonly PoolFigures[])[];
  readonly failed: number;
  readonly intervals: Readonly<Record<MetricKey, ConfidenceInterval | null>>;
}

/** A parameter value as a table cell: numbers and text as they are, anything else as JSON. */
export function parameterText(value: unknown): string | number {
  return typeof value === 'number' || typeof value === 'string' ? value : JSON.stringify(value);
}

/** A value of a table's cell; null is empty. */
export type TableValue = string | number | boolean | null;

/** What a column holds, for a typed format (Parquet); CSV writes every column as text. */
export type ColumnType = 'STRING' | 'DOUBLE' | 'INT32' | 'BOOLEAN';

export interface SweepTable {
  readonly columns: readonly { readonly name: string; readonly type: ColumnType }[];
  readonly rows: readonly (readonly TableValue[])[];
}

export function resultsTable(manifest: SweepManifest, records: ReadonlyMap<string, CellRecord>): SweepTable {
  const metricKeys = METRICS.map((m) => m.key);
  const columns = [
    text('cell'),
    text('scenario'),
    ...parameterColumns(manifest),
    text('scheduler'),
    { name: 'seed', type: 'INT32' as const },
    text('status'),
    text('run'),
    { name: 'stalled', type: 'BOOLEAN' as const },
    ...metricKeys.map((key) => ({ name: key, type: 'DOUBLE' as const })),
    text('error'),
  ];
  const rows = manifest.cells.map((cell) => {
    const record = recordOf(records, cell);
    const head = [cell.id, cell.scenario, ...cell.parameters.map(parameterText), cell.scheduler, cell.seed, record.status];
    return record.status === 'succeeded'
      ? [...head, record.run, record.stalled, ...metricKeys.map((key) => record.metrics[key]), null]
      : [...head, null, null, ...metricKeys.map(() => null), record.error];
  });
  return { columns, rows };
}

/** The groups in the order their first cell has in the manifest. */
export function cellGroups(manifest: SweepManifest, records: ReadonlyMap<string, CellRecord>): CellGroup[] {
  const groups = new Map<string, { cell: CellDescriptor; runs: RunMetrics[]; seeds: number[]; pools: (readonly PoolFigures[])[]; failed: number }>();
  for (const cell of manifest.cells) {
    const key = JSON.stringify([cell.scenario, cell.parameters, cell.scheduler]);
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = { cell, runs: [], seeds: [], pools: [], failed: 0 }));
    const record = recordOf(records, cell);
    if (record.status === 'succeeded') {
      group.runs.push(record.metrics);
      group.seeds.push(cell.seed);
      group.pools.push(record.pools);
    } else group.failed++;
  }
  return [...groups.values()].map(({ cell, runs, seeds, pools, failed }) => ({
    scenario: cell.scenario,
    parameters: cell.parameters,
    scheduler: cell.scheduler,
    runs,
    seeds,
    pools,
    failed,
    intervals: summarizeReplications(runs),
  }));
}

/** One figure of a group's runs: a metric of the whole run, or one of a pool's. */
interface Figure {
  readonly metric: string;
  /** The pool, or '' for a metric of the whole run. */
  readonly pool: string;
  /** Its value in the group's run `run`; null where the run does not define it. */
  readonly value: (group: CellGroup, run: number) => number | null;
}

function figuresOf(group: CellGroup): Figure[] {
  const metrics = METRICS.map(({ key }): Figure => ({ metric: key, pool: '', value: (g, run) => g.runs[run][key] }));
  const pools = [...new Set(group.pools.flat().map((figures) => figures.pool))];
  const perPool = pools.flatMap((pool) =>
    POOL_FIGURES.map((metric): Figure => ({ metric, pool, value: (g, run) => g.pools[run].find((figures) => figures.pool === pool)?.[metric] ?? null })),
  );
  return [...metrics, ...perPool];
}

/** `baseline`: the scheduler (as the spec labels it) each group is paired with, by seed; none gives empty difference columns. */
export function summaryTable(manifest: SweepManifest, groups: readonly CellGroup[], baseline?: string): SweepTable {
  const columns = [
    text('scenario'),
    ...parameterColumns(manifest),
    text('scheduler'),
    text('metric'),
    text('pool'),
    ...['runs', 'failed', 'n'].map((name) => ({ name, type: 'INT32' as const })),
    ...['mean', 'half_width', 'low', 'high'].map((name) => ({ name, type: 'DOUBLE' as const })),
    text('baseline'),
    { name: 'difference_n', type: 'INT32' as const },
    ...['difference_mean', 'difference_half_width', 'difference_low', 'difference_high'].map((name) => ({ name, type: 'DOUBLE' as const })),
  ];
  const baselines = new Map(groups.filter((group) => group.scheduler === baseline).map((group) => [cellsKey(group), group]));
  const rows = groups.flatMap((group) => {
    const head = [group.scenario, ...group.parameters.map(parameterText), group.scheduler];
    const base = group.scheduler === baseline ? undefined : baselines.get(cellsKey(group));
    return figuresOf(group).map((figure) => {
      const c = replicationInterval(group.runs.map((_, run) => figure.value(group, run)));
      const d = base === undefined ? null : pairedFigure(group, base, figure);
      return [
        ...head, figure.metric, figure.pool, group.runs.length, group.failed, c?.n ?? 0, c?.mean ?? null, c?.halfWidth ?? null, c?.low ?? null, c?.high ?? null,
        base === undefined ? null : base.scheduler, d?.n ?? null, d?.mean ?? null, d?.halfWidth ?? null, d?.low ?? null, d?.high ?? null,
      ];
    });
  });
  return { columns, rows };
}

/** The scenario and parameter values a group shares with the baseline's group it is paired with. */
function cellsKey(group: CellGroup): string {
  return JSON.stringify([group.scenario, group.parameters]);
}

/** `figure` in `group` minus in `base`, over the seeds where both ran and have it: a failed cell leaves its seed out. */
function pairedFigure(group: CellGroup, base: CellGroup, figure: Figure): ConfidenceInterval | null {
  const values = (g: CellGroup) => ({ seeds: g.seeds, values: g.runs.map((_, run) => figure.value(g, run)) });
  return pairedBySeed(values(group), values(base));
}

/** A table as CSV text: the header, then a line per row. */
export function tableCsv(table: SweepTable): string {
  let csv = csvLine(table.columns.map((c) => c.name));
  for (const row of table.rows) csv += csvLine(row.map((value) => (typeof value === 'boolean' ? String(value) : value)));
  return csv;
}

const text = (name: string) => ({ name, type: 'STRING' as const });

/** A column per parameter, named by its path: numbers when every value is one, else text. */
function parameterColumns(manifest: SweepManifest): { name: string; type: ColumnType }[] {
  return manifest.parameters.map((name, p) => ({
    name,
    type: manifest.cells.every((cell) => typeof cell.parameters[p] === 'number') ? 'DOUBLE' : 'STRING',
  }));
}

function recordOf(records: ReadonlyMap<string, CellRecord>, cell: CellDescriptor): CellRecord {
  const record = records.get(cell.id);
  if (record === undefined) throw new Error(`cell ${cell.id} has no result: the tables need every cell`);
  return record;
}

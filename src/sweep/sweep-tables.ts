/**
 * The tables of a sweep, tidy for pandas and R:
 *
 * - results.csv: one row per cell in the manifest's order: its id, scenario,
 *   one column per parameter, scheduler, seed, status, the name the run went
 *   by, whether it stalled, every metric, and the error of a failed cell;
 * - summary.csv: one row per group (scenario × parameter values ×
 *   scheduler) and metric: the runs that succeeded and failed, and the mean
 *   with its 95% confidence interval over the seeds (Student t,
 *   src/metrics/statistics.ts; no interval from one run).
 *
 * Each is a typed table, written as CSV (numbers as csv.ts prints them) and,
 * on request, as Parquet (sweep-parquet.ts): the same cells, the same bytes.
 */
import { METRICS, summarizeReplications, type ConfidenceInterval, type MetricKey, type RunMetrics } from '../metrics/index.js';
import { csvLine } from '../report/csv.js';
import type { CellRecord, SweepManifest } from './cell-store.js';
import type { CellDescriptor } from './cell.js';

/** Cells of one scenario, parameter values and scheduler, over the seeds. */
export interface CellGroup {
  readonly scenario: string;
  readonly parameters: readonly unknown[];
  readonly scheduler: string;
  /** Metrics of the cells that succeeded, in seed order. */
  readonly runs: readonly RunMetrics[];
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
  const groups = new Map<string, { cell: CellDescriptor; runs: RunMetrics[]; failed: number }>();
  for (const cell of manifest.cells) {
    const key = JSON.stringify([cell.scenario, cell.parameters, cell.scheduler]);
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = { cell, runs: [], failed: 0 }));
    const record = recordOf(records, cell);
    if (record.status === 'succeeded') group.runs.push(record.metrics);
    else group.failed++;
  }
  return [...groups.values()].map(({ cell, runs, failed }) => ({
    scenario: cell.scenario,
    parameters: cell.parameters,
    scheduler: cell.scheduler,
    runs,
    failed,
    intervals: summarizeReplications(runs),
  }));
}

export function summaryTable(manifest: SweepManifest, groups: readonly CellGroup[]): SweepTable {
  const columns = [
    text('scenario'),
    ...parameterColumns(manifest),
    text('scheduler'),
    text('metric'),
    ...['runs', 'failed', 'n'].map((name) => ({ name, type: 'INT32' as const })),
    ...['mean', 'half_width', 'low', 'high'].map((name) => ({ name, type: 'DOUBLE' as const })),
  ];
  const rows = groups.flatMap((group) => {
    const head = [group.scenario, ...group.parameters.map(parameterText), group.scheduler];
    return METRICS.map(({ key }) => {
      const c = group.intervals[key];
      return [...head, key, group.runs.length, group.failed, c?.n ?? 0, c?.mean ?? null, c?.halfWidth ?? null, c?.low ?? null, c?.high ?? null];
    });
  });
  return { columns, rows };
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

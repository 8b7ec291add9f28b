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
 * Numbers are printed as csv.ts prints them, so the same cells give the
 * same bytes.
 */
import { METRICS, summarizeReplications, type ConfidenceInterval, type MetricKey, type RunMetrics } from '../metrics/index.js';
import { csvLine } from '../report/csv.js';
import type { CellRecord, SweepManifest } from './cell-store.js';
import type { CellDescriptor } from './sweep-plan.js';

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

export function resultsCsv(manifest: SweepManifest, records: ReadonlyMap<string, CellRecord>): string {
  const metricKeys = METRICS.map((m) => m.key);
  let text = csvLine(['cell', 'scenario', ...manifest.parameters, 'scheduler', 'seed', 'status', 'run', 'stalled', ...metricKeys, 'error']);
  for (const cell of manifest.cells) {
    const record = recordOf(records, cell);
    const head = [cell.id, cell.scenario, ...cell.parameters.map(parameterText), cell.scheduler, cell.seed, record.status];
    text +=
      record.status === 'succeeded'
        ? csvLine([...head, record.run, String(record.stalled), ...metricKeys.map((key) => record.metrics[key]), ''])
        : csvLine([...head, '', '', ...metricKeys.map(() => null), record.error]);
  }
  return text;
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

export function summaryCsv(manifest: SweepManifest, groups: readonly CellGroup[]): string {
  let text = csvLine(['scenario', ...manifest.parameters, 'scheduler', 'metric', 'runs', 'failed', 'n', 'mean', 'half_width', 'low', 'high']);
  for (const group of groups) {
    const head = [group.scenario, ...group.parameters.map(parameterText), group.scheduler];
    for (const { key } of METRICS) {
      const c = group.intervals[key];
      text += csvLine([...head, key, group.runs.length, group.failed, c?.n ?? 0, c?.mean ?? null, c?.halfWidth ?? null, c?.low ?? null, c?.high ?? null]);
    }
  }
  return text;
}

function recordOf(records: ReadonlyMap<string, CellRecord>, cell: CellDescriptor): CellRecord {
  const record = records.get(cell.id);
  if (record === undefined) throw new Error(`cell ${cell.id} has no result: the tables need every cell`);
  return record;
}

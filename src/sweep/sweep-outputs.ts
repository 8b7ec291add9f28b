/**
 * The outputs of a finished sweep, each written whole: results.csv,
 * summary.csv and report.html, and with the Parquet format results.parquet
 * and summary.parquet too.
 */
import { join } from 'node:path';
import { writeFileAtomically } from './atomic-file.js';
import type { CellRecord, SweepManifest } from './cell-store.js';
import { tableParquet } from './sweep-parquet.js';
import { renderSweepReport } from './sweep-report.js';
import { cellGroups, resultsTable, summaryTable, tableCsv } from './sweep-tables.js';

export const OUTPUT_FILES = ['results.csv', 'summary.csv', 'report.html'] as const;
export const PARQUET_FILES = ['results.parquet', 'summary.parquet'] as const;

export interface SweepOutputOptions {
  /** Write the tables as Parquet files too. */
  readonly parquet?: boolean;
  /** The scheduler summary.csv pairs the others with, by seed (checked with `checkBaseline`). */
  readonly baseline?: string;
}

/** Needs a record for every cell of the manifest. */
export function writeSweepOutputs(dir: string, manifest: SweepManifest, records: ReadonlyMap<string, CellRecord>, options: SweepOutputOptions = {}): void {
  const groups = cellGroups(manifest, records);
  const tables = { results: resultsTable(manifest, records), summary: summaryTable(manifest, groups, options.baseline) };
  for (const [name, table] of Object.entries(tables)) {
    writeFileAtomically(join(dir, `${name}.csv`), tableCsv(table));
    if (options.parquet === true) writeFileAtomically(join(dir, `${name}.parquet`), tableParquet(table));
  }
  writeFileAtomically(join(dir, 'report.html'), renderSweepReport(manifest, groups));
}

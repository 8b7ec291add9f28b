/** The three outputs of a finished sweep, each written whole: results.csv, summary.csv and report.html. */
import { join } from 'node:path';
import { writeFileAtomically } from './atomic-file.js';
import type { CellRecord, SweepManifest } from './cell-store.js';
import { renderSweepReport } from './sweep-report.js';
import { cellGroups, resultsCsv, summaryCsv } from './sweep-tables.js';

export const OUTPUT_FILES = ['results.csv', 'summary.csv', 'report.html'] as const;

/** Needs a record for every cell of the manifest. */
export function writeSweepOutputs(dir: string, manifest: SweepManifest, records: ReadonlyMap<string, CellRecord>): void {
  const groups = cellGroups(manifest, records);
  writeFileAtomically(join(dir, 'results.csv'), resultsCsv(manifest, records));
  writeFileAtomically(join(dir, 'summary.csv'), summaryCsv(manifest, groups));
  writeFileAtomically(join(dir, 'report.html'), renderSweepReport(manifest, groups));
}

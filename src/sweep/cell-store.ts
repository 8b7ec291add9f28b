/**
 * A sweep's directory: `sweep.json`, the manifest (the spec's name, its
 * parameters and every cell in table order), and `cells/<id>.json`, one file
 * per cell run, written as the cell ends. The tables are made from these
 * alone, so any directories holding the cells of one manifest (the shards of
 * a sweep) give the same tables.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../util/input-error.js';
import { parseLocatedText } from '../input/located-text.js';
import { checkWithSchema } from '../input/schema-problems.js';
import { readTextFile } from '../input/unreadable-file.js';
import type { MetricKey } from '../metrics/index.js';
import { writeFileAtomically } from './atomic-file.js';
import type { CellOutcome } from './cell-runner.js';
import { CELL_FORMAT, type CellDescriptor } from './cell.js';

export const MANIFEST_FILE = 'sweep.json';
export const CELLS_DIR = 'cells';

export interface SweepManifest {
  readonly format: number;
  readonly name: string;
  readonly description: string;
  /** The parameter paths, in the spec's order (the columns of the tables). */
  readonly parameters: readonly string[];
  /** Metrics the report charts; null for the default ones. */
  readonly metrics: readonly MetricKey[] | null;
  readonly cells: readonly CellDescriptor[];
}

/** A cell's file: what it is, and how it ended. */
export type CellRecord = {
  readonly id: string;
  readonly scenario: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly scheduler: string;
  readonly seed: number;
} & CellOutcome;

const manifestSchema = z.looseObject({
  format: z.literal(CELL_FORMAT),
  name: z.string(),
  description: z.string(),
  parameters: z.array(z.string()),
  metrics: z.array(z.string()).nullable(),
  cells: z.array(z.looseObject({ id: z.string(), scenario: z.string(), parameters: z.array(z.unknown()), scheduler: z.string(), seed: z.number() })),
});

export function writeManifest(dir: string, manifest: SweepManifest): void {
  mkdirSync(join(dir, CELLS_DIR), { recursive: true });
  writeFileAtomically(join(dir, MANIFEST_FILE), JSON.stringify(manifest) + '\n');
}

/** The manifest of a sweep directory; an InputError when the directory holds none. */
export function readManifest(dir: string): SweepManifest {
  const path = join(dir, MANIFEST_FILE);
  const text = readTextFile(path, `a sweep's manifest (${dir} is not a sweep directory: run mrsched sweep with --out ${dir})`);
  const checked = parseLocatedText(text, path, 'a sweep manifest', (raw) => checkWithSchema(manifestSchema, raw));
  return checked as unknown as SweepManifest;
}

export function writeCell(dir: string, record: CellRecord): void {
  writeFileAtomically(join(dir, CELLS_DIR, `${record.id}.json`), JSON.stringify(record, null, 2) + '\n');
}

/**
 * The cells recorded in a directory, by id. A file that does not read as a
 * cell (a disk that filled up) is left out, with a warning, and so is run
 * again; temporary files are not cells.
 */
export function readCells(dir: string, warn: (message: string) => void): Map<string, CellRecord> {
  const cells = new Map<string, CellRecord>();
  let names: string[];
  try {
    names = readdirSync(join(dir, CELLS_DIR));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return cells;
    throw error;
  }
  for (const name of names.sort()) {
    if (!name.endsWith('.json')) continue;
    const path = join(dir, CELLS_DIR, name);
    try {
      const record = JSON.parse(readFileSync(path, 'utf8')) as CellRecord;
      if (`${record.id}.json` !== name || (record.status !== 'succeeded' && record.status !== 'failed')) throw new Error('not a cell record');
      if (record.status === 'succeeded' && !Array.isArray(record.pools)) throw new Error('no pools in a succeeded cell');
      cells.set(record.id, record);
    } catch (error) {
      warn(`${path}: not a cell record (${(error as Error).message}); the cell runs again`);
    }
  }
  return cells;
}

/** The manifests of several directories must be one sweep's. */
export function sameSweep(dirs: readonly string[], manifests: readonly SweepManifest[]): void {
  const first = JSON.stringify(manifests[0]);
  manifests.forEach((manifest, i) => {
    if (JSON.stringify(manifest) !== first) {
      throw new InputError(join(dirs[i], MANIFEST_FILE), [
        { path: '', expected: `the manifest of the sweep in ${dirs[0]} (shards of one sweep, from the same spec)`, found: `the sweep '${manifest.name}' with ${manifest.cells.length} cells, a different grid` },
      ]);
    }
  });
}

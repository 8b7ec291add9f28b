/**
 * `mrsched sweep merge DIR…`: the shard directories of one sweep joined into
 * one, with the tables a single run would have written, byte for byte (the
 * tables are made from the manifest and the cells alone). The output
 * directory gets the manifest and every cell too, so it is a whole sweep
 * directory that a rerun finds complete. A cell whose result differs from
 * one directory to another (a shard run again after a change, directories
 * of two code versions) is refused, naming each such cell and where its
 * results are, rather than one of them kept at random.
 */
import { join, resolve } from 'node:path';
import { InputError, type InputProblem } from '../util/input-error.js';
import { CELLS_DIR, readCells, readManifest, sameSweep, writeCell, writeManifest, type CellRecord } from './cell-store.js';
import { writeSweepOutputs, type SweepOutputOptions } from './sweep-outputs.js';
import { checkBaseline } from './baseline.js';

export interface MergeSummary {
  readonly cells: number;
  readonly failed: number;
}

/** Some cells of the sweep have no result in the directories yet (a shard has not run, or not to its end). */
export class IncompleteSweep extends Error {
  override name = 'IncompleteSweep';
  constructor(
    readonly missing: number,
    message: string,
  ) {
    super(message);
  }
}

export function mergeSweeps(dirs: readonly string[], out: string, warn: (message: string) => void, outputs: SweepOutputOptions = {}): MergeSummary {
  const manifests = dirs.map(readManifest);
  sameSweep(dirs, manifests);
  const manifest = manifests[0];
  if (outputs.baseline !== undefined) checkBaseline(manifest.cells.map((cell) => cell.scheduler), outputs.baseline, `sweep merge ${dirs.join(' ')}`);
  const records = new Map<string, CellRecord>();
  const recordDir = new Map<string, string>();
  const conflicts: InputProblem[] = [];
  const inOut = new Set<string>();
  for (const dir of dirs) {
    for (const [id, record] of readCells(dir, warn)) {
      const kept = records.get(id);
      if (kept === undefined) {
        records.set(id, record);
        recordDir.set(id, dir);
      } else if (JSON.stringify(kept) !== JSON.stringify(record)) {
        conflicts.push(conflict(join(CELLS_DIR, `${id}.json`), kept, record, recordDir.get(id)!, dir));
      }
      if (resolve(dir) === resolve(out)) inOut.add(id);
    }
  }
  if (conflicts.length > 0) throw new InputError(`sweep merge ${dirs.join(' ')}`, conflicts);
  const missing = manifest.cells.filter((cell) => !records.has(cell.id));
  if (missing.length > 0) {
    const first = missing[0];
    const name = cellName(first.scenario, first.parameters, first.scheduler, first.seed);
    throw new IncompleteSweep(
      missing.length,
      `${dirs.join(', ')}: ${missing.length} of the ${manifest.cells.length} cells of the sweep '${manifest.name}' have no result yet, the first ${first.id} (${name}): ` +
        'run the shards that are missing, or the spec with --out on one of these directories',
    );
  }
  writeManifest(out, manifest);
  for (const cell of manifest.cells) if (!inOut.has(cell.id)) writeCell(out, records.get(cell.id)!);
  writeSweepOutputs(out, manifest, records, outputs);
  return { cells: manifest.cells.length, failed: manifest.cells.filter((cell) => records.get(cell.id)!.status === 'failed').length };
}

/** A cell as the tables name it: scenario · parameter values · scheduler · seed. */
function cellName(scenario: string, parameters: readonly unknown[], scheduler: string, seed: number): string {
  return [scenario, ...parameters.map((v) => JSON.stringify(v)), scheduler, `seed ${seed}`].join(' · ');
}

/** Two results of one cell, the first kept from `firstDir`: where each is and where they part. */
function conflict(file: string, first: CellRecord, second: CellRecord, firstDir: string, secondDir: string): InputProblem {
  return {
    path: file,
    expected: `one result for the cell ${first.id} (${cellName(first.scenario, Object.values(first.parameters), first.scheduler, first.seed)}) in every directory that has it`,
    found: `different results in ${join(firstDir, file)} and ${join(secondDir, file)} (${difference(first, second)}): remove the wrong one, or run the cell again into one directory`,
  };
}

/** The first way two results of a cell differ, in words. */
function difference(a: CellRecord, b: CellRecord): string {
  if (a.status !== 'succeeded' || b.status !== 'succeeded') return a.status === b.status ? 'different errors' : `${a.status} against ${b.status}`;
  const metric = (Object.keys(a.metrics) as (keyof typeof a.metrics)[]).find((key) => JSON.stringify(a.metrics[key]) !== JSON.stringify(b.metrics[key]));
  return metric === undefined ? 'different records' : `${metric} ${JSON.stringify(a.metrics[metric])} against ${JSON.stringify(b.metrics[metric])}`;
}

/**
 * `mrsched sweep merge DIR…`: the shard directories of one sweep joined into
 * one, with the tables a single run would have written, byte for byte (the
 * tables are made from the manifest and the cells alone). The output
 * directory gets the manifest and every cell too, so it is a whole sweep
 * directory that a rerun finds complete.
 */
import { resolve } from 'node:path';
import { readCells, readManifest, sameSweep, writeCell, writeManifest, type CellRecord } from './cell-store.js';
import { writeSweepOutputs } from './sweep-outputs.js';

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

/** `parquet`: the tables as Parquet files too. */
export function mergeSweeps(dirs: readonly string[], out: string, warn: (message: string) => void, parquet = false): MergeSummary {
  const manifests = dirs.map(readManifest);
  sameSweep(dirs, manifests);
  const manifest = manifests[0];
  const records = new Map<string, CellRecord>();
  const inOut = new Set<string>();
  for (const dir of dirs) {
    for (const [id, record] of readCells(dir, warn)) {
      if (!records.has(id)) records.set(id, record);
      if (resolve(dir) === resolve(out)) inOut.add(id);
    }
  }
  const missing = manifest.cells.filter((cell) => !records.has(cell.id));
  if (missing.length > 0) {
    const first = missing[0];
    const name = [first.scenario, ...first.parameters.map((v) => JSON.stringify(v)), first.scheduler, `seed ${first.seed}`].join(' · ');
    throw new IncompleteSweep(
      missing.length,
      `${dirs.join(', ')}: ${missing.length} of the ${manifest.cells.length} cells of the sweep '${manifest.name}' have no result yet, the first ${first.id} (${name}): ` +
        'run the shards that are missing, or the spec with --out on one of these directories',
    );
  }
  writeManifest(out, manifest);
  for (const cell of manifest.cells) if (!inOut.has(cell.id)) writeCell(out, records.get(cell.id)!);
  writeSweepOutputs(out, manifest, records, parquet);
  return { cells: manifest.cells.length, failed: manifest.cells.filter((cell) => records.get(cell.id)!.status === 'failed').length };
}

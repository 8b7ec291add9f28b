/**
 * Writes a command's files into the --out directory all or nothing: each file
 * goes to a temporary name first and is renamed into place once every file
 * is written, so an interrupted run leaves no half-written file behind. A
 * file's name may hold folders below the directory.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from './errors.js';

export function writeOutputFiles(dir: string, files: Readonly<Record<string, string>>): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new UsageError(`--out ${dir}: cannot create the directory (${(error as Error).message})`);
  }
  const staged: Array<[temporary: string, final: string]> = [];
  try {
    for (const [name, text] of Object.entries(files)) {
      const final = join(dir, name);
      const temporary = `${final}.partial-${process.pid}`;
      // A name may hold folders (runs/fifo-1/tasks.csv).
      mkdirSync(dirname(final), { recursive: true });
      writeFileSync(temporary, text);
      staged.push([temporary, final]);
    }
  } catch (error) {
    for (const [temporary] of staged) rmSync(temporary, { force: true });
    throw new UsageError(`--out ${dir}: cannot write the output files (${(error as Error).message})`);
  }
  for (const [temporary, final] of staged) renameSync(temporary, final);
}

/** One file, written to a temporary name and renamed into place; `option` names it in errors. */
export function writeOutputFile(path: string, text: string, option = '--out'): void {
  const temporary = `${path}.partial-${process.pid}`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UsageError(`${option} ${path}: cannot write the file (${(error as Error).message})`);
  }
}

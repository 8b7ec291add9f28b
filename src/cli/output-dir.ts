/**
 * Writes a command's files into the --out directory all or nothing: each file
 * goes to a temporary name first and is renamed into place once every file
 * is written, so an interrupted run leaves no half-written file behind. A
 * file's name may hold folders below the directory. Commands check their
 * output places before they run, so a place they cannot write is found in a
 * moment rather than after the whole run.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** Fails now, before a long run, when files cannot be written in `dir`: makes it and writes and removes a probe file there. */
export function checkOutputDir(dir: string, option = '--out'): void {
  const probe = join(dir, `.mrsched-probe-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new UsageError(`${option} ${dir}: cannot write there (${(error as Error).message})`);
  }
}

/** Fails now when the file at `path` could not be written: its folder must take files, and the path must not be a folder. */
export function checkOutputFile(path: string, option = '--out'): void {
  if (existsSync(path) && statSync(path).isDirectory()) throw new UsageError(`${option} ${path}: is a directory, not a file`);
  checkOutputDir(dirname(path), option);
}

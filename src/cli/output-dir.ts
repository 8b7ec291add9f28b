/**
 * Writes a command's files into the --out directory all or nothing: each file
 * goes to a temporary name first and is renamed into place once every file
 * is written, so an interrupted run leaves no half-written file behind.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FileText } from '../report/run-files.js';
import { UsageError } from './errors.js';

export function writeOutputFiles(dir: string, files: Readonly<Record<string, FileText>>): void {
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
      staged.push([temporary, final]);
      writeText(temporary, text);
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

/** A whole text at once, or chunk by chunk (a file larger than one string may be). */
function writeText(path: string, text: FileText): void {
  if (typeof text === 'string') {
    writeFileSync(path, text);
    return;
  }
  const fd = openSync(path, 'w');
  try {
    for (const chunk of text) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

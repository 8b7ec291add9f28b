/**
 * A file written whole or not at all: the text goes to a temporary name
 * beside it, then is renamed into place (atomic within a file system), so
 * a sweep killed mid-write leaves no half-written cell or table. The
 * temporary name carries the host and process, as shards on several
 * machines may share one directory. A write that fails (a full disk) throws
 * an error naming the file, with the failure's code.
 */
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Marks the temporary files: a directory listing skips them. */
export const PARTIAL_MARK = '.partial-';

/** What this process's temporary files end with: another process's, a shard's on another machine, are not its to remove. */
const OWN_PARTIAL = `${PARTIAL_MARK}${hostname()}-${process.pid}`;

export function writeFileAtomically(path: string, text: string | Uint8Array): void {
  const temporary = `${path}${OWN_PARTIAL}`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    // The file's path in the message (a failed write names none), its code kept for whoever tells a full disk from a bug.
    const { code, message } = error as NodeJS.ErrnoException;
    throw Object.assign(new Error(`cannot write ${path} (${code ?? message})`, { cause: error }), { code });
  }
}

/** Removes this process's temporary files in `dirs` (those that exist): what a signal may leave of a write it cut. */
export function removeOwnPartialFiles(dirs: readonly string[]): void {
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) if (name.endsWith(OWN_PARTIAL)) rmSync(join(dir, name), { force: true });
  }
}

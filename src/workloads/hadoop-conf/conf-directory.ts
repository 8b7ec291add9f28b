/**
 * The configuration directory an operator hands over (`etc/hadoop`, or a
 * copy of it): which of the files the importer reads are there, each read
 * as UTF-8 text under the file limit (unreadable-file.ts).
 *
 * Only files inside the directory are read. A symbolic link is followed when
 * it ends inside the directory and refused when it leads out of it: the
 * importer reads what the operator chose to hand over, not whatever a link in
 * it points at. A file another file names (the allocation file, the rack
 * table) is looked for in the directory by its base name.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative, isAbsolute } from 'node:path';
import { InputError, type InputProblem } from '../../util/input-error.js';
import { readTextFile } from '../../input/unreadable-file.js';

/** The files the importer looks for by name, in the order it reads them. */
export const CONF_FILES = {
  core: 'core-site.xml',
  yarn: 'yarn-site.xml',
  mapred: 'mapred-site.xml',
  hdfs: 'hdfs-site.xml',
  fair: 'fair-scheduler.xml',
  capacity: 'capacity-scheduler.xml',
} as const;

/** Rack tables looked for when no property names one: the names Hadoop's documentation and examples use. */
export const RACK_TABLE_NAMES = ['topology.data', 'topology.table', 'rack-mapping'] as const;

export class ConfDirectory {
  private readonly real: string;

  constructor(readonly dir: string) {
    let stats;
    try {
      stats = statSync(dir);
    } catch {
      throw new InputError(dir, [{ path: '', expected: 'a directory of Hadoop configuration files', found: 'no such directory' }]);
    }
    if (!stats.isDirectory()) throw new InputError(dir, [{ path: '', expected: 'a directory of Hadoop configuration files', found: 'a file' }]);
    this.real = realpathSync(dir);
  }

  /** The path of `name` in the directory when it is there; a problem when it is there but may not be read. */
  find(name: string): { path?: string; problem?: InputProblem } {
    const path = join(this.dir, basename(name));
    let link;
    try {
      link = lstatSync(path);
    } catch {
      return {};
    }
    if (link.isSymbolicLink()) {
      let target: string;
      try {
        target = realpathSync(path);
      } catch {
        return { problem: { path: basename(name), expected: 'a file in the directory', found: 'a symbolic link to nothing' } };
      }
      const inside = relative(this.real, target);
      if (inside.startsWith('..') || isAbsolute(inside)) {
        return { problem: { path: basename(name), expected: 'a file in the directory (links that lead out of it are not followed)', found: `a symbolic link to ${target}` } };
      }
    }
    if (!statSync(path).isFile()) return { problem: { path: basename(name), expected: 'a file', found: 'a directory or a device' } };
    return { path };
  }
}

/** The file's text (a byte order mark dropped); an InputError naming it when it cannot be read, is over the file limit, is not UTF-8 or is empty. */
export function readConfText(path: string, what: string): string {
  const text = readTextFile(path, what).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new InputError(path, [{ path: '', expected: what, found: 'an empty file' }]);
  return text;
}

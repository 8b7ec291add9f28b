/**
 * The one directory `mrsched serve` reads and writes in: a path a page asks
 * for is taken relative to it and refused unless it stays inside it, after
 * symbolic links are followed (a link inside pointing outside is outside).
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './errors.js';

export class RefusedPath extends Error {}

export class ServedDirectory {
  readonly root: string;

  /** A UsageError when `root` is not a directory: it comes from the command line. */
  constructor(root: string) {
    const path = resolve(root);
    if (!existsSync(path) || !statSync(path).isDirectory()) throw new UsageError(`serve: '${root}' is not a directory`);
    this.root = realpathSync(path);
  }

  /** The absolute path of `asked` (relative to the root), or RefusedPath when it leads outside. */
  resolve(asked: string): string {
    if (asked.includes('\0') || isAbsolute(asked)) throw new RefusedPath(`'${asked}' is not a path relative to the served directory`);
    const path = resolve(this.root, asked);
    if (!this.encloses(path)) throw new RefusedPath(`'${asked}' is outside the served directory`);
    return path;
  }

  /** Whether the absolute `path` lies inside the root, both as written and with its symbolic links followed. */
  encloses(path: string): boolean {
    return this.inside(path) && this.inside(realExisting(path));
  }

  /** `path` (absolute, inside) relative to the root, with forward slashes. */
  relative(path: string): string {
    return relative(this.root, path).split(sep).join('/');
  }

  private inside(path: string): boolean {
    const rel = relative(this.root, path);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
  }
}

/** `path` with its nearest existing ancestor's symbolic links followed (the rest does not exist yet). */
function realExisting(path: string): string {
  let existing = path;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    rest.unshift(existing.slice(dirname(existing).length + 1));
    existing = dirname(existing);
  }
  return join(realpathSync(existing), ...rest);
}

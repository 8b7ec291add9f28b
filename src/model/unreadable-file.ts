/**
 * A file that cannot be read, as an input error naming it: missing, a
 * directory, not readable by this user. Other failures are not the user's
 * input and are returned as they are.
 */
import { readFileSync } from 'node:fs';
import { InputError } from './input-error.js';

/** The UTF-8 text of the file at `path`; an InputError (expecting `what`) when it cannot be read. */
export function readTextFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw unreadableFile(path, error, what);
  }
}

/** `error` from reading `path` as an InputError (expecting `what`), or `error` itself when it is not about the file. */
export function unreadableFile(path: string, error: unknown, what: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const found =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'a directory'
        : code === 'EACCES'
          ? 'a file this user may not read'
          : undefined;
  if (found === undefined) return error;
  return new InputError(path, [{ path: '', expected: what, found }]);
}

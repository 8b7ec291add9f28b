/**
 * Reading an input file as text, as an input error naming it when it cannot
 * be: missing, a directory, not readable by this user, larger than the file
 * limit (checked before reading), or not UTF-8. Other failures are not the
 * user's input and are returned as they are. `-` is standard input.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { InputError } from '../util/input-error.js';
import { atMost, limitBytes, readLimits, textSize } from './size-limits.js';
import { invalidUtf8 } from './text-characters.js';

/** Standard input, as a file name (the convention of command-line tools). */
export const STDIN_NAME = '-';

/** Standard input once read: it can be read only once, and a command may read its file twice (validate tries kinds). */
let stdinText: string | undefined;

/** The UTF-8 text of the file at `path` (`-`: standard input); an InputError (expecting `what`) when it cannot be read. */
export function readTextFile(path: string, what: string): string {
  if (path === STDIN_NAME) return (stdinText ??= readText(path, what));
  return readText(path, what);
}

function readText(path: string, what: string): string {
  const limits = readLimits();
  const cap = limitBytes(limits, 'fileMiB');
  const tooLarge = (found: string) => new InputError(path, [{ path: '', expected: `${what} of ${atMost(limits, 'fileMiB', 'of text')}`, found }]);
  let bytes: Buffer;
  let fd = -1;
  try {
    // Standard input is read from its descriptor: /dev/stdin cannot be opened when it is a socket.
    fd = path === STDIN_NAME ? 0 : openSync(path, 'r');
    const size = fstatSync(fd).size;
    if (size > cap) throw tooLarge(textSize(size));
    // Read to the limit and a byte past it: a device or a pipe has no size to check first.
    bytes = readUpTo(fd, cap + 1);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw unreadableFile(path, error, what);
  } finally {
    if (fd > 0) closeSync(fd);
  }
  if (bytes.length > cap) throw tooLarge(`more than ${textSize(cap)}`);
  const notUtf8 = invalidUtf8(bytes);
  if (notUtf8 !== undefined) throw new InputError(path, [notUtf8]);
  return bytes.toString('utf8');
}

/** The first `max` bytes of the open file `fd` (all of it when shorter). */
function readUpTo(fd: number, max: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < max) {
    const chunk = Buffer.allocUnsafe(Math.min(max - total, 1 << 20));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    total += n;
  }
  return Buffer.concat(chunks, total);
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

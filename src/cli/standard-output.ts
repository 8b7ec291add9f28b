/**
 * What a command prints on stdout, written in full or failing with a
 * message (exit 2). To a file or a device (`> out.yaml`, `> /dev/full`)
 * every byte is written and checked here: Node's own stream to a file drops
 * a short write without a word, so a full disk gave a cut file and exit 0.
 * To a pipe or a terminal the text goes through process.stdout, whose errors
 * main.ts reports.
 */
import { fstatSync, writeSync } from 'node:fs';
import { UsageError } from './errors.js';

export function writeStdout(text: string): void {
  // process.stdout.fd is 1 only in the main thread's own stdout (a test's captured stdout has none).
  const fd = (process.stdout as { fd?: number }).fd;
  if (fd !== 1 || !isFileOrDevice(fd)) {
    process.stdout.write(text);
    return;
  }
  writeAll(fd, text, 'stdout');
}

/** Writes all of `text` to `fd`, however many writes it takes; a UsageError naming `what` when one fails. */
export function writeAll(fd: number, text: string, what: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) {
      const written = writeSync(fd, bytes, done, bytes.length - done);
      if (written <= 0) throw Object.assign(new Error('nothing written'), { code: 'EIO' });
      done += written;
    }
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new UsageError(`cannot write to ${what}: ${done} of ${bytes.length} bytes written (${code ?? message})`);
  }
}

function isFileOrDevice(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFile() || (stat.isCharacterDevice() && !process.stdout.isTTY);
  } catch {
    return false;
  }
}

/**
 * A trace file read as a stream of UTF-8 text, and cut into lines. Bytes that
 * are not UTF-8 stop the reading with an InputError at their line and column
 * (read leniently they would become U+FFFD and enter ids unseen). A line
 * longer than the record limit is not kept: it comes as its number only, so
 * that one 2 GB line does not exhaust the memory.
 */
import { createReadStream } from 'node:fs';
import { InputError } from '../util/input-error.js';
import { invalidUtf8 } from '../input/text-characters.js';
import { readTextFile, STDIN_NAME, unreadableFile } from '../input/unreadable-file.js';

/**
 * The file's text in chunks, in order; an InputError when it cannot be read
 * or is not UTF-8. Standard input (`-`) is read whole, up to the file limit,
 * and kept: it cannot be read a second time.
 */
export async function* readUtf8Chunks(path: string, what: string): AsyncGenerator<string> {
  if (path === STDIN_NAME) {
    yield readTextFile(path, what);
    return;
  }
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  // Where the next chunk starts, for placing bytes that are not UTF-8.
  let line = 1;
  let column = 1;
  let carry: Uint8Array = new Uint8Array(0);
  const decode = (bytes: Uint8Array): string => {
    try {
      return decoder.decode(bytes);
    } catch {
      const problem = invalidUtf8(bytes) ?? { path: '', expected: 'UTF-8 text', found: 'bytes that are not UTF-8' };
      const first = (problem.line ?? 1) === 1;
      throw new InputError(path, [
        { ...problem, line: line + (problem.line ?? 1) - 1, column: first ? column + (problem.column ?? 1) - 1 : problem.column },
      ]);
    }
  };
  const stream = createReadStream(path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
      // A character cut by the chunk's end waits for the next chunk.
      const end = completeEnd(bytes);
      carry = bytes.subarray(end);
      const text = decode(bytes.subarray(0, end));
      const lastNewline = text.lastIndexOf('\n');
      if (lastNewline < 0) column += text.length;
      else {
        for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) line++;
        column = text.length - lastNewline;
      }
      yield text;
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw unreadableFile(path, error, what);
  } finally {
    stream.destroy();
  }
  if (carry.length > 0) yield decode(carry);
}

/** The length of the longest start of `bytes` that ends on a whole UTF-8 character (all of it, unless its last one is cut). */
function completeEnd(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

export type TextLine = { readonly number: number; readonly text: string } | { readonly number: number; readonly tooLong: true };

/**
 * The file's lines (without their `\n`), numbered from 1; a line longer than
 * `maxLength` characters comes without its text, as soon as it passes the
 * limit (a source without newlines, such as a device, would otherwise be read
 * to its end), and the rest of it is skipped.
 */
export async function* readTextLines(path: string, what: string, maxLength: number): AsyncGenerator<TextLine> {
  let number = 1;
  let parts: string[] = [];
  let length = 0;
  let tooLong = false;
  /** The current line, or null when it was too long and has been given already. */
  const take = (): TextLine | null => {
    const line: TextLine | null = tooLong ? null : { number, text: parts.join('') };
    number++;
    parts = [];
    length = 0;
    tooLong = false;
    return line;
  };
  /** Adds a piece of the current line; true when it makes the line too long. */
  const add = (piece: string): boolean => {
    if (tooLong) return false;
    length += piece.length;
    if (length <= maxLength) {
      parts.push(piece);
      return false;
    }
    tooLong = true;
    parts = [];
    return true;
  };
  for await (const chunk of readUtf8Chunks(path, what)) {
    let from = 0;
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', from)) {
      if (add(chunk.slice(from, i))) yield { number, tooLong: true };
      const line = take();
      if (line !== null) yield line;
      from = i + 1;
    }
    if (add(chunk.slice(from))) yield { number, tooLong: true };
  }
  if (length > 0 && !tooLong) yield take()!;
}

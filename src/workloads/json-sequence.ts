/**
 * Reads a file of JSON values written one after another (how Hadoop's Rumen
 * and SLS tools write their traces: not one array), as a stream: memory holds
 * one value at a time, not the file. A syntax error becomes an `InputError`
 * naming the file, line and column (found by reading the file again, on the
 * error path only).
 */
import { createReadStream, readFileSync } from 'node:fs';
import chain from 'stream-chain';
import { parser } from 'stream-json';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { InputError } from '../model/input-error.js';
import { unreadableFile } from '../model/unreadable-file.js';

export interface SequencedValue {
  /** 0 for the file's first value, then 1, 2, … */
  readonly index: number;
  readonly value: unknown;
}

export async function* readJsonSequence(path: string): AsyncGenerator<SequencedValue> {
  let index = 0;
  try {
    const values = chain([createReadStream(path), parser({ jsonStreaming: true }), streamValues()]);
    for await (const { value } of values as AsyncIterable<{ value: unknown }>) yield { index: index++, value };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined) throw unreadableFile(path, error, 'a readable trace file');
    const where = locateSyntaxError(readFileSync(path, 'utf8'));
    throw new InputError(path, [
      {
        path: '',
        ...where,
        expected: 'JSON values one after another',
        found: `invalid JSON at or after this place (${(error as Error).message})`,
      },
    ]);
  }
}

/**
 * Line and column of the first syntax error in a sequence of JSON values: the
 * exact place when the JSON parser says it, else the start of the broken value.
 */
export function locateSyntaxError(text: string): { line?: number; column?: number } {
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    const ended = i === text.length || (!inString && depth === 0 && start >= 0 && /[\s{[]/.test(c));
    if (ended && start >= 0) {
      const error = parseError(text.slice(start, i));
      if (error !== null) return lineAndColumn(text, start + Math.min(error, i - start));
      start = -1;
    }
    if (i === text.length) break;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (start < 0) start = i;
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return {};
}

/** Offset of JSON.parse's error in `chunk` (0 when it does not say), or null if it parses. */
function parseError(chunk: string): number | null {
  try {
    JSON.parse(chunk);
    return null;
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message);
    return at === null ? 0 : Number(at[1]);
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

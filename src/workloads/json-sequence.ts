/**
 * Reads a file of JSON values written one after another (how Hadoop's Rumen
 * and SLS tools write their traces: not one array), as a stream: memory holds
 * one value's text at a time, not the file.
 *
 * The file is cut into values by their brackets (outside strings), and each
 * value is parsed by JSON.parse on its own. So a value with a syntax error is
 * one broken record, located at its line and column, and the values after it
 * are still read: a reader that skips malformed records (`onBroken`) loses
 * only the broken one. When a value never closes (a missing bracket or
 * quote), the cut cannot know where it should have ended; the text is then
 * cut again before every line that starts with `{` (how both formats start a
 * record), so that the records after it are recovered.
 */
import { createReadStream } from 'node:fs';
import { InputError } from '../model/input-error.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  isJsonSpace,
  NEWLINE,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../model/json-char-codes.js';
import { unreadableFile } from '../model/unreadable-file.js';
import type { SkippedRecord } from './skipped-record.js';

export interface SequencedValue {
  /** 0 for the file's first value, then 1, 2, … (broken values counted). */
  readonly index: number;
  /** 1-based line where the value starts. */
  readonly line: number;
  readonly value: unknown;
}

/** A value that is not valid JSON. */
export interface BrokenValue {
  readonly index: number;
  /** Where the error is (where JSON.parse stopped, else the value's start). */
  readonly line: number;
  readonly column: number;
  /** The lines the value spans. */
  readonly firstLine: number;
  readonly lastLine: number;
  /** What JSON.parse said. */
  readonly reason: string;
}

export interface JsonSequenceOptions {
  /** Called for each broken value, reading on; without it the first broken value throws an InputError. */
  readonly onBroken?: (broken: BrokenValue) => void;
}

/** The values of the file at `path`, in order; an InputError naming the file when it cannot be read. */
export async function* readJsonSequence(path: string, options: JsonSequenceOptions = {}): AsyncGenerator<SequencedValue> {
  let index = 0;
  const emit = function* (text: string, line: number, column: number): Generator<SequencedValue> {
    for (const piece of parsePieces(text, line, column, options.onBroken !== undefined)) {
      if ('value' in piece) {
        yield { index: index++, line: piece.line, value: piece.value };
        continue;
      }
      const broken = { ...piece, index: index++ };
      if (options.onBroken === undefined) {
        throw new InputError(path, [
          {
            path: '',
            line: broken.line,
            column: broken.column,
            expected: 'JSON values one after another',
            found: `invalid JSON (${broken.reason})`,
          },
        ]);
      }
      options.onBroken(broken);
    }
  };

  // The scanner's state, kept across chunks.
  let line = 1;
  let column = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let inValue = false;
  let scalar = false;
  let parts: string[] = [];
  let valueLine = 0;
  let valueColumn = 0;

  let stream;
  try {
    stream = createReadStream(path, { encoding: 'utf8' });
    for await (const chunk of stream as AsyncIterable<string>) {
      let from = 0;
      for (let i = 0; i < chunk.length; i++) {
        const code = chunk.charCodeAt(i);
        if (!inValue) {
          if (!isJsonSpace(code) && !(line === 1 && column === 1 && code === 0xfeff)) {
            inValue = true;
            from = i;
            valueLine = line;
            valueColumn = column;
            scalar = code !== OPEN_BRACE && code !== OPEN_BRACKET && code !== QUOTE;
            if (code === QUOTE) inString = true;
            else if (!scalar) depth = 1;
          }
        } else if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) {
            inString = false;
            if (depth === 0) {
              yield* emit(parts.join('') + chunk.slice(from, i + 1), valueLine, valueColumn);
              parts = [];
              inValue = false;
            }
          }
        } else if (scalar) {
          if (isJsonSpace(code) || code === OPEN_BRACE || code === OPEN_BRACKET) {
            yield* emit(parts.join('') + chunk.slice(from, i), valueLine, valueColumn);
            parts = [];
            inValue = false;
            i--; // this character starts the next value (or is space)
            continue;
          }
        } else if (code === QUOTE) inString = true;
        else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
        else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          if (--depth === 0) {
            yield* emit(parts.join('') + chunk.slice(from, i + 1), valueLine, valueColumn);
            parts = [];
            inValue = false;
          }
        }
        if (code === NEWLINE) {
          line++;
          column = 1;
        } else column++;
      }
      if (inValue) {
        parts.push(chunk.slice(from));
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined) throw unreadableFile(path, error, 'a readable trace file');
    throw error;
  } finally {
    stream?.destroy();
  }
  if (inValue) yield* emit(parts.join(''), valueLine, valueColumn);
}

/** A broken value as a skipped record of an import. */
export function skippedBrokenValue(path: string, broken: BrokenValue): SkippedRecord {
  const lines = broken.lastLine > broken.firstLine ? ` (the record of lines ${broken.firstLine}–${broken.lastLine})` : '';
  return { where: `${path}:${broken.line}:${broken.column}`, reason: `invalid JSON${lines}: ${broken.reason}` };
}

type Piece = { readonly line: number; readonly value: unknown } | Omit<BrokenValue, 'index'>;

/**
 * The values in one cut of the file: the value itself when it parses; when it
 * does not and `recover` is set, each part of it that starts a line with `{`,
 * parsed on its own.
 */
function parsePieces(text: string, line: number, column: number, recover: boolean): Piece[] {
  const whole = parseOne(text, line, column);
  if ('value' in whole || !recover) return [whole];
  const starts = [0];
  for (let i = text.indexOf('\n{'); i >= 0; i = text.indexOf('\n{', i + 1)) starts.push(i + 1);
  if (starts.length === 1) return [whole];
  return starts.map((start, k) => {
    const before = text.slice(0, start);
    const lineOf = line + countNewlines(before);
    return parseOne(text.slice(start, starts[k + 1] ?? text.length).trimEnd(), lineOf, k === 0 ? column : 1);
  });
}

function parseOne(text: string, line: number, column: number): Piece {
  try {
    return { line, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = (error as Error).message;
    const at = /position (\d+)/.exec(reason);
    const offset = at === null ? 0 : Math.min(Number(at[1]), text.length);
    const before = text.slice(0, offset);
    const newlines = countNewlines(before);
    return {
      line: line + newlines,
      column: newlines === 0 ? column + offset : offset - before.lastIndexOf('\n'),
      firstLine: line,
      lastLine: line + countNewlines(text),
      // The place is given apart; the text JSON.parse quotes back may be long.
      reason: reason.replace(/, "[\s\S]*" is not valid JSON$/, '').replace(/ in JSON at position \d+.*$/, ''),
    };
  }
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

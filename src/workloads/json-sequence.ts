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
 * record), so that the records after it are recovered. A value longer than
 * the record limit is not kept: it is skipped to its end and reported as a
 * broken value, so that one 2 GB line does not exhaust the memory.
 *
 * A character that no JSON value starts with, between values (a NUL, a
 * letter, a stray comma), means the file is not JSON values at all, and the
 * reading stops there with an InputError at its line and column, even for a
 * reader that skips broken values: read on, a file of NUL bytes (`/dev/zero`)
 * would be scanned to the file limit, 256 MiB of it, as one broken value.
 */
import { InputError, type InputProblem } from '../util/input-error.js';
import {
  BACKSLASH,
  canStartJsonValue,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  isJsonSpace,
  NEWLINE,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../util/json-char-codes.js';
import { atMost, limitBytes, readLimits } from '../input/size-limits.js';
import { codePoint, hasUnsafeCharacter } from '../input/text-characters.js';
import type { SkippedRecord } from './skipped-record.js';
import { readUtf8Chunks } from './utf8-text.js';

export interface SequencedValue {
  /** 0 for the file's first value, then 1, 2, … (broken values counted). */
  readonly index: number;
  /** 1-based line and column where the value starts. */
  readonly line: number;
  readonly column: number;
  readonly value: unknown;
  /** The value as written: to locate a field of it (record-problems.ts). */
  readonly text: string;
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
  /** What JSON.parse said, or for a value past the record limit, that. */
  readonly reason: string;
  /** The value was longer than the record limit (and not read). */
  readonly tooLong?: true;
}

export interface JsonSequenceOptions {
  /** Called for each broken value, reading on; without it the first broken value throws an InputError. */
  readonly onBroken?: (broken: BrokenValue) => void;
}

/** The values of the file at `path`, in order; an InputError naming the file when it cannot be read. */
export async function* readJsonSequence(path: string, options: JsonSequenceOptions = {}): AsyncGenerator<SequencedValue> {
  const limits = readLimits();
  const maxLength = limitBytes(limits, 'recordMiB');
  let index = 0;
  const report = (broken: BrokenValue): void => {
    if (options.onBroken === undefined) throw new InputError(path, [brokenValueProblem(broken)]);
    options.onBroken(broken);
  };
  const emit = function* (text: string, line: number, column: number): Generator<SequencedValue> {
    for (const piece of parsePieces(text, line, column, options.onBroken !== undefined)) {
      if ('value' in piece) yield { ...piece, index: index++ };
      else report({ ...piece, index: index++ });
    }
  };
  const tooLong = (lastLine: number): BrokenValue => ({
    index: index++,
    line: valueLine,
    column: valueColumn,
    firstLine: valueLine,
    lastLine,
    reason: `a record of ${atMost(limits, 'recordMiB', 'of text')}: this one is longer`,
    tooLong: true,
  });

  // The scanner's state, kept across chunks.
  let line = 1;
  let column = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let inValue = false;
  let scalar = false;
  let parts: string[] = [];
  /** Characters of the value so far; past the limit its text is dropped (`skipping`) until it ends. */
  let partsLength = 0;
  let skipping = false;
  let valueLine = 0;
  let valueColumn = 0;
  const endValue = function* (last: string): Generator<SequencedValue> {
    if (skipping || partsLength + last.length > maxLength) report(tooLong(line));
    else yield* emit(parts.join('') + last, valueLine, valueColumn);
    parts = [];
    partsLength = 0;
    skipping = false;
    inValue = false;
  };

  for await (const chunk of readUtf8Chunks(path, 'a readable trace file')) {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (!inValue) {
        if (!isJsonSpace(code) && !(line === 1 && column === 1 && code === 0xfeff)) {
          if (!canStartJsonValue(code)) throw new InputError(path, [notAValueStart(chunk.codePointAt(i)!, line, column)]);
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
          if (depth === 0) yield* endValue(chunk.slice(from, i + 1));
        }
      } else if (scalar) {
        if (isJsonSpace(code) || code === OPEN_BRACE || code === OPEN_BRACKET) {
          yield* endValue(chunk.slice(from, i));
          i--; // this character starts the next value (or is space)
          continue;
        }
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        if (--depth === 0) yield* endValue(chunk.slice(from, i + 1));
      }
      if (code === NEWLINE) {
        line++;
        column = 1;
      } else column++;
    }
    if (inValue && !skipping) {
      parts.push(chunk.slice(from));
      partsLength += chunk.length - from;
      if (partsLength > maxLength) {
        skipping = true;
        parts = [];
      }
    }
  }
  if (inValue) yield* endValue('');
}

/** A character between values that starts none, as a problem at its place. */
function notAValueStart(code: number, line: number, column: number): InputProblem {
  const character = String.fromCodePoint(code);
  const found = hasUnsafeCharacter(character) ? codePoint(character) : `'${character}'`;
  return { path: '', line, column, expected: "JSON values one after another, each starting with '{', '[', '\"', a digit, '-', true, false or null", found };
}

/** A broken value as a problem at its line and column. */
export function brokenValueProblem(broken: BrokenValue): InputProblem {
  const found = broken.tooLong ? broken.reason : `invalid JSON (${broken.reason})`;
  return { path: '', line: broken.line, column: broken.column, expected: 'JSON values one after another', found };
}

/** A broken value as a skipped record of an import. */
export function skippedBrokenValue(path: string, broken: BrokenValue): SkippedRecord {
  const lines = broken.lastLine > broken.firstLine ? ` (the record of lines ${broken.firstLine}–${broken.lastLine})` : '';
  const reason = broken.tooLong ? `${broken.reason}${lines}` : `invalid JSON${lines}: ${broken.reason}`;
  return { where: `${path}:${broken.line}:${broken.column}`, reason };
}

type Piece = Omit<SequencedValue, 'index'> | Omit<BrokenValue, 'index'>;

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
    return { line, column, value: JSON.parse(text) as unknown, text };
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

/**
 * The characters input text may hold. Files are UTF-8: a byte sequence that
 * is not (a Latin-1 file, a truncated character, random bytes) is refused
 * where it starts, rather than read as U+FFFD and carried into ids. Control
 * characters are refused wherever they stand: YAML allows none but tab, line
 * feed and carriage return (and NEL) in its text, and an id holding a NUL or
 * an escape sequence would be written into CSV files, YAML and the terminal.
 */
import type { InputProblem } from '../util/input-error.js';

/** Control characters (C0, DEL, C1) but tab, LF, CR and NEL; the noncharacters U+FFFE and U+FFFF. */
const FORBIDDEN = /(?![\t\n\r\u0085])[\p{Cc}\uFFFE\uFFFF]/u;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'gu');

/** Whether `text` holds a control character: for single values (ids, names) where even a tab or a newline has no place. */
export function hasControlCharacter(text: string): boolean {
  return /[\p{Cc}\uFFFE\uFFFF]/u.test(text);
}

/** What a trace's id or name without control characters is called in problems. */
export const WITHOUT_CONTROLS = 'without control characters';

/** Problems for each line of `text` that holds a forbidden character (the first on the line), at most `max`. */
export function forbiddenCharacters(text: string, max = 10): InputProblem[] {
  if (!FORBIDDEN.test(text)) return [];
  const problems: InputProblem[] = [];
  let lastLine = 0;
  for (const match of text.matchAll(FORBIDDEN_ALL)) {
    const { line, column } = positionOf(text, match.index);
    if (line === lastLine) continue;
    lastLine = line;
    problems.push({ path: '', line, column, expected: 'text without control characters', found: codePoint(match[0]) });
    if (problems.length === max) break;
  }
  return problems;
}

/** The first byte sequence of `bytes` that is not UTF-8, as a problem at its line and column; undefined when all are. */
export function invalidUtf8(bytes: Uint8Array): InputProblem | undefined {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    // Decoded leniently, each bad sequence is U+FFFD; a U+FFFD the file holds as its three bytes is not one.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const encoder = new TextEncoder();
    let byte = 0;
    let from = 0;
    for (let at = text.indexOf('\uFFFD'); at >= 0; at = text.indexOf('\uFFFD', at + 1)) {
      byte += encoder.encode(text.slice(from, at)).length;
      from = at;
      if (bytes[byte] === 0xef && bytes[byte + 1] === 0xbf && bytes[byte + 2] === 0xbd) continue;
      const { line, column } = positionOf(text, at);
      const shown = Array.from(bytes.subarray(byte, byte + 4), (b) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`).join(' ');
      return { path: '', line, column, expected: 'UTF-8 text', found: `bytes that are not UTF-8 (${shown})` };
    }
    return { path: '', expected: 'UTF-8 text', found: 'bytes that are not UTF-8' };
  }
}

/** `U+0000 (a control character)`. */
export function codePoint(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} (a control character)`;
}

function positionOf(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

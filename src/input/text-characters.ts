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

/**
 * What has no place in a single value (an id, a name), spelled for a
 * regular expression's class: every control character (even a tab or a
 * newline), the noncharacters U+FFFE and U+FFFF, and the bidirectional
 * formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069), which reorder how the text around them is shown: an id
 * holding U+202E would print as another id in every table and message.
 */
const UNSAFE_IN_NAMES = '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFFFE\\uFFFF';
const UNSAFE = new RegExp(`[${UNSAFE_IN_NAMES}]`);

/** A whole value without any such character; plain enough for a JSON Schema's pattern. */
export const SAFE_NAME = new RegExp(`^[^${UNSAFE_IN_NAMES}]*$`);

/** Whether `text` holds a character that has no place in an id or a name (above). */
export function hasUnsafeCharacter(text: string): boolean {
  return UNSAFE.test(text);
}

/** What an id or a name without such characters is called in problems. */
export const WITHOUT_UNSAFE_CHARACTERS = 'without control or bidirectional formatting characters';

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

/** `U+0000 (a control character)`, `U+202E (a bidirectional formatting character)`. */
export function codePoint(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const what = /\p{Cc}/u.test(character) ? 'a control character' : 'a bidirectional formatting character';
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')} (${what})`;
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

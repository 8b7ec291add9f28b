/**
 * The fast way to read input written as JSON: JSON.parse, far faster than a
 * YAML parser on large files (BENCHMARKS.md measures a 13 MB scenario), with
 * the one rule JSON.parse does not keep and our YAML reading does: no key
 * twice in one object.
 * Anything else (YAML, broken JSON, a repeated key) gives undefined, and the
 * caller reads the text as YAML, which locates every problem.
 */
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../util/json-char-codes.js';

/** The JSON value of `text`, or undefined when it is not JSON or repeats a key in an object. */
export function parseStrictJson(text: string): unknown {
  const start = text.search(/\S/);
  if (start < 0 || (text.charCodeAt(start) !== OPEN_BRACE && text.charCodeAt(start) !== OPEN_BRACKET)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return hasRepeatedKey(text, start) ? undefined : value;
}

/**
 * Whether an object in valid JSON text has a key twice. Keys are compared as
 * decoded strings, so "a" and "\u0061" are the same key.
 */
function hasRepeatedKey(text: string, start: number): boolean {
  // One set of keys per open object; null for an open array.
  const open: (Set<string> | null)[] = [];
  let lastString = '';
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // The text is valid JSON, so the string closes.
      let end = i + 1;
      let escaped = false;
      while (text.charCodeAt(end) !== QUOTE) {
        if (text.charCodeAt(end) === BACKSLASH) {
          escaped = true;
          end += 2;
        } else end++;
      }
      const raw = text.slice(i, end + 1);
      lastString = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      i = end;
    } else if (code === COLON) {
      const keys = open[open.length - 1];
      if (keys === null || keys === undefined) continue;
      if (keys.has(lastString)) return true;
      keys.add(lastString);
    } else if (code === OPEN_BRACE) open.push(new Set());
    else if (code === OPEN_BRACKET) open.push(null);
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) open.pop();
  }
  return false;
}

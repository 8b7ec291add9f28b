/**
 * Where each value of a JSON text starts, by its path written the way the
 * trace importers name fields in problems: `.key` for a member (keys as
 * they are, dots and all), `[i]` for an element, '' for the whole value.
 * Read once over valid JSON text (the record JSON.parse has accepted),
 * without building the values again.
 */
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, isJsonSpace, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../util/json-char-codes.js';

interface Container {
  readonly path: string;
  readonly isArray: boolean;
  index: number;
  key: string;
}

/** Offset in `text` of the start of each value, by path. */
export function jsonValuePositions(text: string): Map<string, number> {
  const positions = new Map<string, number>();
  const open: Container[] = [];
  let expectKey = false;
  const here = (): string => {
    const top = open[open.length - 1];
    if (top === undefined) return '';
    return top.isArray ? `${top.path}[${top.index}]` : `${top.path}.${top.key}`;
  };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isJsonSpace(code) || code === COLON) {
      i++;
    } else if (code === COMMA) {
      const top = open[open.length - 1];
      if (top?.isArray) top.index++;
      else expectKey = true;
      i++;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      open.pop();
      expectKey = false;
      i++;
    } else if (code === QUOTE) {
      const end = stringEnd(text, i);
      if (expectKey) {
        open[open.length - 1].key = JSON.parse(text.slice(i, end)) as string;
        expectKey = false;
      } else positions.set(here(), i);
      i = end;
    } else {
      positions.set(here(), i);
      if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        open.push({ path: here(), isArray: code === OPEN_BRACKET, index: 0, key: '' });
        expectKey = code === OPEN_BRACE;
        i++;
      } else {
        // A number, true, false or null: up to the next separator.
        while (i < text.length && !isJsonSpace(text.charCodeAt(i)) && !isSeparator(text.charCodeAt(i))) i++;
      }
    }
  }
  return positions;
}

function isSeparator(code: number): boolean {
  return code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET;
}

/** The offset just past the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (text.charCodeAt(i) !== QUOTE) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
  return i + 1;
}

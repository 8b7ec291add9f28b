/** The character codes of JSON's structure, for scanners that walk JSON text by charCodeAt. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const NEWLINE = 0x0a;

/** JSON's whitespace: space, line feed, carriage return, tab. */
export function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === NEWLINE || code === 0x0d || code === 0x09;
}

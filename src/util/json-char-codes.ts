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

/** Whether a JSON value can start with this character: an object, an array, a string, a number, true, false or null. */
export function canStartJsonValue(code: number): boolean {
  return (
    code === OPEN_BRACE ||
    code === OPEN_BRACKET ||
    code === QUOTE ||
    code === 0x2d || // -
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x74 || // t
    code === 0x66 || // f
    code === 0x6e // n
  );
}

/**
 * Bytes and data carried inside the report page: deflated (raw deflate, which
 * browsers inflate with DecompressionStream('deflate-raw')) and written as
 * base64, so a page with a day of attempts stays a few megabytes. Level 9 and
 * no headers: the same input gives the same text.
 */
import { deflateRawSync } from 'node:zlib';

export function packBytes(bytes: Uint8Array): string {
  return deflateRawSync(bytes, { level: 9 }).toString('base64');
}

/** `value` as JSON, packed. */
export function packJson(value: unknown): string {
  return packBytes(Buffer.from(JSON.stringify(value)));
}

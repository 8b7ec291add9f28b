/**
 * Stable ids from content: the SHA-256 of a value's canonical JSON (keys
 * sorted at every level), so that the same inputs give the same id on any
 * machine, whatever order a file wrote its fields in.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Hex digits of a cell id: 64 bits, so a million cells collide with odds of about 3·10⁻⁸. */
const ID_LENGTH = 16;

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The full SHA-256 (hex) of the value's canonical JSON. */
export function contentDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** A short id of the value: the first hex digits of its digest. */
export function contentId(value: unknown): string {
  return contentDigest(value).slice(0, ID_LENGTH);
}

/** The SHA-256 (hex) of a file's bytes, read as a stream (traces run to gigabytes). */
export async function fileDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

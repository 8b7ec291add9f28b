/** Parsers for the HTA cost options (--w-loc, --w-rem): a bad value is a usage error naming what was expected. */
import { InvalidArgumentError } from 'commander';
import type { RemoteCost } from '../planners/hta/remote-cost.js';

/** A finite number ≥ 0. */
export function parseCost(value: string): number {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`expected a number ≥ 0, found '${value}'.`);
  return n;
}

/** `3` (constant), `2+0.5r` or `2+r` (base + perRemote·r) or `2,3,5` (a table w0, w1, …). */
export function parseRemoteCost(value: string): RemoteCost {
  const text = value.replace(/\s+/g, '');
  const linear = /^([^+]+)\+([^+]*)r$/.exec(text);
  if (linear !== null) return { kind: 'linear', base: costIn(linear[1], value), perRemote: linear[2] === '' ? 1 : costIn(linear[2], value) };
  if (text.includes(',')) return { kind: 'table', values: text.split(',').map((part) => costIn(part, value)) };
  return { kind: 'constant', value: costIn(text, value) };
}

function costIn(part: string, whole: string): number {
  const n = part === '' ? Number.NaN : Number(part);
  if (!Number.isFinite(n) || n < 0) {
    throw new InvalidArgumentError(`expected a number (3), base+perRemote·r (2+0.5r) or a table (2,3,5) of numbers ≥ 0, found '${whole}'.`);
  }
  return n;
}

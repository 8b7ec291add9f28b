/**
 * Quantities with units, as written in scenario files: sizes, bandwidths and
 * durations. A bare number is always the base unit (bytes, bytes per second,
 * seconds). Strings carry a unit:
 *
 * - sizes are binary, as in Hadoop (a 64 MB block is 64·2^20 bytes):
 *   B, K/KB/KiB = 2^10, M/MB/MiB = 2^20, G/GB/GiB = 2^30, T/TB/TiB = 2^40,
 *   P/PB/PiB = 2^50; unit letters in any case ("64mb" is 64 MB). Sizes are
 *   whole bytes: a fraction of a byte is rounded to the nearest byte.
 * - bandwidths in bits per second are decimal, as networks are sold
 *   ("1 Gbps" = 10^9 bits/s = 1.25·10^8 bytes/s): bps, Kbps, Mbps, Gbps, Tbps
 *   (also written "Mbit/s" or "Mb/s"; a lower-case b means bits). Bandwidths
 *   in bytes per second use the binary size units followed by "/s"
 *   ("100 MB/s" = 100·2^20 bytes/s; an upper-case B means bytes).
 * - durations: ms, s (sec, second, seconds), min (m, minute, minutes),
 *   h (hr, hour, hours), d (day, days), lower case; several may follow each
 *   other ("1h 30min").
 *
 * Parsers return null for a string they do not accept; callers turn that
 * into an input problem naming the field.
 */

const NUMBER = String.raw`(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`;

/** The accepted size strings, as a regular expression source (also used in the JSON Schema). */
export const SIZE_PATTERN = String.raw`^\s*` + NUMBER + String.raw`\s*(?:[bB]|[kKmMgGtTpP](?:[iI]?[bB])?)?\s*$`;

/** The accepted bandwidth strings. */
export const BANDWIDTH_PATTERN =
  String.raw`^\s*` +
  NUMBER +
  String.raw`\s*(?:[kKmMgGtT]?(?:bps|bit/s|b/s)|(?:[kKmMgGtTpP][iI]?)?B/s)?\s*$`;

// Longest spellings first, and never followed by another letter, so that "5 min" is not read as "5 m" + "in".
const DURATION_UNIT = String.raw`(?:ms|minutes|minute|mins|min|m|seconds|second|secs|sec|s|hours|hour|hrs|hr|h|days|day|d)(?![a-zA-Z])`;

/** The accepted duration strings: a number, or one or more number–unit pairs. */
export const DURATION_PATTERN =
  String.raw`^\s*(?:` + NUMBER + String.raw`|(?:` + NUMBER + String.raw`\s*` + DURATION_UNIT + String.raw`\s*)+)\s*$`;

const SIZE_RE = new RegExp(SIZE_PATTERN);
const BANDWIDTH_RE = new RegExp(BANDWIDTH_PATTERN);
const DURATION_RE = new RegExp(DURATION_PATTERN);
const NUMBER_RE = new RegExp(String.raw`^\s*` + NUMBER + String.raw`\s*$`);
const SPLIT_RE = new RegExp(String.raw`^\s*(` + NUMBER + String.raw`)\s*(.*?)\s*$`);
const DURATION_PART_RE = new RegExp('(' + NUMBER + String.raw`)\s*(` + DURATION_UNIT + ')', 'g');

const BINARY_POWER: Readonly<Record<string, number>> = { '': 0, k: 1, m: 2, g: 3, t: 4, p: 5 };
const DECIMAL_POWER: Readonly<Record<string, number>> = { '': 0, k: 1, m: 2, g: 3, t: 4 };

/** Bytes in a size string such as "64 MB", or null when the string is not a size. */
export function parseSize(text: string): number | null {
  if (!SIZE_RE.test(text)) return null;
  const [, amount, unit] = SPLIT_RE.exec(text) ?? [];
  const prefix = unit.replace(/[iI]?[bB]$/, '').toLowerCase();
  return Math.round(Number(amount) * 1024 ** BINARY_POWER[prefix]);
}

/** Bytes per second in a bandwidth string such as "1 Gbps" or "100 MB/s", or null. */
export function parseBandwidth(text: string): number | null {
  if (!BANDWIDTH_RE.test(text)) return null;
  const [, amount, unit] = SPLIT_RE.exec(text) ?? [];
  const value = Number(amount);
  if (unit === '') return value;
  if (unit.endsWith('B/s')) {
    const prefix = unit.slice(0, unit.length - 3).replace(/[iI]$/, '').toLowerCase();
    return value * 1024 ** BINARY_POWER[prefix];
  }
  const prefix = unit.replace(/(bps|bit\/s|b\/s)$/, '').toLowerCase();
  return (value * 1000 ** DECIMAL_POWER[prefix]) / 8;
}

const SECONDS_PER: Readonly<Record<string, number>> = {
  ms: 0.001,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86400,
  day: 86400,
  days: 86400,
};

/** Seconds in a duration string such as "5 min", "250ms" or "1h 30min", or null. */
export function parseDuration(text: string): number | null {
  if (!DURATION_RE.test(text)) return null;
  if (NUMBER_RE.test(text)) return Number(text);
  let total = 0;
  for (const [, amount, unit] of text.matchAll(DURATION_PART_RE)) total += Number(amount) * SECONDS_PER[unit];
  return total;
}

const SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/**
 * A size for people: the largest binary unit the value reaches, e.g.
 * "64 MiB", "1.5 GiB", "1000 B". Exact: parseSize(formatSize(n)) === n for
 * every whole number of bytes (dividing by a power of two loses nothing).
 */
export function formatSize(bytes: number): string {
  let power = 0;
  while (power < SIZE_UNITS.length - 1 && Math.abs(bytes) >= 1024 ** (power + 1)) power++;
  return `${bytes / 1024 ** power} ${SIZE_UNITS[power]}`;
}

/** A bandwidth for people, in decimal bits per second when that is exact ("1 Gbps"), else bytes/s. */
export function formatBandwidth(bytesPerSecond: number): string {
  const bits = bytesPerSecond * 8;
  for (const [unit, factor] of [
    ['Tbps', 1e12],
    ['Gbps', 1e9],
    ['Mbps', 1e6],
    ['Kbps', 1e3],
  ] as const) {
    if (bits >= factor && Number.isInteger(bits / factor)) return `${bits / factor} ${unit}`;
  }
  return `${formatSize(bytesPerSecond)}/s`;
}

/** A duration for people: whole hours, minutes or milliseconds when exact, else seconds ("90 s", "2 h"). */
export function formatDuration(seconds: number): string {
  for (const [unit, factor] of [
    ['h', 3600],
    ['min', 60],
  ] as const) {
    const amount = seconds / factor;
    if (seconds !== 0 && Number.isInteger(amount) && amount * factor === seconds) return `${amount} ${unit}`;
  }
  const ms = seconds * 1000;
  if (!Number.isInteger(seconds) && Number.isInteger(ms) && ms * 0.001 === seconds) return `${ms} ms`;
  return `${seconds} s`;
}

/** Parsers for numeric command-line options: a bad value is a usage error naming the option. */
import { InvalidArgumentError } from 'commander';

export function parseSeed(value: string): number {
  return parseWholeNumber(value, 0, 2 ** 31 - 1);
}

export function parseReplications(value: string): number {
  return parseWholeNumber(value, 1, 10_000);
}

function parseWholeNumber(value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number, found '${value}'.`);
  const n = Number(value);
  if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}, found ${n}.`);
  return n;
}

export function parseList(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Parsers for numeric command-line options: a bad value is a usage error naming the option. */
import { InvalidArgumentError } from 'commander';
import { InputError } from '../model/input-error.js';

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

/**
 * The problems of a library function's options (named like `speedRatio`),
 * reported as the command line's flags (`--speed-ratio`).
 */
export function withFlagNames<T>(command: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const flag = (name: string) => (name === '' ? '' : `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    throw new InputError(
      command,
      error.problems.map((problem) => ({ ...problem, path: problem.path.split(', ').map(flag).join(', ') })),
    );
  }
}

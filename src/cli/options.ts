/** Parsers for command-line options: a bad value is a usage error naming the option. */
import { InvalidArgumentError } from 'commander';
import { shownText, InputError } from '../util/input-error.js';
import { UsageError } from './errors.js';

/** A whole number in [min, max]. */
export function parseCount(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!(n >= min && n <= max)) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max.toLocaleString('en')}, found '${shownText(value)}'.`);
    }
    return n;
  };
}

/** The largest seed: seeds are 32-bit integers. */
const MAX_SEED = 2 ** 31 - 1;

export const parseSeed = parseCount(0, MAX_SEED);

/**
 * Replications run seeds s … s + r − 1, which must all be seeds: past the
 * largest it is the options' mistake (not a line of the scenario file, where
 * the seed override would otherwise be reported).
 */
export function checkReplicationSeeds(first: number, replications: number, seedGiven: boolean): void {
  const last = first + replications - 1;
  if (last <= MAX_SEED) return;
  const from = seedGiven ? `--seed ${first}` : `the scenario's seed ${first}`;
  throw new UsageError(
    `--replications ${replications} from ${from} needs seeds up to ${last}, past the largest seed (${MAX_SEED}): lower --seed or --replications`,
  );
}

export const parseReplications = parseCount(1, 10_000);

/** Comma-separated items, trimmed; nothing at all is an empty list, an empty item among others (`fifo,,fair`) a mistake. */
export function parseList(value: string): string[] {
  if (value.trim() === '') return [];
  const items = value.split(',').map((item) => item.trim());
  const empty = items.indexOf('');
  if (empty >= 0) {
    throw new InvalidArgumentError(`expected items separated by single commas, found item ${empty + 1} of ${items.length} empty in '${shownText(value)}'.`);
  }
  return items;
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

/**
 * A sweep split over several machines: shard i of n runs the cells whose
 * index (in table order) is i modulo n, so every shard gets a like mix of
 * scenarios, parameters and schedulers. The index comes from the command
 * line (`--shard 2/8`), or, with only the count given (`--shard 8`), from
 * the batch system: a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (from
 * 0), or a Slurm job array's SLURM_ARRAY_TASK_ID (counted from the array's
 * first id, SLURM_ARRAY_TASK_MIN, so `--array=1-8` works as well as `0-7`).
 */
import { InputError } from '../util/input-error.js';

export interface Shard {
  /** From 0. */
  readonly index: number;
  readonly count: number;
}

/** At most this many shards: far more machines than a sweep would be spread over. */
export const MAX_SHARDS = 100_000;

export function inShard(cell: number, shard: Shard): boolean {
  return cell % shard.count === shard.index;
}

/** `--shard i/n` or `--shard n` (the index from `env`); an InputError naming the option otherwise. */
export function parseShard(text: string, env: Readonly<Record<string, string | undefined>>): Shard {
  const fail = (found: string): never => {
    throw new InputError('--shard', [{ path: '', expected: `i/n (shard i of n, i from 0 to n−1, n ≤ ${MAX_SHARDS.toLocaleString('en')}), or n with the index in JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID`, found }]);
  };
  const match = /^\s*(?:(\d+)\s*\/\s*)?(\d+)\s*$/.exec(text);
  if (match === null) return fail(`'${text}'`);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) return fail(`'${text}'`);
  const index = match[1] !== undefined ? Number(match[1]) : indexFromEnvironment(env, fail);
  if (index >= count) return fail(`shard ${index} of ${count} (shards are numbered from 0)`);
  return { index, count };
}

function indexFromEnvironment(env: Readonly<Record<string, string | undefined>>, fail: (found: string) => never): number {
  const whole = (name: string): number | undefined => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    return /^\d+$/.test(value.trim()) ? Number(value) : fail(`${name}='${value}', not a whole number`);
  };
  const kubernetes = whole('JOB_COMPLETION_INDEX');
  if (kubernetes !== undefined) return kubernetes;
  const slurm = whole('SLURM_ARRAY_TASK_ID');
  if (slurm !== undefined) return slurm - (whole('SLURM_ARRAY_TASK_MIN') ?? 0);
  return fail('no index: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set');
}

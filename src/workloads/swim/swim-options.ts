/**
 * The options of the SWIM importer, their defaults and their checks. Why
 * each default is what it is: import-swim.ts (file header) and
 * docs/traces/swim.md.
 */
import { InputError, type InputProblem } from '../../util/input-error.js';
import type { ImportOptions } from '../import-result.js';

const MiB = 2 ** 20;
const GiB = 2 ** 30;

export interface SwimImportOptions extends ImportOptions {
  /** Nodes of the simulated cluster. Default 600, the size of the Facebook cluster the trace comes from. */
  readonly nodes?: number;
  /** Nodes of the cluster the trace was recorded on. Default 600. Sizes are scaled by nodes / sourceNodes. */
  readonly sourceNodes?: number;
  /** Nodes per rack. Default 40. */
  readonly nodesPerRack?: number;
  /** Map slots per node. Default 2 (Hadoop 1's default). */
  readonly mapSlots?: number;
  /** Reduce slots per node. Default 2 (Hadoop 1's default). */
  readonly reduceSlots?: number;
  /** HDFS block size, bytes: one map per block of input. Default 64 MiB (SWIM and the papers). */
  readonly blockSize?: number;
  /** Replicas per block. Default 3 (HDFS's default). */
  readonly replication?: number;
  /** Shuffle bytes one reduce takes: reduces = ceil(shuffle / this), 0 without shuffle. Default 1 GiB. */
  readonly shuffleBytesPerReduce?: number;
  /** Map compute work, seconds at speed 1 per MiB of map input. Default 0.25 (16 s for a 64 MiB block). An assumption. */
  readonly mapSecondsPerMB?: number;
  /** Reduce compute work, seconds at speed 1 per MiB of the reduce's shuffle input. Default 0.5. An assumption. */
  readonly reduceSecondsPerMB?: number;
  /** Users the jobs kept are given to in turn: 1 gives every job to `swim`, n > 1 to `swim1` … `swim<n>`. Default 1. */
  readonly users?: number;
  /** Zipf exponent of each job's reduces' shares (`reduceSkew` in the scenario); SWIM records none. Default 0: equal shares. */
  readonly reduceSkew?: number;
}

/** Every option with its value: the defaults filled in and checked. */
export type SwimSettings = Required<Omit<SwimImportOptions, 'skipInvalid'>> & { readonly skipInvalid: boolean };

/** The defaults of every option. */
export const SWIM_DEFAULTS: Readonly<Omit<SwimSettings, 'skipInvalid'>> = {
  nodes: 600,
  sourceNodes: 600,
  nodesPerRack: 40,
  mapSlots: 2,
  reduceSlots: 2,
  blockSize: 64 * MiB,
  replication: 3,
  shuffleBytesPerReduce: GiB,
  mapSecondsPerMB: 0.25,
  reduceSecondsPerMB: 0.5,
  users: 1,
  reduceSkew: 0,
};

/** SWIM's replay floors: input at one 64 MiB block, shuffle and output at 1 KiB when non-zero. */
export const SWIM_MIN_INPUT_BYTES = 64 * MiB;
export const SWIM_MIN_NONZERO_BYTES = 1024;

/** Where option problems are said to come from. */
export const OPTIONS_SOURCE = 'SWIM import options';

type Check = 'integer ≥ 1' | 'integer ≥ 0' | 'number ≥ 0';

const CHECKS: Readonly<Record<keyof typeof SWIM_DEFAULTS, Check>> = {
  nodes: 'integer ≥ 1',
  sourceNodes: 'integer ≥ 1',
  nodesPerRack: 'integer ≥ 1',
  mapSlots: 'integer ≥ 1',
  reduceSlots: 'integer ≥ 0',
  blockSize: 'integer ≥ 1',
  replication: 'integer ≥ 1',
  shuffleBytesPerReduce: 'integer ≥ 1',
  mapSecondsPerMB: 'number ≥ 0',
  reduceSecondsPerMB: 'number ≥ 0',
  users: 'integer ≥ 1',
  reduceSkew: 'number ≥ 0',
};

/** Fill in the defaults and check every option; throws InputError listing every bad one. */
export function resolveSwimOptions(options: SwimImportOptions): SwimSettings {
  const problems: InputProblem[] = [];
  const settings: Record<string, number> = {};
  for (const key of Object.keys(SWIM_DEFAULTS) as (keyof typeof SWIM_DEFAULTS)[]) {
    const value = options[key] ?? SWIM_DEFAULTS[key];
    const check = CHECKS[key];
    const ok =
      typeof value === 'number' &&
      Number.isFinite(value) &&
      (check === 'number ≥ 0' ? value >= 0 : Number.isSafeInteger(value) && value >= (check === 'integer ≥ 1' ? 1 : 0));
    if (!ok) problems.push({ path: key, expected: `a${check.startsWith('i') ? 'n' : ''} ${check}`, found: String(value) });
    settings[key] = value;
  }
  if (problems.length > 0) throw new InputError(OPTIONS_SOURCE, problems);
  return { ...(settings as Omit<SwimSettings, 'skipInvalid'>), skipInvalid: options.skipInvalid ?? false };
}

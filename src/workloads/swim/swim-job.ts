/**
 * One SWIM record to one scenario job: SWIM's scaling and replay floors,
 * then maps, reduces and the cost model. The rules and their reasons are
 * listed in import-swim.ts (file header) and docs/traces/swim.md; in short:
 *
 * 1. sizes × nodes / sourceNodes, rounded down to whole bytes (SWIM's
 *    GenerateReplayScript does this in integer arithmetic);
 * 2. input raised to 64 MiB when below; shuffle and output raised to 1024
 *    bytes when the trace's value is above 0 and the scaled one below 1024;
 * 3. maps = ceil(input / blockSize), left to the scenario's `inputBytes`;
 * 4. reduces = ceil(shuffle / shuffleBytesPerReduce), 0 without shuffle;
 * 5. map work = mapSecondsPerMB × the job's mean input per map in MiB;
 *    reduce work = reduceSecondsPerMB × the mean shuffle per reduce in MiB.
 */
import type { ScenarioFile } from '../../input/scenario-file.js';
import type { SwimRecord } from './swim-record.js';
import { SWIM_MIN_INPUT_BYTES, SWIM_MIN_NONZERO_BYTES, type SwimSettings } from './swim-options.js';

const MiB = 2 ** 20;

/** A job as the scenario file writes it. */
export type ScenarioJob = NonNullable<ScenarioFile['jobs']>[number];

export interface SwimJob {
  readonly job: ScenarioJob;
  /** Sizes after scaling and floors. */
  readonly inputBytes: number;
  readonly shuffleBytes: number;
  readonly outputBytes: number;
  readonly maps: number;
  readonly reduces: number;
  /** Which floors raised a size (for the notes' counts). */
  readonly raised: { readonly input: boolean; readonly shuffle: boolean; readonly output: boolean };
}

/** floor(bytes × nodes / sourceNodes), exactly (integer arithmetic, as SWIM's Java `long`s). */
export function scaleBytes(bytes: number, nodes: number, sourceNodes: number): number {
  if (nodes === sourceNodes) return bytes;
  return Number((BigInt(bytes) * BigInt(nodes)) / BigInt(sourceNodes));
}

/** The user of the job at `position` (0-based among the jobs kept): round robin over the users. */
export function swimUser(position: number, users: number): string {
  return users === 1 ? 'swim' : `swim${(position % users) + 1}`;
}

/** The job for `record`, the `position`-th job kept (0-based). */
export function swimJob(record: SwimRecord, position: number, settings: SwimSettings): SwimJob {
  const { nodes, sourceNodes } = settings;
  const scaledInput = scaleBytes(record.inputBytes, nodes, sourceNodes);
  const scaledShuffle = scaleBytes(record.shuffleBytes, nodes, sourceNodes);
  const scaledOutput = scaleBytes(record.outputBytes, nodes, sourceNodes);
  const inputBytes = Math.max(scaledInput, SWIM_MIN_INPUT_BYTES);
  const shuffleBytes = record.shuffleBytes > 0 ? Math.max(scaledShuffle, SWIM_MIN_NONZERO_BYTES) : 0;
  const outputBytes = record.outputBytes > 0 ? Math.max(scaledOutput, SWIM_MIN_NONZERO_BYTES) : 0;

  const maps = Math.ceil(inputBytes / settings.blockSize);
  const reduces = shuffleBytes > 0 ? Math.ceil(shuffleBytes / settings.shuffleBytesPerReduce) : 0;
  const mapTime = (settings.mapSecondsPerMB * inputBytes) / maps / MiB;

  const job: ScenarioJob = {
    id: record.id,
    user: swimUser(position, settings.users),
    submit: record.submit,
    inputBytes,
    mapTime,
    ...(shuffleBytes > 0
      ? {
          shuffleBytes,
          reduces,
          reduceTime: (settings.reduceSecondsPerMB * shuffleBytes) / reduces / MiB,
          ...(settings.reduceSkew > 0 && reduces > 1 ? { reduceSkew: settings.reduceSkew } : {}),
        }
      : {}),
    outputBytes,
  };
  return {
    job,
    inputBytes,
    shuffleBytes,
    outputBytes,
    maps,
    reduces,
    raised: {
      input: scaledInput < inputBytes,
      shuffle: scaledShuffle < shuffleBytes,
      output: scaledOutput < outputBytes,
    },
  };
}

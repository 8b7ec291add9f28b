/**
 * A reduce attempt's progress through its job's shuffle (`shuffle.ts`):
 * where it is on the job's axis of listed output, the batch it moves, the
 * outputs it skips or kept after a node failure, and its traffic.
 */
import type { BatchPart } from './batch-parts.js';

export const ACTIVE = 0;
export const WAITING = 1;
export const DONE = 2;

/** A reduce's traffic: bytes copied, those from other nodes, and Σ bytes × hops. */
export interface ReduceTraffic {
  readonly bytesIn: number;
  readonly networkBytes: number;
  readonly byteHops: number;
}

export class ReduceFetch {
  /**
   * Bytes of output copied (the reduce's share is this times `share`), skips
   * left out, as of `at`; while a batch runs it moves on at `axisRate` until
   * `target`.
   */
  position = 0;
  at: number;
  state = WAITING;
  /** Where the running batch ends (in copied bytes), and the bytes of its share it moves. */
  target = 0;
  batchBytes = 0;
  /** When the running batch ends, as the clock last set it (for a clock without contention). */
  batchEnd = NaN;
  /** The axis point at which a waiting reduce starts a batch (its heap key). */
  wakeAt = Infinity;
  /** Outputs (indices into the job's list) this reduce does not copy; null until a failure gives it one. */
  skips: number[] | null = null;
  skippedBytes = 0;
  /** Maps whose lost output this reduce had copied: their re-runs are skipped. */
  kept: Set<number> | null = null;
  /** What it copied, fixed when its shuffle is over (outputs listed later, re-runs of lost ones, are not its). */
  traffic: ReduceTraffic | null = null;
  /** The running batch's parts (sharing the network; `batch-parts.ts`). */
  parts: BatchPart[] | null = null;
  /** The batch's outputs (indices into the job's list, from first to last excluded), and its parts moving. */
  batchFirst = 0;
  batchLast = 0;
  runningParts = 0;
  /** Bytes listed on its own node when its last batch in parts started: what is on it of the next one is past this. */
  ownListed = 0;
  /** When it had copied everything and began to compute (NaN before). */
  computeFrom = NaN;
  /** The outputs wholly behind it when last asked (`JobShuffle.outputsBefore`'s first guess: it moves on slowly). */
  outputsBehind = 0;
  /** Its attempt no longer runs (its entry in the waiting heap, if any, is stale). */
  stopped = false;

  constructor(
    /** Its place among the job's reduce fetches (`JobShuffle.started`): what the waiting heap holds. */
    readonly serial: number,
    readonly attempt: number,
    readonly task: number,
    readonly node: number,
    readonly share: number,
    /** Bytes of its share per second. */
    readonly rate: number,
    now: number,
  ) {
    this.at = now;
  }

  /** Axis bytes per second: the job's output moves past at rate / share. */
  get axisRate(): number {
    return this.share > 0 ? this.rate / this.share : Infinity;
  }

  get done(): boolean {
    return this.state === DONE;
  }
}

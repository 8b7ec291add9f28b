/**
 * A run's task attempts packed for the report's Gantt chart: every attempt,
 * small enough that a day of 400,000 attempts fits in about a megabyte of the
 * page (measured on the Facebook 2009 day: 0.9–1.1 MB per run after base64).
 *
 * Attempts stay in launch order, where neighbours are alike: starts never go
 * down, consecutive launches are mostly the same job and often the same node.
 * Each column holds differences from the previous row as unsigned LEB128
 * varints (zigzag for signed ones), one column after another, and the whole is
 * deflated (`packed-bytes.ts`). Times are rounded to tenths of a second, the
 * precision the chart shows. The page's decoder (`browser/attempt-decoder.js`)
 * reverses this; ATTEMPT_COLUMNS names the columns in their order.
 *
 * flags: bit 0 the kind (1 = reduce), bits 1–2 the status (3 = still running
 * when the run stopped), bits 3–4 the locality code.
 *
 * The task numbers are most of the bytes (a job's maps launch in the order
 * of their data's nodes, which no difference predicts: 0.6 of the 0.85 MB of
 * a Facebook-day run deflated), so they are kept apart from the other
 * columns, to be packed on their own and left out when a page must stay
 * small.
 */
import { ATTEMPT_STATUSES, type RunRecord } from '../model/run-record.js';

export const ATTEMPT_COLUMNS = ['start', 'duration', 'job', 'task', 'node', 'attempt', 'flags'] as const;

export interface PackedAttempts {
  readonly count: number;
  /** The columns in `bytes`: ATTEMPT_COLUMNS but task, in that order. */
  readonly columns: readonly string[];
  /** Byte length of each of them. */
  readonly columnBytes: readonly number[];
  readonly bytes: Uint8Array;
  /** The task column's varints. */
  readonly tasks: Uint8Array;
}

/** `ends`: each attempt's effective end (metrics' attemptEnds). */
export function encodeAttempts(run: RunRecord, ends: Float64Array): PackedAttempts {
  const a = run.attempts;
  const columns = ATTEMPT_COLUMNS.map(() => new VarintWriter(a.count));
  const [start, duration, job, task, node, attempt, flags] = columns;
  const lastTask = new Map<number, number>();
  let previousStart = 0;
  let previousJob = 0;
  let previousNode = 0;
  for (let i = 0; i < a.count; i++) {
    const from = Math.round(a.start[i] * 10);
    start.signed(from - previousStart);
    previousStart = from;
    duration.unsigned(Math.max(0, Math.round(ends[i] * 10) - from));
    job.signed(a.job[i] - previousJob);
    previousJob = a.job[i];
    const key = a.job[i] * 2 + a.kind[i];
    task.signed(a.task[i] - (lastTask.get(key) ?? -1) - 1);
    lastTask.set(key, a.task[i]);
    node.signed(a.node[i] - previousNode);
    previousNode = a.node[i];
    attempt.unsigned(a.attempt[i]);
    const status = a.status[i] < ATTEMPT_STATUSES.length ? a.status[i] : 3;
    flags.unsigned(a.kind[i] | (status << 1) | (a.locality[i] << 3));
  }
  const names = ATTEMPT_COLUMNS.filter((name) => name !== 'task');
  const parts = names.map((name) => columns[ATTEMPT_COLUMNS.indexOf(name)].bytes());
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { count: a.count, columns: names, columnBytes: parts.map((part) => part.length), bytes, tasks: task.bytes() };
}

class VarintWriter {
  private buffer: Uint8Array;
  private length = 0;

  constructor(expected: number) {
    this.buffer = new Uint8Array(Math.max(16, expected * 2));
  }

  signed(value: number): void {
    this.unsigned(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  /** A non-negative integer below 2^53. */
  unsigned(value: number): void {
    if (this.length + 8 > this.buffer.length) {
      const grown = new Uint8Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    let v = value;
    while (v >= 128) {
      this.buffer[this.length++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.buffer[this.length++] = v;
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

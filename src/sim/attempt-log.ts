/**
 * The recorder of task attempts: growable columns, one row per attempt in
 * launch order, sized at the start for one attempt per task and 3% more for
 * the backups of speculative execution and the re-runs of failures (a run
 * of 16M tasks then never copies its 1.1 GB of columns to grow them: the
 * old and the new columns together were the peak of a whole command).
 * `table()` hands out views of the columns trimmed to the row count, not
 * copies. Attempts end through `finish`, which also notes the order they
 * end in (`AttemptTable.ended`): the metrics' sweeps walk it instead of
 * sorting the ends.
 */
import type { AttemptTable } from '../model/run-record.js';
import { resized } from './resized.js';

/** Rows beyond one per task, as a share of the tasks. */
const HEADROOM = 0.03;

/** An attempt's status while it runs; never left in a finished record. */
export const STATUS_RUNNING = 255;

export class AttemptLog {
  count = 0;
  job: Int32Array;
  task: Int32Array;
  kind: Uint8Array;
  attempt: Int32Array;
  node: Int32Array;
  start: Float64Array;
  end: Float64Array;
  status: Uint8Array;
  locality: Uint8Array;
  bytesIn: Float64Array;
  networkBytes: Float64Array;
  byteHops: Float64Array;
  /** Rows as their attempts ended; each ends once, so it never outgrows the rows. */
  ended: Int32Array;
  endedCount = 0;

  /** @param tasks the run's task count. */
  constructor(tasks: number) {
    const size = Math.max(1024, Math.ceil(tasks * (1 + HEADROOM)));
    this.job = new Int32Array(size);
    this.task = new Int32Array(size);
    this.kind = new Uint8Array(size);
    this.attempt = new Int32Array(size);
    this.node = new Int32Array(size);
    this.start = new Float64Array(size);
    this.end = new Float64Array(size);
    this.status = new Uint8Array(size);
    this.locality = new Uint8Array(size);
    this.bytesIn = new Float64Array(size);
    this.networkBytes = new Float64Array(size);
    this.byteHops = new Float64Array(size);
    this.ended = new Int32Array(size);
  }

  /** A new row with the identifying columns set, its end unknown (NaN); the rest are zero. Returns its index. */
  add(job: number, task: number, kind: number, attempt: number, node: number, start: number): number {
    if (this.count === this.job.length) this.grow();
    const i = this.count++;
    this.job[i] = job;
    this.task[i] = task;
    this.kind[i] = kind;
    this.attempt[i] = attempt;
    this.node[i] = node;
    this.start[i] = start;
    this.end[i] = NaN; // unknown until it computes: a speculation rule told of the launch takes it as moving, not as ended at 0
    return i;
  }

  /** Attempt `i` ends at `now` (the simulation's clock: never earlier than the last to end) with `status`. */
  finish(i: number, status: number, now: number): void {
    this.status[i] = status;
    this.end[i] = now;
    this.ended[this.endedCount++] = i;
  }

  table(): AttemptTable {
    const n = this.count;
    return {
      count: n,
      job: this.job.subarray(0, n),
      task: this.task.subarray(0, n),
      kind: this.kind.subarray(0, n),
      attempt: this.attempt.subarray(0, n),
      node: this.node.subarray(0, n),
      start: this.start.subarray(0, n),
      end: this.end.subarray(0, n),
      status: this.status.subarray(0, n),
      locality: this.locality.subarray(0, n),
      bytesIn: this.bytesIn.subarray(0, n),
      networkBytes: this.networkBytes.subarray(0, n),
      byteHops: this.byteHops.subarray(0, n),
      ended: this.ended.subarray(0, this.endedCount),
    };
  }

  private grow(): void {
    // Many failures or backups: a quarter as much again, each time.
    const size = Math.ceil(this.job.length * 1.25);
    this.job = resized(this.job, new Int32Array(size));
    this.task = resized(this.task, new Int32Array(size));
    this.kind = resized(this.kind, new Uint8Array(size));
    this.attempt = resized(this.attempt, new Int32Array(size));
    this.node = resized(this.node, new Int32Array(size));
    this.start = resized(this.start, new Float64Array(size));
    this.end = resized(this.end, new Float64Array(size));
    this.status = resized(this.status, new Uint8Array(size));
    this.locality = resized(this.locality, new Uint8Array(size));
    this.bytesIn = resized(this.bytesIn, new Float64Array(size));
    this.networkBytes = resized(this.networkBytes, new Float64Array(size));
    this.byteHops = resized(this.byteHops, new Float64Array(size));
    this.ended = resized(this.ended, new Int32Array(size));
  }
}

/**
 * The recorder of task attempts: growable columns, one row per attempt in
 * launch order. `table()` hands out the columns trimmed to the row count.
 */
import type { AttemptTable } from '../model/run-record.js';
import { resized } from './resized.js';

export class AttemptLog {
  count = 0;
  job = new Int32Array(1024);
  task = new Int32Array(1024);
  kind = new Uint8Array(1024);
  attempt = new Int32Array(1024);
  node = new Int32Array(1024);
  start = new Float64Array(1024);
  end = new Float64Array(1024);
  status = new Uint8Array(1024);
  locality = new Uint8Array(1024);
  bytesIn = new Float64Array(1024);
  networkBytes = new Float64Array(1024);
  byteHops = new Float64Array(1024);

  /** A new row with the identifying columns set; the rest are zero. Returns its index. */
  add(job: number, task: number, kind: number, attempt: number, node: number, start: number): number {
    if (this.count === this.job.length) this.grow();
    const i = this.count++;
    this.job[i] = job;
    this.task[i] = task;
    this.kind[i] = kind;
    this.attempt[i] = attempt;
    this.node[i] = node;
    this.start[i] = start;
    return i;
  }

  table(): AttemptTable {
    const n = this.count;
    return {
      count: n,
      job: this.job.slice(0, n),
      task: this.task.slice(0, n),
      kind: this.kind.slice(0, n),
      attempt: this.attempt.slice(0, n),
      node: this.node.slice(0, n),
      start: this.start.slice(0, n),
      end: this.end.slice(0, n),
      status: this.status.slice(0, n),
      locality: this.locality.slice(0, n),
      bytesIn: this.bytesIn.slice(0, n),
      networkBytes: this.networkBytes.slice(0, n),
      byteHops: this.byteHops.slice(0, n),
    };
  }

  private grow(): void {
    const size = this.job.length * 2;
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
  }
}

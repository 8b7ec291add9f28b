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
 * precision the chart shows: the start, and the duration on its own (not the
 * end), so that tasks of one length keep one duration whatever their start's
 * rounding. A node is written as 0 when it is the previous row's, 1 when it
 * is the node that followed that one last time (nodes take their turns in
 * heartbeat order), else 2 + the zigzag difference. The page's decoder
 * (`browser/attempt-decoder.js`) reverses this; ATTEMPT_COLUMNS names the
 * columns in their order. A part of a run's attempts (`attempt-parts.ts`)
 * has one more column, `row`: each attempt's row in the run (the difference
 * from the previous one, less one), by which the page finds its decision.
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
/** The columns of a part of a run's attempts. */
const PART_COLUMNS = [...ATTEMPT_COLUMNS, 'row'] as const;

export interface PackedAttempts {
  readonly count: number;
  /** The columns in `bytes`: ATTEMPT_COLUMNS but task, in that order, and `row` for a part. */
  readonly columns: readonly string[];
  /** Byte length of each of them. */
  readonly columnBytes: readonly number[];
  readonly bytes: Uint8Array;
  /** The task column's varints. */
  readonly tasks: Uint8Array;
}

/**
 * A whole run's attempts. `ends`: each attempt's effective end (metrics'
 * attemptEnds). Two passes over the rows: the first counts each column's
 * bytes, the second writes them where they go, so that a day's 16M attempts
 * take their packed size once, not growing buffers and a copy of them.
 */
export function encodeAttempts(run: RunRecord, ends: Float64Array): PackedAttempts {
  return encode(run, ends, null, 1)[0];
}

/**
 * A run's attempts in `parts` parts (`attempt-parts.ts`), `partOf` each
 * attempt's, each part packed on its own with the `row` column; in the same
 * two passes over the run's rows, one after another. With `only`, that part
 * alone.
 */
export function encodeParts(run: RunRecord, ends: Float64Array, partOf: Int32Array, parts: number, only = -1): PackedAttempts[] {
  return encode(run, ends, partOf, only >= 0 ? 1 : parts, only);
}

function encode(run: RunRecord, ends: Float64Array, partOf: Int32Array | null, parts: number, only = -1): PackedAttempts[] {
  const all: readonly string[] = partOf === null ? ATTEMPT_COLUMNS : PART_COLUMNS;
  const counters = Array.from({ length: parts }, () => all.map(() => new VarintCounter()));
  writeRows(run, ends, partOf, counters, only);
  const taskColumn = all.indexOf('task');
  const names = all.filter((name) => name !== 'task');
  const packed = counters.map((partCounters) => {
    const lengths = partCounters.map((counter) => counter.length);
    const columnBytes = names.map((name) => lengths[all.indexOf(name)]);
    const bytes = new Uint8Array(columnBytes.reduce((sum, length) => sum + length, 0));
    const tasks = new Uint8Array(lengths[taskColumn]);
    let at = 0;
    const writers = all.map((_, c) => {
      if (c === taskColumn) return new VarintWriter(tasks, 0);
      const writer = new VarintWriter(bytes, at);
      at += lengths[c];
      return writer;
    });
    return { columns: names, columnBytes, bytes, tasks, writers };
  });
  const counts = writeRows(
    run,
    ends,
    partOf,
    packed.map((part) => part.writers),
    only,
  );
  return packed.map(({ writers: _, ...part }, p) => ({ ...part, count: counts[p] }));
}

/** Where a column's varints go: counted, or written. */
interface VarintSink {
  signed(value: number): void;
  /** A non-negative integer below 2^53. */
  unsigned(value: number): void;
}

/**
 * Each row's value of each column, in ATTEMPT_COLUMNS order (and `row`, for
 * a part), into the sinks of its part (`partOf`; the first, if null; with
 * `only`, that part's rows alone, into the first), the rows read one after
 * another. Returns each part's rows.
 */
function writeRows(run: RunRecord, ends: Float64Array, partOf: Int32Array | null, sinks: readonly (readonly VarintSink[])[], only: number): number[] {
  const streams = sinks.map((partSinks) => new RowStream(run, ends, partSinks));
  const count = run.attempts.count;
  for (let i = 0; i < count; i++) {
    if (partOf === null) streams[0].write(i);
    else if (only < 0) streams[partOf[i]].write(i);
    else if (partOf[i] === only) streams[0].write(i);
  }
  return streams.map((stream) => stream.rows);
}

/** One part's rows as they are written: each column's difference from the part's previous row. */
class RowStream {
  rows = 0;
  /** Each job's last task of each kind (index: job × 2 + kind), -1 before its first. */
  private readonly lastTask: Int32Array;
  /** The node that followed each node last time, -1 before any did. */
  private readonly nextNode: Int32Array;
  private previousStart = 0;
  private previousJob = 0;
  private previousNode = 0;
  private previousRow = -1;

  constructor(
    private readonly run: RunRecord,
    private readonly ends: Float64Array,
    private readonly sinks: readonly VarintSink[],
  ) {
    this.lastTask = new Int32Array(2 * run.scenario.jobs.length).fill(-1);
    this.nextNode = new Int32Array(run.scenario.cluster.nodes.length).fill(-1);
  }

  write(i: number): void {
    const a = this.run.attempts;
    const [start, duration, job, task, node, attempt, flags, row] = this.sinks;
    this.rows++;
    if (row !== undefined) {
      row.unsigned(i - this.previousRow - 1);
      this.previousRow = i;
    }
    const from = Math.round(a.start[i] * 10);
    start.signed(from - this.previousStart);
    this.previousStart = from;
    duration.unsigned(Math.max(0, Math.round((this.ends[i] - a.start[i]) * 10)));
    job.signed(a.job[i] - this.previousJob);
    this.previousJob = a.job[i];
    const key = a.job[i] * 2 + a.kind[i];
    task.signed(a.task[i] - this.lastTask[key] - 1);
    this.lastTask[key] = a.task[i];
    const at = a.node[i];
    if (at === this.previousNode) node.unsigned(0);
    else {
      node.unsigned(this.nextNode[this.previousNode] === at ? 1 : 2 + zigzag(at - this.previousNode));
      this.nextNode[this.previousNode] = at;
    }
    this.previousNode = at;
    attempt.unsigned(a.attempt[i]);
    const status = a.status[i] < ATTEMPT_STATUSES.length ? a.status[i] : 3;
    flags.unsigned(a.kind[i] | (status << 1) | (a.locality[i] << 3));
  }
}

const zigzag = (value: number): number => (value >= 0 ? value * 2 : -value * 2 - 1);

class VarintCounter implements VarintSink {
  length = 0;

  signed(value: number): void {
    this.unsigned(zigzag(value));
  }

  unsigned(value: number): void {
    let v = value;
    this.length++;
    while (v >= 128) {
      this.length++;
      v = Math.floor(v / 128);
    }
  }
}

class VarintWriter implements VarintSink {
  constructor(
    private readonly buffer: Uint8Array,
    private at: number,
  ) {}

  signed(value: number): void {
    this.unsigned(zigzag(value));
  }

  unsigned(value: number): void {
    let v = value;
    while (v >= 128) {
      this.buffer[this.at++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.buffer[this.at++] = v;
  }
}

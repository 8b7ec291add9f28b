import { describe, expect, it } from 'vitest';
import { inflateRawSync } from 'node:zlib';
import { attemptEnds } from '../metrics/attempt-end.js';
import { buildRun } from '../metrics/test-support/run-builder.js';
import { ATTEMPT_COLUMNS, encodeAttempts, encodeParts } from './attempt-columns.js';
import { attemptParts, type AttemptPart } from './attempt-parts.js';
import { decodeAttempts, inflateBase64, inLaunchOrder, withRoom, type Attempts } from './browser/attempt-decoder.js';
import { packBytes } from './packed-bytes.js';
import { syntheticRun } from './test-support/comparison.js';

describe('encodeAttempts and the page’s decoder', () => {
  it('give back every attempt, times to the tenth of a second', async () => {
    const run = syntheticRun(30, 5_000, 10, 17);
    const ends = attemptEnds(run);
    const packed = encodeAttempts(run, ends);
    const bytes = await inflateBase64(packBytes(packed.bytes));
    expect(packed.columns).toEqual(ATTEMPT_COLUMNS.filter((name) => name !== 'task'));
    const decoded = decodeAttempts(bytes, packed.count, packed.columns, packed.columnBytes, await inflateBase64(packBytes(packed.tasks)));
    const a = run.attempts;
    expect(decoded.count).toBe(a.count);
    for (let i = 0; i < a.count; i++) {
      expect(decoded.job[i]).toBe(a.job[i]);
      expect(decoded.task[i]).toBe(a.task[i]);
      expect(decoded.node[i]).toBe(a.node[i]);
      expect(decoded.attempt[i]).toBe(a.attempt[i]);
      expect(decoded.flags[i]).toBe(a.kind[i] | (a.status[i] << 1) | (a.locality[i] << 3));
      expect(Math.abs(decoded.start[i] - a.start[i])).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Math.abs(decoded.end[i] - ends[i])).toBeLessThanOrEqual(0.1 + 1e-9);
    }
  });

  it('round-trips tasks that go back and forth, re-run attempts, and a reduce of the same job', async () => {
    const run = buildRun({
      nodes: [{}, {}, {}],
      jobs: [{ submit: 0, maps: [1, 1, 1, 1] , reduces: [1] }],
      attempts: [
        { job: 0, task: 3, node: 2, start: 0, end: 10.04 },
        { job: 0, task: 0, node: 0, start: 0, end: 5, status: 'failed' },
        { job: 0, task: 0, attempt: 1, node: 1, start: 5.55, end: 9, locality: 'off' },
        { job: 0, kind: 'reduce', task: 0, node: 0, start: 12, end: 20 },
        // Node 1 follows node 0 again: written as "the node that followed it last time".
        { job: 0, task: 1, node: 1, start: 13, end: 15 },
      ],
    });
    const packed = encodeAttempts(run, attemptEnds(run));
    const inflate = (bytes: Uint8Array) => inflateRawSync(Buffer.from(packBytes(bytes), 'base64'));
    const decoded = decodeAttempts(inflate(packed.bytes), packed.count, packed.columns, packed.columnBytes, inflate(packed.tasks));
    expect([...decoded.task]).toEqual([3, 0, 0, 0, 1]);
    expect([...decoded.attempt]).toEqual([0, 0, 1, 0, 0]);
    expect([...decoded.node]).toEqual([2, 0, 1, 0, 1]);
    expect(packed.bytes.subarray(packed.columnBytes.slice(0, 3).reduce((sum, n) => sum + n, 0)).subarray(0, 5)).toEqual(
      new Uint8Array([2 + 4, 2 + 3, 2 + 2, 2 + 1, 1]),
    );
    // 5.55 rounds to 5.6 (tenths, half up on the integer 55.5 → 56) and its duration 3.45 to 3.5, so it ends at 9.1,
    // within 0.1 s; 10.04 ends at 10.0.
    expect([...decoded.start]).toEqual([0, 0, 5.6, 12, 13]);
    expect([...decoded.end]).toEqual([10, 5, 9.1, 20, 15]);
    expect(decoded.flags[1] >> 1).toBe(1); // failed, map
    expect(decoded.flags[3] & 1).toBe(1); // a reduce
  });

  it('give the task numbers as -1 without their column, and every other column as it was', () => {
    const run = syntheticRun(30, 5_000, 10, 17);
    const packed = encodeAttempts(run, attemptEnds(run));
    const full = decodeAttempts(packed.bytes, packed.count, packed.columns, packed.columnBytes, packed.tasks);
    const decoded = decodeAttempts(packed.bytes, packed.count, packed.columns, packed.columnBytes);
    expect([...new Set(decoded.task)]).toEqual([-1]);
    expect(new Set(full.task).size).toBeGreaterThan(1);
    for (const column of ['start', 'end', 'job', 'node', 'attempt', 'flags'] as const) expect(decoded[column]).toEqual(full[column]);
  });
});

describe('a run’s attempts in parts by job', () => {
  /** Each part's attempts (rows), in launch order. */
  const rowsOf = (partOf: Int32Array, parts: number): number[][] => {
    const rows: number[][] = Array.from({ length: parts }, () => []);
    partOf.forEach((part, i) => rows[part].push(i));
    return rows;
  };

  it('puts each job whole in one part of consecutive jobs, within its span of time', () => {
    const run = syntheticRun(30, 5_000, 10, 40);
    const ends = attemptEnds(run);
    const { parts, partOf } = attemptParts(run, ends, 600, 30);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.reduce((sum, part) => sum + part.count, 0)).toBe(run.attempts.count);
    const rows = rowsOf(partOf, parts.length);
    parts.forEach((part, p) => {
      if (p > 0) expect(part.firstJob).toBe(parts[p - 1].lastJob + 1);
      expect(rows[p]).toHaveLength(part.count);
      for (const i of rows[p]) {
        const job = run.attempts.job[i];
        expect(job).toBeGreaterThanOrEqual(part.firstJob);
        expect(job).toBeLessThanOrEqual(part.lastJob);
        expect(run.attempts.start[i]).toBeGreaterThanOrEqual(part.from);
        expect(ends[i]).toBeLessThanOrEqual(part.to);
      }
      // About 600 attempts a part: one more job would have passed it.
      expect(part.count).toBeLessThanOrEqual(600);
      if (p < parts.length - 1) expect(part.count + 125).toBeGreaterThan(600);
    });
  });

  it('gives a run that launched nothing one part of every job, spanning no time', () => {
    const run = syntheticRun(30, 0, 10, 4);
    const ends = attemptEnds(run);
    const { parts, partOf } = attemptParts(run, ends, 10, 7);
    expect(parts).toEqual([{ firstJob: 0, lastJob: 3, firstNode: 0, lastNode: 29, count: 0, from: 0, to: 0 }]);
    const [packed] = encodeParts(run, ends, partOf, parts.length);
    expect(decodeAttempts(packed.bytes, packed.count, packed.columns, packed.columnBytes, packed.tasks).count).toBe(0);
  });

  it('gives a job with more attempts than a part holds a part of its own', () => {
    const run = syntheticRun(30, 5_000, 10, 4);
    const { parts } = attemptParts(run, attemptEnds(run), 10, 30);
    expect(parts.map((part) => [part.firstJob, part.lastJob])).toEqual([0, 1, 2, 3].map((job) => [job, job]));
  });

  it('cuts each range of jobs by node, leaving out the ranges of nodes where it ran nothing', () => {
    const run = syntheticRun(30, 5_000, 10, 40);
    const ends = attemptEnds(run);
    const byJob = attemptParts(run, ends, 600, 30).parts;
    const { parts, partOf } = attemptParts(run, ends, 600, 7);
    // Under each range of jobs, in order, those of nodes 0–6, 7–13, 14–20, 21–27 and 28–29 where its jobs ran something.
    const ranges = [[0, 6], [7, 13], [14, 20], [21, 27], [28, 29]];
    const ranSome = (jobs: AttemptPart, [first, last]: number[]) =>
      run.attempts.job.some((job, i) => job >= jobs.firstJob && job <= jobs.lastJob && run.attempts.node[i] >= first && run.attempts.node[i] <= last);
    const expected = byJob.flatMap((jobs) => ranges.filter((nodes) => ranSome(jobs, nodes)).map(([first, last]) => [jobs.firstJob, jobs.lastJob, first, last]));
    expect(expected.length).toBeGreaterThan(byJob.length);
    expect(parts.map((part) => [part.firstJob, part.lastJob, part.firstNode, part.lastNode])).toEqual(expected);
    const rows = rowsOf(partOf, parts.length);
    parts.forEach((part, p) => {
      expect(rows[p]).toHaveLength(part.count);
      for (const i of rows[p]) {
        expect(run.attempts.job[i]).toBeGreaterThanOrEqual(part.firstJob);
        expect(run.attempts.job[i]).toBeLessThanOrEqual(part.lastJob);
        expect(run.attempts.node[i]).toBeGreaterThanOrEqual(part.firstNode);
        expect(run.attempts.node[i]).toBeLessThanOrEqual(part.lastNode);
        expect(run.attempts.start[i]).toBeGreaterThanOrEqual(part.from);
        expect(ends[i]).toBeLessThanOrEqual(part.to);
      }
    });
    // A range of nodes that ran nothing of a range of jobs: no part.
    const idle = { ...run, attempts: { ...run.attempts, node: run.attempts.node.map((node) => (node >= 7 && node <= 13 ? 0 : node)) } };
    const withoutIdle = attemptParts(idle, ends, 600, 7).parts;
    expect(withoutIdle.some((part) => part.firstNode === 7)).toBe(false);
    expect(withoutIdle.reduce((sum, part) => sum + part.count, 0)).toBe(run.attempts.count);
  });

  it('encode to what each part alone gives, and decode, part by part into one set, to every attempt with its row, put back in launch order', async () => {
    const run = syntheticRun(30, 5_000, 10, 40);
    const ends = attemptEnds(run);
    const { parts, partOf } = attemptParts(run, ends, 700, 8);
    const rows = rowsOf(partOf, parts.length);
    const whole = encodeAttempts(run, ends);
    const full = decodeAttempts(whole.bytes, whole.count, whole.columns, whole.columnBytes, whole.tasks);
    const packedParts = encodeParts(run, ends, partOf, parts.length);
    packedParts.forEach((part, p) => {
      expect(part.count).toBe(parts[p].count);
      expect(part.columns).toEqual([...ATTEMPT_COLUMNS.filter((name) => name !== 'task'), 'row']);
      // A part is what its attempts alone would give: each column's differences from the part's previous row.
      const alone = decodeAttempts(part.bytes, part.count, part.columns, part.columnBytes, part.tasks);
      expect([...alone.row!]).toEqual(rows[p]);
      rows[p].forEach((row, k) => {
        for (const column of ['start', 'end', 'job', 'task', 'node', 'attempt', 'flags'] as const) expect(alone[column][k]).toBe(full[column][row]);
      });
    });
    // Loaded as a page loads them: some parts, then the others, out of order.
    const order = parts.map((_, p) => p).reverse();
    let loaded: Attempts | null = null;
    for (const wanted of [order.slice(0, 2), order.slice(2)]) {
      const into = withRoom(loaded, wanted.reduce((sum, p) => sum + packedParts[p].count, 0), true);
      let offset = loaded?.count ?? 0;
      for (const p of wanted) {
        const part = packedParts[p];
        decodeAttempts(await inflateBase64(packBytes(part.bytes)), part.count, part.columns, part.columnBytes, part.tasks, into, offset);
        offset += part.count;
      }
      loaded = into;
    }
    expect(loaded!.row![0]).not.toBe(0);
    const all = inLaunchOrder(loaded!);
    expect(all.count).toBe(run.attempts.count);
    // Every attempt of the run, in order: each one's row is its index.
    expect(all.row).toBeNull();
    for (let i = 0; i < all.count; i++) {
      for (const column of ['start', 'end', 'job', 'task', 'node', 'attempt', 'flags'] as const) expect(all[column][i]).toBe(full[column][i]);
    }
    // Some of them: their rows kept, in launch order.
    const [first, third] = [packedParts[0], packedParts[2]];
    const some = withRoom(null, first.count + third.count, true);
    decodeAttempts(third.bytes, third.count, third.columns, third.columnBytes, third.tasks, some, 0);
    decodeAttempts(first.bytes, first.count, first.columns, first.columnBytes, first.tasks, some, third.count);
    const ordered = inLaunchOrder(some);
    const kept = [...rows[0], ...rows[2]].sort((a, b) => a - b);
    expect([...ordered.row!]).toEqual(kept);
    kept.forEach((row, i) => expect(ordered.task[i]).toBe(full.task[row]));
  });
});

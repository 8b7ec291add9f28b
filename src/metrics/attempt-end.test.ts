import { describe, expect, it } from 'vitest';
import { attemptEnd, attemptEnds } from './attempt-end.js';
import { attemptTable, buildRun } from './test-support/run-builder.js';

describe('attemptEnd', () => {
  it('is the recorded end of a finished attempt', () => {
    expect(attemptEnd(attemptTable([{ job: 0, start: 1, end: 4, status: 'failed' }]), 0, 99)).toBe(4);
  });

  it('is the run end for an attempt still running (unknown status or no finite end)', () => {
    const table = attemptTable([
      { job: 0, start: 1, end: NaN },
      { job: 0, start: 1, end: 50 },
    ]);
    (table.status as Uint8Array)[1] = 255; // a code outside succeeded / failed / killed
    expect(attemptEnd(table, 0, 20)).toBe(20);
    expect(attemptEnd(table, 1, 20)).toBe(20);
  });

  it('is never before the start', () => {
    expect(attemptEnd(attemptTable([{ job: 0, start: 5, end: 3 }]), 0, 99)).toBe(5);
    expect(attemptEnd(attemptTable([{ job: 0, start: 5, end: NaN }]), 0, 2)).toBe(5);
  });

  it('attemptEnds reads every row against the run end', () => {
    // the run ends at 12, its job's end; row 1 is still running, row 2 ended before it started
    const run = buildRun({
      jobs: [{ submit: 0, end: 12 }],
      attempts: [
        { job: 0, start: 0, end: 4 },
        { job: 0, start: 3, end: NaN },
        { job: 0, start: 6, end: 5 },
      ],
    });
    expect([...attemptEnds(run)]).toEqual([4, 12, 6]);
  });
});

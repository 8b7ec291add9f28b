import { describe, expect, it } from 'vitest';
import { makespan, runSpan } from './span.js';
import { buildRun } from './test-support/run-builder.js';

describe('runSpan and makespan', () => {
  it('makespan is the last end minus the first submit over jobs that ended', () => {
    // submits 2, 5, 9; ends 20 (succeeded), 31 (failed), unfinished → span [2, 31], makespan 31 − 2 = 29
    const run = buildRun({
      jobs: [
        { submit: 2, end: 20 },
        { submit: 5, end: 31, status: 'failed' },
        { submit: 9, end: null },
      ],
    });
    expect(runSpan(run)).toEqual({ start: 2, end: 31 });
    expect(makespan(run)).toBe(29);
  });

  it('an unfinished job submitted first does not move the start', () => {
    // unfinished job at 0 is ignored: span [4, 10], makespan 6
    const run = buildRun({ jobs: [{ submit: 0 }, { submit: 4, end: 10 }] });
    expect(makespan(run)).toBe(6);
  });

  it('is null when no job ended', () => {
    expect(makespan(buildRun({ jobs: [{ submit: 0 }] }))).toBeNull();
    expect(makespan(buildRun({ jobs: [] }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { buildRun } from './test-support/run-builder.js';
import { lostWorkMetrics } from './lost-work.js';

describe('lost work', () => {
  it('sums the run time of failed and killed attempts, and nothing else', () => {
    const run = buildRun({
      jobs: [{ submit: 0, maps: [10, 10, 10] }],
      attempts: [
        { job: 0, task: 0, start: 0, end: 10, status: 'succeeded' },
        { job: 0, task: 1, start: 0, end: 4, status: 'failed' },
        { job: 0, task: 1, start: 4, end: 14, status: 'succeeded' },
        { job: 0, task: 2, start: 2, end: 7.5, status: 'killed' },
        { job: 0, task: 2, start: 7.5, end: 17.5, status: 'succeeded' },
      ],
    });
    expect(lostWorkMetrics(run.attempts).lostWork).toBe(4 + 5.5);
  });

  it('is 0 when every attempt succeeded', () => {
    const run = buildRun({ jobs: [{ submit: 0, maps: [3] }], attempts: [{ job: 0, task: 0, start: 0, end: 3, status: 'succeeded' }] });
    expect(lostWorkMetrics(run.attempts).lostWork).toBe(0);
  });
});

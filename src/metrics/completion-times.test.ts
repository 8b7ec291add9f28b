import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { completionTimeMetrics } from './completion-times.js';
import { buildRun } from './test-support/run-builder.js';

describe('completionTimeMetrics', () => {
  const run = buildRun({
    jobs: [
      { submit: 0, end: 10, weight: 1 }, // C = 10
      { submit: 5, end: 35, weight: 2 }, // C = 30
      { submit: 6, end: 26, weight: 3 }, // C = 20
      { submit: 7, end: 47, weight: 1 }, // C = 40
      { submit: 8, end: 100, status: 'failed', weight: 9 },
      { submit: 9, weight: 9 }, // unfinished
    ],
  });
  const m = completionTimeMetrics(run);

  it('counts jobs by final status', () => {
    // four succeeded, one failed, one unfinished
    expect([m.jobsSucceeded, m.jobsFailed, m.jobsUnfinished]).toEqual([4, 1, 1]);
  });

  it('mean, median, p95 and max are over succeeded jobs only', () => {
    // sorted C = 10, 20, 30, 40: mean 100 / 4 = 25; median (20 + 30) / 2 = 25;
    // p95 nearest rank ⌈0.95 × 4⌉ = 4 → 40; max 40
    expect(m.meanCompletionTime).toBe(25);
    expect(m.medianCompletionTime).toBe(25);
    expect(m.p95CompletionTime).toBe(40);
    expect(m.maxCompletionTime).toBe(40);
  });

  it('weighted completion time is Σ weight × (end − submit) over succeeded jobs', () => {
    // 1×10 + 2×30 + 3×20 + 1×40 = 10 + 60 + 60 + 40 = 170 (the failed job's weight 9 does not count)
    expect(m.totalWeightedCompletionTime).toBe(170);
  });

  it('is null (and 0 for the weighted sum) when nothing succeeded', () => {
    const none = completionTimeMetrics(buildRun({ jobs: [{ submit: 0, end: 4, status: 'failed' }] }));
    expect(none.meanCompletionTime).toBeNull();
    expect(none.medianCompletionTime).toBeNull();
    expect(none.p95CompletionTime).toBeNull();
    expect(none.maxCompletionTime).toBeNull();
    expect(none.totalWeightedCompletionTime).toBe(0);
  });

  it('weighted completion equals Σ w·C and the order statistics are ordered, on random jobs', () => {
    const job = fc.record({
      submit: fc.integer({ min: 0, max: 100 }),
      length: fc.integer({ min: 0, max: 100 }),
      weight: fc.integer({ min: 1, max: 5 }),
      status: fc.constantFrom('succeeded' as const, 'failed' as const, 'unfinished' as const),
    });
    fc.assert(
      fc.property(fc.array(job, { maxLength: 30 }), (jobs) => {
        const r = buildRun({
          jobs: jobs.map((j) => ({
            submit: j.submit,
            weight: j.weight,
            status: j.status,
            end: j.status === 'unfinished' ? null : j.submit + j.length,
          })),
        });
        const got = completionTimeMetrics(r);
        const ok = jobs.filter((j) => j.status === 'succeeded');
        expect(got.totalWeightedCompletionTime).toBe(ok.reduce((s, j) => s + j.weight * j.length, 0));
        expect(got.jobsSucceeded + got.jobsFailed + got.jobsUnfinished).toBe(jobs.length);
        if (ok.length > 0) {
          expect(got.medianCompletionTime as number).toBeLessThanOrEqual(got.p95CompletionTime as number);
          expect(got.p95CompletionTime as number).toBeLessThanOrEqual(got.maxCompletionTime as number);
          expect(got.meanCompletionTime as number).toBeLessThanOrEqual(got.maxCompletionTime as number);
        }
      }),
    );
  });
});

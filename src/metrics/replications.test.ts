import { describe, expect, it } from 'vitest';
import { computeMetrics, type RunMetrics } from './run-metrics.js';
import { summarizeReplications } from './replications.js';
import { buildRun } from './test-support/run-builder.js';

describe('summarizeReplications', () => {
  // Three replications whose only job takes 8, 10 and 12 s; the last has no finished job.
  const runs: RunMetrics[] = [
    computeMetrics(buildRun({ jobs: [{ submit: 0, end: 8 }] })),
    computeMetrics(buildRun({ jobs: [{ submit: 0, end: 10 }] })),
    computeMetrics(buildRun({ jobs: [{ submit: 0, end: 12 }] })),
    computeMetrics(buildRun({ jobs: [{ submit: 0 }] })),
  ];
  const summary = summarizeReplications(runs);

  it('gives a 95% t interval per metric over the runs where it is defined', () => {
    // makespans 8, 10, 12 (the fourth run has none): mean 10, s = 2, t_{0.975,2} = 4.30265,
    // halfWidth = 4.30265 × 2 / √3 = 4.96828
    expect(summary.makespan?.n).toBe(3);
    expect(summary.makespan?.mean).toBe(10);
    expect(summary.makespan?.halfWidth).toBeCloseTo(4.96828, 4);
    // jobsUnfinished is defined in all four runs: 0, 0, 0, 1 → mean 0.25
    expect(summary.jobsUnfinished?.n).toBe(4);
    expect(summary.jobsUnfinished?.mean).toBe(0.25);
  });

  it('has no interval for a metric null in every run, and a key for every metric', () => {
    // no map attempt read input anywhere
    expect(summary.mapNodeLocal).toBeNull();
    expect(Object.keys(summary).sort()).toEqual(Object.keys(runs[0]).sort());
  });
});

import { describe, expect, it } from 'vitest';
import { jobLowerBound, slowdownMetrics } from './slowdown.js';
import { buildRun } from './test-support/run-builder.js';

describe('slowdown', () => {
  // Two nodes: n0 speed 2 with 2 map slots and 1 reduce slot, n1 speed 1 with 1 and 1.
  // Map rate Σ mapSlots·speed = 2×2 + 1×1 = 5; reduce rate = 1×2 + 1×1 = 3; fastest = 2.
  const nodes = [
    { mapSlots: 2, reduceSlots: 1, speed: 2 },
    { mapSlots: 1, reduceSlots: 1, speed: 1 },
  ];

  it('the bound is max(longest/fastest, total/rate) per phase, maps then reduces', () => {
    // maps 8, 2, 2, 2, 1: max(8/2 = 4, 15/5 = 3) = 4; reduces 3, 3: max(3/2 = 1.5, 6/3 = 2) = 2; LB = 6
    const run = buildRun({ nodes, jobs: [{ submit: 0, end: 12, maps: [8, 2, 2, 2, 1], reduces: [3, 3] }] });
    expect(jobLowerBound(run.scenario.jobs[0], run.scenario.cluster)).toBe(6);
    // slowdown = 12 / 6 = 2
    expect(slowdownMetrics(run)).toEqual({ meanSlowdown: 2, maxSlowdown: 2 });
  });

  it('a map-only job has no reduce term', () => {
    // maps 1 × 10: max(1/2, 10/5 = 2) = 2
    const run = buildRun({ nodes, jobs: [{ submit: 0, end: 2, maps: Array(10).fill(1) }] });
    expect(jobLowerBound(run.scenario.jobs[0], run.scenario.cluster)).toBe(2);
  });

  it('unified containers serve both phases', () => {
    // one node, 4 containers, speed 1: maps 4 × 1 → max(1, 4/4) = 1; reduce 2 → max(2, 2/4) = 2; LB = 3
    const run = buildRun({ nodes: [{ containers: 4 }], jobs: [{ submit: 0, end: 6, maps: [1, 1, 1, 1], reduces: [2] }] });
    expect(jobLowerBound(run.scenario.jobs[0], run.scenario.cluster)).toBe(3);
  });

  it('mean and max are over succeeded jobs; jobs without work are skipped', () => {
    // job 0: LB 4 (maps [8]: max(8/2, 8/5) = 4), C = 8 → 2; job 1: LB 4, C = 16 → 4;
    // job 2 has no work (skipped); job 3 failed (skipped). mean (2 + 4) / 2 = 3, max 4
    const run = buildRun({
      nodes,
      jobs: [
        { submit: 0, end: 8, maps: [8] },
        { submit: 4, end: 20, maps: [8] },
        { submit: 5, end: 9, maps: [] },
        { submit: 5, end: 99, maps: [8], status: 'failed' },
      ],
    });
    expect(slowdownMetrics(run)).toEqual({ meanSlowdown: 3, maxSlowdown: 4 });
  });

  it('is null when no succeeded job has work', () => {
    const run = buildRun({ nodes, jobs: [{ submit: 0, end: 1 }] });
    expect(slowdownMetrics(run)).toEqual({ meanSlowdown: null, maxSlowdown: null });
  });

  it('skips a job with reduce work when no node has reduce slots', () => {
    const run = buildRun({
      nodes: [{ mapSlots: 2, reduceSlots: 0 }],
      jobs: [
        { submit: 0, end: 9, maps: [1], reduces: [1] },
        { submit: 0, end: 3, maps: [2] }, // LB max(2/1, 2/2) = 2 → slowdown 1.5
      ],
    });
    expect(slowdownMetrics(run)).toEqual({ meanSlowdown: 1.5, maxSlowdown: 1.5 });
  });
});

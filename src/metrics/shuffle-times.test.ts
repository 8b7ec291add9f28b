import { describe, expect, it } from 'vitest';
import { shuffleTimeMetrics } from './shuffle-times.js';
import { buildRun } from './test-support/run-builder.js';

describe('shuffleTimeMetrics', () => {
  // Node 0 runs at speed 2, node 1 at 1. Job 0's maps were all done at 20, job 1's at 50.
  const built = buildRun({
    nodes: [{ speed: 2 }, {}],
    jobs: [
      { submit: 0, end: 30, maps: [5], reduces: [10, 4] },
      { submit: 0, end: 40, maps: [5], reduces: [0] },
    ],
    attempts: [
      { job: 0, kind: 'map', start: 0, end: 20 },
      { job: 0, kind: 'reduce', task: 0, node: 0, start: 5, end: 30 },
      { job: 0, kind: 'reduce', task: 1, node: 1, start: 22, end: 30 },
      { job: 0, kind: 'reduce', task: 1, node: 1, start: 3, end: 9, status: 'failed' },
      { job: 1, kind: 'reduce', task: 0, node: 1, start: 10, end: 40 },
    ],
  });
  const run = { ...built, jobs: built.jobs.map((job, i) => ({ ...job, mapsDone: [20, 50][i] })) };

  it('takes each succeeded reduce’s shuffle to end where its compute begins, and averages end − start', () => {
    // Job 0, reduce 0: compute 10 / 2 = 5, shuffle 5–25 (20 s); reduce 1: compute 4, shuffle 22–26 (4 s).
    // Job 1, reduce 0: compute 0, shuffle 10–40 (30 s). The failed attempt does not count. (20 + 4 + 30) / 3 = 18.
    expect(shuffleTimeMetrics(run).meanShuffleTime).toBe(18);
  });

  it('counts as tail only the copying after the later of the reduce’s start and its job’s last map', () => {
    // 25 − max(5, 20) = 5; 26 − max(22, 20) = 4; job 1's shuffle ended at 40, before its last map at 50: 0.
    // (5 + 4 + 0) / 3 = 3.
    expect(shuffleTimeMetrics(run).meanShuffleTail).toBe(3);
  });

  it('is undefined without a succeeded reduce', () => {
    expect(shuffleTimeMetrics(buildRun({ jobs: [{ submit: 0, maps: [1] }], attempts: [{ job: 0, start: 0, end: 1 }] }))).toEqual({
      meanShuffleTime: null,
      meanShuffleTail: null,
    });
  });
});

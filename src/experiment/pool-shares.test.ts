import { describe, expect, it } from 'vitest';
import { attemptEnds } from '../metrics/attempt-end.js';
import { groupTimeline } from '../metrics/group-timeline.js';
import { buildRun } from '../metrics/test-support/run-builder.js';
import { poolFairShares } from './pool-shares.js';

describe('poolFairShares', () => {
  it('shares the slots among the pools by weight and demand, bin by bin', () => {
    // One node with 4 map slots. Pools a and b (default pools: weight 1, no min share).
    // Bin 0 [0, 10): a wants 3 maps, b wants 3: 2 each. Bin 1 [10, 20): only b wants (3 maps): it may take 3.
    const run = buildRun({
      nodes: [{ mapSlots: 4, reduceSlots: 0 }],
      jobs: [
        { submit: 0, firstStart: 0, end: 10, pool: 'a', maps: [1, 1, 1] },
        { submit: 0, firstStart: 0, end: 20, pool: 'b', maps: [1, 1, 1] },
      ],
      attempts: [
        { job: 0, task: 0, start: 0, end: 10 },
        { job: 0, task: 1, start: 0, end: 10 },
        { job: 0, task: 2, start: 0, end: 10 },
        { job: 1, task: 0, start: 0, end: 20 },
        { job: 1, task: 1, start: 10, end: 20 },
        { job: 1, task: 2, start: 10, end: 20 },
      ],
    });
    const timeline = groupTimeline(run, 'pool', 2, attemptEnds(run))!;
    const [a, b] = poolFairShares(run, timeline);
    expect([...a.fairMaps]).toEqual([2, 0]);
    expect([...b.fairMaps]).toEqual([2, 3]);
    expect(a.pool.weight).toBe(1);
  });
});

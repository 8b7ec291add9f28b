import { describe, expect, it } from 'vitest';
import { attemptEnds } from './attempt-end.js';
import { groupResourceMeans } from './group-resource-means.js';
import { groupResourceTimeline } from './group-resources.js';
import { runSpan } from './span.js';
import { buildRun } from './test-support/run-builder.js';
import { utilizationMetrics } from './utilization.js';

const GB = 2 ** 30;

// One node of 8 GB and 8 vcores over [0, 40); every AM takes 2 GB and 1 vcore.
// Pool a's job: its AM [0, 40), two maps of 2 GB and 1 vcore, [0, 20) and [0, 40).
// Pool b's job: its AM [10, 40), a map of 1 GB and 3 vcores [20, 40), a reduce of 1 GB and 1 vcore
// that fails [20, 30) and runs again [30, 40).
// Held: a (6 GB, 3 vcores) on [0, 20), then (4 GB, 2); b (2 GB, 1) on [10, 20), then (4 GB, 5).
// Dominant shares: a max(6/8, 3/8) = 0.75, then max(4/8, 2/8) = 0.5; b max(2/8, 1/8) = 0.25, then max(4/8, 5/8) = 0.625.
const run = buildRun({
  nodes: [{ memory: 8 * GB, vcores: 8 }],
  amContainer: { memory: 2 * GB, vcores: 1 },
  jobs: [
    { submit: 0, firstStart: 0, end: 40, pool: 'a', user: 'x', maps: [1, 1], mapContainer: { memory: 2 * GB, vcores: 1 } },
    { submit: 0, firstStart: 20, end: 40, pool: 'b', user: 'x', maps: [1], reduces: [1], mapContainer: { memory: GB, vcores: 3 }, reduceContainer: { memory: GB, vcores: 1 } },
  ],
  attempts: [
    { job: 0, task: 0, start: 0, end: 20 },
    { job: 0, task: 1, start: 0, end: 40 },
    { job: 1, task: 0, start: 20, end: 40 },
    { job: 1, kind: 'reduce', task: 0, start: 20, end: 30, status: 'failed' },
    { job: 1, kind: 'reduce', task: 0, attempt: 1, start: 30, end: 40 },
  ],
  applicationMasters: [
    { job: 0, node: 0, start: 0, end: 40 },
    { job: 1, node: 0, start: 10, end: 40 },
  ],
});
const ends = attemptEnds(run);
const inGB = (values: Float64Array) => [...values].map((v) => v / GB);

describe('groupResourceTimeline', () => {
  const timeline = groupResourceTimeline(run, 'pool', 4, ends)!;
  const [a, b] = timeline.groups;

  it('cuts the group timeline’s window and knows the cluster’s capacity', () => {
    expect([timeline.start, timeline.width, timeline.bins]).toEqual([0, 10, 4]);
    expect(timeline.capacity).toEqual({ memory: 8 * GB, vcores: 8 });
    expect(timeline.groups.map((g) => g.id)).toEqual(['a', 'b']);
  });

  it('averages the memory and vcores each pool’s attempts and AMs held over each bin', () => {
    expect(inGB(a.memory)).toEqual([6, 6, 4, 4]);
    expect([...a.vcores]).toEqual([3, 3, 2, 2]);
    // b's failed reduce held its container too.
    expect(inGB(b.memory)).toEqual([0, 2, 4, 4]);
    expect([...b.vcores]).toEqual([0, 1, 5, 5]);
  });

  it('gives each pool’s dominant share of the cluster over each bin', () => {
    expect([...a.dominantShare]).toEqual([0.75, 0.75, 0.5, 0.5]);
    expect([...b.dominantShare]).toEqual([0, 0.25, 0.625, 0.625]);
    // Over two bins of 20 s, b's first bin averages 0.25 over half of it.
    expect([...groupResourceTimeline(run, 'pool', 2, ends)!.groups[1].dominantShare]).toEqual([0.125, 0.625]);
  });

  it('counts as wanted each task’s container until it is done and each AM’s until its job ends, from submission', () => {
    // a's first map is done at 20, its second at 40.
    expect(inGB(a.demandMemory)).toEqual([6, 6, 4, 4]);
    // b wants its AM, map and reduce from 0 to 40, before any of them runs: 2 + 1 + 1 GB, 1 + 3 + 1 vcores.
    expect(inGB(b.demandMemory)).toEqual([4, 4, 4, 4]);
    expect([...b.demandVcores]).toEqual([5, 5, 5, 5]);
  });

  it('groups by user when asked: the user’s dominant share is that of both pools’ containers together', () => {
    const [x] = groupResourceTimeline(run, 'user', 4, ends)!.groups;
    // [10, 20): 8 GB and 4 vcores, a share of 1; [20, 40): 8 GB and 7 vcores, max(1, 7/8).
    expect(inGB(x.memory)).toEqual([6, 8, 8, 8]);
    expect([...x.dominantShare]).toEqual([0.75, 1, 1, 1]);
  });

  it('is null on a slot cluster', () => {
    const slots = buildRun({ jobs: [{ submit: 0, end: 10, maps: [1] }], attempts: [{ job: 0, start: 0, end: 10 }] });
    expect(groupResourceTimeline(slots, 'pool', 4, attemptEnds(slots))).toBeNull();
  });
});

describe('groupResourceMeans', () => {
  it('averages each pool’s memory, vcores and dominant share over the span', () => {
    const [a, b] = groupResourceMeans(run, 'pool', runSpan(run), ends);
    // a: (6 × 20 + 4 × 20) / 40 GB, (3 × 20 + 2 × 20) / 40 vcores, (0.75 × 20 + 0.5 × 20) / 40.
    expect(a).toEqual({ id: 'a', meanMemory: 5 * GB, meanVcores: 2.5, meanDominantShare: 0.625 });
    // b: (2 × 10 + 4 × 20) / 40 GB, (1 × 10 + 5 × 20) / 40 vcores, (0.25 × 10 + 0.625 × 20) / 40.
    expect(b).toEqual({ id: 'b', meanMemory: 2.5 * GB, meanVcores: 2.75, meanDominantShare: 0.375 });
  });

  it('adds up to the cluster’s memory and vcores times their utilizations', () => {
    const means = groupResourceMeans(run, 'pool', runSpan(run), ends);
    const utilization = utilizationMetrics(run, runSpan(run), ends);
    expect(means.reduce((sum, g) => sum + g.meanMemory, 0)).toBeCloseTo((utilization.memoryUtilization! / 100) * 8 * GB, 3);
    expect(means.reduce((sum, g) => sum + g.meanVcores, 0)).toBeCloseTo((utilization.vcoreUtilization! / 100) * 8, 9);
  });

  it('clips to the span it is given', () => {
    const [a, b] = groupResourceMeans(run, 'pool', { start: 0, end: 20 }, ends);
    expect(a).toMatchObject({ meanMemory: 6 * GB, meanDominantShare: 0.75 });
    // b held 2 GB for 10 of the 20 s: a share of 0.25 for half the time.
    expect(b).toMatchObject({ meanMemory: GB, meanVcores: 0.5, meanDominantShare: 0.125 });
  });

  it('is empty on a slot cluster or without a span', () => {
    const slots = buildRun({ jobs: [{ submit: 0, end: 10, maps: [1] }], attempts: [{ job: 0, start: 0, end: 10 }] });
    expect(groupResourceMeans(slots, 'pool', runSpan(slots), attemptEnds(slots))).toEqual([]);
    expect(groupResourceMeans(run, 'pool', null, ends)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { attemptEnds } from '../metrics/attempt-end.js';
import { groupResourceTimeline } from '../metrics/group-resources.js';
import { buildRun } from '../metrics/test-support/run-builder.js';
import type { RunRecord } from '../model/run-record.js';
import { defaultPool } from '../model/workload.js';
import { poolResourceFairShares } from './pool-resource-shares.js';

const MB = 2 ** 20;
const GB = 2 ** 30;

// One node of 10 GB and 8 vcores over [0, 30), in bins of 10 s. Pool a's job is in the system
// over [0, 20), pool b's over [10, 30); each runs one map of 1 GB and 1 vcore beside its AM.
const built = buildRun({
  nodes: [{ memory: 10 * GB, vcores: 8 }],
  amContainer: { memory: GB, vcores: 1 },
  jobs: [
    { submit: 0, firstStart: 0, end: 20, pool: 'a', maps: [1], mapContainer: { memory: GB, vcores: 1 } },
    { submit: 10, firstStart: 10, end: 30, pool: 'b', maps: [1], mapContainer: { memory: GB, vcores: 1 } },
  ],
  attempts: [
    { job: 0, start: 0, end: 20 },
    { job: 1, start: 10, end: 30 },
  ],
  applicationMasters: [
    { job: 0, node: 0, start: 0, end: 20 },
    { job: 1, node: 0, start: 10, end: 30 },
  ],
});

/** The run with pool a of weight 3 and the root's policy given. */
function withPolicy(schedulingPolicy: 'fair' | 'drf'): RunRecord {
  const pools = [{ ...defaultPool('a'), weight: 3 }, defaultPool('b')];
  return { ...built, scenario: { ...built.scenario, pools, schedulerOptions: { fair: { schedulingPolicy } } } };
}

function sharesOf(run: RunRecord) {
  return poolResourceFairShares(run, groupResourceTimeline(run, 'pool', 3, attemptEnds(run))!);
}

describe('poolResourceFairShares', () => {
  it('gives a pool alone the whole cluster, and two pools shares by weight, in memory and, under drf, vcores', () => {
    const [a, b] = sharesOf(withPolicy('drf'));
    // [10, 20): a gets 3/4 of 10240 MB and of 8 vcores, b 1/4.
    expect([...a.fairMemory].map((m) => m / MB)).toEqual([10240, 7680, 0]);
    expect([...b.fairMemory].map((m) => m / MB)).toEqual([0, 2560, 10240]);
    expect([...a.fairVcores!]).toEqual([8, 6, 0]);
    expect([...b.fairVcores!]).toEqual([0, 2, 8]);
  });

  it('leaves out the vcores below a fair root, which divides memory only', () => {
    const [a, b] = sharesOf(withPolicy('fair'));
    expect([...a.fairMemory].map((m) => m / MB)).toEqual([10240, 7680, 0]);
    expect(a.fairVcores).toBeNull();
    expect(b.fairVcores).toBeNull();
  });

  it('takes the pools the jobs name but the scenario does not list as Hadoop’s default pools, under a fair root', () => {
    const [a, b] = sharesOf(built);
    expect([...a.fairMemory].map((m) => m / MB)).toEqual([10240, 5120, 0]);
    expect([...b.fairMemory].map((m) => m / MB)).toEqual([0, 5120, 10240]);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeMetrics, METRICS } from './run-metrics.js';
import { arbitraryRun } from './test-support/arbitrary-run.js';
import { buildRun } from './test-support/run-builder.js';

describe('computeMetrics', () => {
  // Two nodes on two racks, each with 2 map slots and 1 reduce slot, speed 1.
  // User a: min share 3, priority 1; user b is not listed (priority 1, min share 0).
  const run = buildRun({
    nodes: [
      { rack: 'r0', mapSlots: 2, reduceSlots: 1 },
      { rack: 'r1', mapSlots: 2, reduceSlots: 1 },
    ],
    users: [{ id: 'a', minShare: 3 }],
    jobs: [
      { user: 'a', submit: 0, end: 10, weight: 2, maps: [4, 4], reduces: [2] },
      { user: 'b', submit: 2, end: 8, weight: 1, maps: [3] },
    ],
    attempts: [
      { job: 0, task: 0, node: 0, start: 0, end: 4, locality: 'node', bytesIn: 100 },
      { job: 0, task: 1, node: 1, start: 0, end: 4, locality: 'off', bytesIn: 100, networkBytes: 100, byteHops: 400 },
      { job: 1, task: 0, node: 0, start: 2, end: 5, status: 'failed', locality: 'rack', bytesIn: 30, networkBytes: 30 },
      { job: 1, task: 0, attempt: 1, node: 0, start: 5, end: 8, locality: 'rack', bytesIn: 50, networkBytes: 50, byteHops: 100 },
      { job: 0, kind: 'reduce', node: 1, start: 4, end: 10, bytesIn: 80, networkBytes: 40, byteHops: 160 },
    ],
  });
  const m = computeMetrics(run);

  it('computes every metric of a small worked run', () => {
    expect(m).toEqual({
      // span [0, 10]
      makespan: 10,
      // no plan: the run's scheduler did not make one
      plannedMakespan: null,
      planGap: null,
      jobsSucceeded: 2,
      jobsFailed: 0,
      jobsUnfinished: 0,
      // completion times 10 and 6: mean 8, median (6 + 10) / 2 = 8, p95 rank ⌈1.9⌉ = 2 → 10
      meanCompletionTime: 8,
      medianCompletionTime: 8,
      p95CompletionTime: 10,
      maxCompletionTime: 10,
      // 2 × 10 + 1 × 6 = 26
      totalWeightedCompletionTime: 26,
      // map rate 4, reduce rate 2, fastest 1. job 0: max(4, 8/4) + max(2, 2/2) = 6 → 10/6;
      // job 1: max(3, 3/4) = 3 → 6/3 = 2. mean (5/3 + 2) / 2 = 11/6
      meanSlowdown: expect.closeTo(11 / 6, 12),
      maxSlowdown: 2,
      // succeeded maps reading input: node, off, rack → a third each
      mapNodeLocal: expect.closeTo(100 / 3, 12),
      mapRackLocal: expect.closeTo(100 / 3, 12),
      mapOffRack: expect.closeTo(100 / 3, 12),
      // running maps reading input: [0, 2) node + off → 50 %; [2, 4) node, off, rack (failed) → 1/3;
      // [4, 5) rack → 0; [5, 8) rack → 0; [8, 10) none (left out). (50 × 2 + 100/3 × 2) / 8 = 125/6
      mapLocalityOverTime: expect.closeTo(125 / 6, 12),
      // map busy 4 + 4 + 3 + 3 = 14 of 4 × 10 = 40 → 35 %; reduce busy 6 of 2 × 10 = 20 → 30 %
      mapSlotUtilization: 35,
      reduceSlotUtilization: 30,
      memoryUtilization: null,
      vcoreUtilization: null,
      // job 1's first map failed after 3 s
      lostWork: 3,
      // succeeded maps' network bytes 100 + 50; the reduce fetched 80, 40 over the network, 160 byte·hops;
      // total over all attempts 100 + 30 + 50 + 40 = 220
      remoteReadBytes: 150,
      shuffleBytes: 80,
      shuffleNetworkBytes: 40,
      fetchCost: 160,
      networkBytes: 220,
      // no block copy asked for
      replicationBytes: 0,
      // the reduce computes 2 s at speed 1, so its shuffle ran 4–8: 4 s; the record gives no end of
      // job 0's maps, so the tail counts from the reduce's start, 8 − 4 = 4
      meanShuffleTime: 4,
      meanShuffleTail: 4,
      // a holds 2 of 3 slots over [0, 4) with its reduce waiting → 1/3; afterwards no demand.
      // (1/3 × 4) / 10 = 2/15
      minShareDissatisfaction: expect.closeTo(2 / 15, 12),
      // A = slots − min share, both users priority 1. [0, 2): a alone → 0; [2, 4): a −1, b 1 → 2;
      // [4, 8): a −2, b 1 → 3; [8, 10): b done → 0. (2 × 2 + 3 × 4) / 10 = 1.6
      fairness: expect.closeTo(1.6, 12),
    });
  });

  it('METRICS lists every key of RunMetrics once, in the order computeMetrics returns them', () => {
    expect(METRICS.map((d) => d.key)).toEqual(Object.keys(m));
    expect(new Set(METRICS.map((d) => d.label)).size).toBe(METRICS.length);
  });

  it('gives finite numbers or null, so the result survives JSON', () => {
    fc.assert(
      fc.property(arbitraryRun, (r) => {
        const got = computeMetrics(r);
        for (const value of Object.values(got)) {
          if (value !== null) expect(Number.isFinite(value)).toBe(true);
        }
        expect(JSON.parse(JSON.stringify(got))).toEqual(got);
      }),
    );
  });

  it('on random runs: locality sums to 100, dissatisfaction and fairness ≥ 0, weighted completion = Σ w·C', () => {
    fc.assert(
      fc.property(arbitraryRun, (r) => {
        const got = computeMetrics(r);
        if (got.mapNodeLocal !== null) {
          expect(got.mapNodeLocal + (got.mapRackLocal as number) + (got.mapOffRack as number)).toBeCloseTo(100, 9);
        }
        if (got.minShareDissatisfaction !== null) expect(got.minShareDissatisfaction).toBeGreaterThanOrEqual(0);
        if (got.fairness !== null) expect(got.fairness).toBeGreaterThanOrEqual(0);
        const wc = r.jobs
          .filter((j) => j.status === 'succeeded')
          .reduce((s, j) => s + j.weight * ((j.end as number) - j.submit), 0);
        expect(got.totalWeightedCompletionTime).toBe(wc);
      }),
    );
  });
});

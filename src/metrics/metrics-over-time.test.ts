import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attemptEnds } from './attempt-end.js';
import { attemptOrder } from './attempt-order.js';
import { localityOverTime } from './locality-over-time.js';
import { computeMetrics } from './run-metrics.js';
import { runSpan } from './span.js';
import { measureRun } from './metrics-over-time.js';
import { TimeBuckets } from './time-buckets.js';
import { arbitraryRun } from './test-support/arbitrary-run.js';
import { buildRun } from './test-support/run-builder.js';

describe('time buckets', () => {
  it('average a piecewise-constant function over equal buckets, counting each piece where it overlaps', () => {
    // [0, 10] in 4 buckets of 2.5: f = 2 on [1, 6), 4 on [6, 7).
    // Bucket 0 [0, 2.5): 2 × 1.5 = 3 → 1.2; bucket 1: 2 × 2.5 → 2; bucket 2 [5, 7.5): 2 × 1 + 4 × 1 = 6 → 2.4; bucket 3: 0.
    const buckets = new TimeBuckets(0, 10, 4);
    buckets.add(1, 6, 2);
    buckets.add(6, 7, 4);
    buckets.add(-5, 0, 9); // before the span: nothing
    expect(Array.from(buckets.means())).toEqual([1.2, 2, 2.4, 0]);
    // Over the time given only: bucket 2 (2 + 4) / 2 = 3; bucket 3 never given.
    expect(Array.from(buckets.coveredMeans())).toEqual([2, 2, 3, NaN]);
  });

  it('refuse an empty span', () => {
    expect(() => new TimeBuckets(3, 3, 10)).toThrow(RangeError);
  });
});

describe('metrics over time', () => {
  it('chart a hand-built run: dissatisfaction, fairness and locality per bucket', () => {
    // One user (min share 2, priority 1), span [0, 4] in 2 buckets.
    // [0, 2): one local map runs, another waits → dissatisfaction (2 − 1)/2 = 0.5, fairness 0 (one user), locality 100 %.
    // [2, 4): the second map, remote, runs alone, nothing waits → 0; locality 0 %.
    const run = buildRun({
      users: [{ id: 'a', minShare: 2, priority: 1 }],
      jobs: [{ user: 'a', submit: 0, end: 4, maps: [1, 1] }],
      attempts: [
        { job: 0, task: 0, start: 0, end: 2, locality: 'node' },
        { job: 0, task: 1, start: 2, end: 4, locality: 'rack' },
      ],
    });
    const series = measureRun(run, 2).overTime!;
    expect([series.start, series.end]).toEqual([0, 4]);
    expect(Array.from(series.dissatisfaction)).toEqual([0.5, 0]);
    expect(Array.from(series.fairness)).toEqual([0, 0]);
    expect(Array.from(series.locality)).toEqual([100, 0]);
  });

  it('come from the sweeps of the metrics without changing them, on random runs', () => {
    fc.assert(
      fc.property(arbitraryRun, fc.integer({ min: 1, max: 50 }), (run, buckets) => {
        expect(measureRun(run, buckets).metrics).toEqual(computeMetrics(run));
      }),
      { numRuns: 100 },
    );
  });

  it("average back to the run's figures, on random runs", () => {
    fc.assert(
      fc.property(arbitraryRun, fc.integer({ min: 1, max: 50 }), (run, buckets) => {
        const { metrics, overTime: series } = measureRun(run, buckets);
        if (series === null) return;
        const mean = (values: Float64Array) => values.reduce((s, v) => s + v, 0) / values.length;
        expect(mean(series.dissatisfaction)).toBeCloseTo(metrics.minShareDissatisfaction!, 9);
        expect(mean(series.fairness)).toBeCloseTo(metrics.fairness!, 9);
        // Locality: the buckets weighted by the time maps reading input ran in each.
        const locality = new TimeBuckets(series.start, series.end, buckets);
        const ends = attemptEnds(run);
        localityOverTime(run, runSpan(run), ends, attemptOrder(run, ends), locality);
        const busy = locality.coveredTime();
        const total = busy.reduce((s, v) => s + v, 0);
        if (metrics.mapLocalityOverTime === null) expect(total).toBe(0);
        else expect(series.locality.reduce((s, v, i) => s + (busy[i] > 0 ? v * busy[i] : 0), 0) / total).toBeCloseTo(metrics.mapLocalityOverTime, 9);
      }),
      { numRuns: 150 },
    );
  });
});

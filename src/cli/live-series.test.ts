import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../experiment/run-scenario.js';
import { loadScenario } from '../input/load-scenario.js';
import { attemptEnds } from '../metrics/attempt-end.js';
import { KIND_MAP } from '../model/run-record.js';
import { LIVE_BINS, runSeries } from './live-series.js';

const tiny = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));

describe('runSeries', () => {
  const { run } = runScenario(loadScenario(tiny), 'fair');
  const series = runSeries(run)!;

  it('cuts the run from its first submission to its end into LIVE_BINS even stretches of simulated time, each line a point a stretch', () => {
    expect(LIVE_BINS).toBeGreaterThanOrEqual(200);
    const first = Math.min(...run.jobs.map((job) => job.submit));
    const width = (run.endTime - first) / LIVE_BINS;
    expect(series.times).toHaveLength(LIVE_BINS);
    expect(series.times[0]).toBeCloseTo(first, 1);
    expect(series.times[LIVE_BINS - 1]).toBeCloseTo(first + (LIVE_BINS - 1) * width, 1);
    expect(series.runningMaps).toHaveLength(LIVE_BINS);
    expect(series.runningReduces).toHaveLength(LIVE_BINS);
    expect(series.pools.map((pool) => pool.pool)).toEqual(['alice', 'bob']);
    for (const pool of series.pools) expect(pool.maps).toHaveLength(LIVE_BINS);
  });

  it("averages each stretch, so the line's area is the run's map time, and the pools' lines add up to the cluster's", () => {
    const ends = attemptEnds(run);
    let mapSeconds = 0;
    for (let i = 0; i < run.attempts.count; i++) if (run.attempts.kind[i] === KIND_MAP) mapSeconds += ends[i] - run.attempts.start[i];
    const width = (run.endTime - series.times[0]) / LIVE_BINS;
    const area = series.runningMaps.reduce((sum, maps) => sum + maps * width, 0);
    // Each stretch's average is rounded to a tenth of a map.
    expect(Math.abs(area - mapSeconds)).toBeLessThan(0.05 * width * LIVE_BINS + 1e-9);
    expect(mapSeconds).toBeGreaterThan(0);
    series.runningMaps.forEach((maps, bin) => expect(series.pools.reduce((sum, pool) => sum + pool.maps[bin], 0)).toBeCloseTo(maps, 0));
  });
});

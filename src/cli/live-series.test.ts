import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../experiment/run-scenario.js';
import { loadScenario } from '../input/load-scenario.js';
import { attemptEnds } from '../metrics/attempt-end.js';
import { KIND_MAP } from '../model/run-record.js';
import type { SimulationProgress } from '../sim/index.js';
import { LIVE_BINS, liveProgressStep, runSeries } from './live-series.js';

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

describe('liveProgressStep', () => {
  const scenario = loadScenario(fileURLToPath(new URL('../../examples/default.yaml', import.meta.url)));

  it('reports by simulated time while a run goes: a point a step from the first event, hundreds a run', () => {
    const step = liveProgressStep(scenario);
    const reports: SimulationProgress[] = [];
    const { run } = runScenario(scenario, 'fifo', { onProgress: (progress) => reports.push(progress), progressStep: step });
    const first = Math.min(...run.jobs.map((job) => job.submit));
    expect(reports[0].now).toBe(first);
    // A report by time follows the first event at or past a step after the one before it (those by events come between); the last is the run's end.
    const byTime = reports.filter((report, k) => k === 0 || report.now - reports[k - 1].now >= step);
    expect(byTime.length).toBeGreaterThanOrEqual(200);
    expect(reports.at(-1)!.jobsDone).toBe(run.jobs.length);
  });

  it('spans the submissions, or the work over the slots for a batch submitted at once', () => {
    const submits = scenario.jobs.map((job) => job.submitTime);
    expect(liveProgressStep(scenario)).toBeGreaterThanOrEqual((Math.max(...submits) - Math.min(...submits)) / LIVE_BINS);
    const batch = { ...scenario, jobs: scenario.jobs.map((job) => ({ ...job, submitTime: 0 })) };
    expect(liveProgressStep(batch)).toBeGreaterThan(0);
  });
});

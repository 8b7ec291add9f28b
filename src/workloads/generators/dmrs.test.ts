import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../input/load-scenario.js';
import { resolveScenario } from '../../input/resolve-scenario.js';
import { inputErrorOf } from '../../test-support/input-error.js';
import { scenarioText } from '../generated-scenario.js';
import { dmrsScenario } from './dmrs.js';

describe('DMRS workload generator', () => {
  it('E2: 12 × 1 GB/64 MB, 4 × 0.5 GB/32 MB and 4 × 2 GB/128 MB jobs, in two equal groups, weights in 1–5', () => {
    const scenario = parseScenarioText(scenarioText(dmrsScenario({ experiment: 'E2', benchmark: 'sort' }), 'test', false), 'e2.yaml');
    const jobs = scenario.jobs;
    expect(jobs).toHaveLength(20);
    const mapsOf = (prefix: string) => jobs.filter((j) => j.id.startsWith(prefix)).map((j) => j.maps.length);
    // 1 GB / 64 MB = 16 maps; 0.5 GB / 32 MB = 16; 2 GB / 128 MB = 16: every job has 16 maps of different sizes.
    expect(new Set(mapsOf('medium-'))).toEqual(new Set([16]));
    expect(new Set(mapsOf('small-'))).toEqual(new Set([16]));
    expect(jobs.find((j) => j.id.startsWith('large-'))?.maps.at(0).inputBytes).toBe(128 * 2 ** 20);
    expect(jobs.every((j) => j.reduces.length === 4)).toBe(true);
    expect(jobs.filter((j) => j.submitTime === 0)).toHaveLength(10);
    expect(jobs.filter((j) => j.submitTime === 600)).toHaveLength(10);
    expect(jobs.every((j) => [1, 2, 3, 4, 5].includes(j.weight))).toBe(true);
    expect(new Set(jobs.map((j) => j.weight)).size).toBeGreaterThan(1);
  });

  it('E4: TeraSort elephants of 2 GB and mice of 0.5 GB, 18 in all, on fast and slow one-container machines', () => {
    const { scenario } = dmrsScenario({ experiment: 'E4', elephants: 4, fast: 2, slow: 3, speedRatio: 3 });
    const resolved = resolveScenario(scenario, 'e4');
    expect(resolved.jobs.filter((j) => j.id.startsWith('elephant-')).map((j) => j.maps.length)).toEqual([32, 32, 32, 32]);
    expect(resolved.jobs.filter((j) => j.id.startsWith('mouse-'))).toHaveLength(14);
    expect(resolved.cluster.nodes.map((n) => [n.id, n.speed, n.totalSlots])).toEqual([
      ['fast1', 3, 1],
      ['fast2', 3, 1],
      ['slow1', 1, 1],
      ['slow2', 1, 1],
      ['slow3', 1, 1],
    ]);
  });

  it('draws task times within ±20% of the benchmark’s rate times the data each task handles', () => {
    const resolved = resolveScenario(dmrsScenario({ experiment: 'E1', benchmark: 'wordcount' }).scenario, 'e1');
    // WordCount map: 0.5 s/MB × 64 MB = 32 s, so in [25.6, 38.4]; its 1 reduce sorts 0.25 × 1024 MB = 256 MB
    // at 0.2 s/MB = 51.2 s, so in [40.96, 61.44].
    for (const job of resolved.jobs) {
      const works = job.maps.toArray().map((m) => m.work);
      expect(Math.min(...works)).toBeGreaterThanOrEqual(25.6);
      expect(Math.max(...works)).toBeLessThanOrEqual(38.4);
      expect(job.reduces).toHaveLength(1);
      expect(job.reduces[0].work).toBeGreaterThanOrEqual(40.96);
      expect(job.reduces[0].work).toBeLessThanOrEqual(61.44);
    }
  });

  it('refuses a benchmark other than TeraSort for E4, no machines, and a bad ratio, naming each', () => {
    const error = inputErrorOf(() => dmrsScenario({ experiment: 'E4', benchmark: 'sort', fast: 0, slow: 0, speedRatio: -1 }));
    expect(error.problems.map((p) => p.path).sort()).toEqual(['benchmark', 'fast', 'speedRatio']);
  });
});

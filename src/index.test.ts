/** The README's library example, run against the public API. */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { compare, loadScenario, runScenario, builtinSchedulers, checkRunInvariants, htaInstance, flowAssign, optimalAssign, PAPER_EXPERIMENTS, readSweepSpec, runSweep } from './index.js';

const tiny = fileURLToPath(new URL('../examples/tiny.yaml', import.meta.url));

describe('the public API', () => {
  it('runs the README example: one run, then a comparison with intervals', () => {
    const scenario = loadScenario(tiny, { seed: 7 });
    const { run, metrics } = runScenario(scenario, 'fair');
    expect(metrics.makespan).toBeGreaterThan(0);
    expect(metrics.jobsSucceeded).toBe(3);
    expect(checkRunInvariants(run)).toEqual([]);

    const comparison = compare((seed) => loadScenario(tiny, { seed }), {
      schedulers: ['fifo', 'fair', 'capacity'],
      replications: 3,
    });
    expect(comparison.seeds).toEqual([1, 2, 3]);
    for (const result of comparison.results) {
      const interval = result.intervals.meanCompletionTime!;
      expect(interval.n).toBe(3);
      expect(interval.low!).toBeLessThanOrEqual(interval.mean);
    }
  });

  it('lists the built-in schedulers by name', () => {
    expect(builtinSchedulers().names()).toEqual(['fifo', 'fair', 'capacity', 'flow', 'uaas', 'mkjr']);
  });

  it('plans a task assignment with the HTA planners', async () => {
    // t0 and t1 stored on s0 only, t2 on s0 and s1: t2 on s1 keeps all local, loads 2 and 1.
    const instance = htaInstance({
      servers: ['s0', 's1'],
      tasks: [
        { id: 't0', replicas: ['s0'] },
        { id: 't1', replicas: ['s0'] },
        { id: 't2', replicas: ['s0', 's1'] },
      ],
      wLoc: 1,
      wRem: { kind: 'constant', value: 3 },
    });
    expect(flowAssign(instance).maxLoad).toBe(2);
    expect((await optimalAssign(instance)).loads?.maxLoad).toBe(2);
  });

  it('exports the sweep runner and the papers’ experiments', () => {
    expect([typeof readSweepSpec, typeof runSweep]).toEqual(['function', 'function']);
    expect(PAPER_EXPERIMENTS.map((e) => e.name)).toContain('tian-five-jobs');
  });
});

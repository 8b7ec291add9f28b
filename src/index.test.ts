/** The README's library example, run against the public API. */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
  compare,
  loadScenario,
  runScenario,
  builtinSchedulers,
  checkRunInvariants,
  htaInstance,
  flowAssign,
  optimalAssign,
  classifyWorkload,
  allocateClasses,
  loadLinearSolver,
  PAPER_EXPERIMENTS,
  readSweepSpec,
  runSweep,
} from './index.js';

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
    expect(builtinSchedulers().names()).toEqual(['fifo', 'fair', 'capacity', 'flow', 'uaas', 'mkjr', 'adaptive', 'dmrs', 'dmrs-identical', 'dmrs-map-only']);
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

  it('classifies job types and matches the classes to resources, synchronously once HiGHS is loaded', async () => {
    // Two job types of a min-share user with the same rates and arrival rate: one class of arrival rate 2 × 1.225 = 2.45;
    // a third type (no min share) is only in the fairness classification. Its LP is the 2×2 example: λ* = 50/49.
    const estimate = {
      resources: ['R1', 'R2'],
      jobTypes: [
        { id: 'a', priority: 1, hasMinShare: true, arrivalRate: 1.225, rates: [9, 5] },
        { id: 'b', priority: 1, hasMinShare: true, arrivalRate: 1.225, rates: [9, 5] },
        { id: 'c', priority: 1, hasMinShare: false, arrivalRate: 2.45, rates: [2, 1] },
      ],
    };
    const { minShare, fairness } = classifyWorkload(estimate);
    expect(minShare.classes.map((c) => c.arrivalRate)).toEqual([2.45]);
    const solver = await loadLinearSolver();
    const allocation = allocateClasses({ resources: estimate.resources, classes: fairness.classes }, solver);
    expect(allocation.lambda).toBeCloseTo(50 / 49, 12);
    expect(allocation.suggested).toEqual([[1], [0, 1]]);
  });

  it('exports the sweep runner and the papers’ experiments', () => {
    expect([typeof readSweepSpec, typeof runSweep]).toEqual(['function', 'function']);
    expect(PAPER_EXPERIMENTS.map((e) => e.name)).toContain('tian-five-jobs');
  });
});

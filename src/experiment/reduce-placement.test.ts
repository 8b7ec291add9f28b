import { describe, expect, it } from 'vitest';
import { defaultMaxInService, reducePlacementExperiment } from './reduce-placement.js';

describe('the reduce placement experiment', () => {
  it('pairs the placements per replication over the same runs: random costs E[X]·E[cost] ≈ 2,550, greedy less, rhc less still in reading 2', () => {
    const experiment = reducePlacementExperiment({ loads: [0.5], reading: 2, jobs: 10_000, replications: 3 });
    const [load] = experiment.loads;
    const [random, greedy, rhc] = load.placements;
    expect(load.placements.map((p) => p.placement)).toEqual(['random', 'greedy', 'rhc']);
    expect(random.meanCost.mean).toBeGreaterThan(2400);
    expect(random.meanCost.mean).toBeLessThan(2700);
    // Half the slots busy: greedy finds the cheapest free slots already taken, rhc keeps some for larger jobs.
    for (let r = 0; r < 3; r++) {
      expect(greedy.costs[r]).toBeLessThan(random.costs[r]);
      expect(rhc.costs[r]).toBeLessThan(greedy.costs[r]);
    }
    expect(rhc.savingVsGreedy.low!).toBeGreaterThan(0.05);
    expect(load.meanBusySlots.mean).toBeGreaterThan(450);
    expect(load.meanBusySlots.mean).toBeLessThan(520);
  });

  it('takes K = ⌊r/10⌋ in reading 1 and no limit in reading 2, unless told', () => {
    expect(defaultMaxInService(1, 1000)).toBe(100);
    expect(defaultMaxInService(2, 1000)).toBe(Infinity);
    const experiment = reducePlacementExperiment({ loads: [0.3], reading: 1, jobs: 500, replications: 1, maxInService: 3 });
    expect(experiment.model.maxInService).toBe(3);
    expect(experiment.loads[0].placements.map((p) => p.placement)).toEqual(['random', 'greedy', 'rhc', 'thresholds']);
  });

  it('refuses loads outside (0, 1) and replications below 1', () => {
    expect(() => reducePlacementExperiment({ loads: [1], reading: 1 })).toThrow(RangeError);
    expect(() => reducePlacementExperiment({ loads: [0.5], reading: 1, replications: 0 })).toThrow(RangeError);
  });
});

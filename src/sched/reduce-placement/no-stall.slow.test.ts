/**
 * No fetch-cost placement can stall a run, even allowed to wait far longer
 * than the runs last: a job waits only for free slots, and every live node
 * with a free reduce slot heartbeats while a reduce is runnable, so the slots
 * its rule picks are offered to it within a heartbeat or two (or taken by
 * another job, and it picks again). Held to the conformance check with a
 * `maxDelay` of 2,000 s under every scheduler that takes a reduce placement.
 */
import { describe, expect, it } from 'vitest';
import { checkSchedulerConformance } from '../../experiment/conformance.js';
import { loadLinearSolver } from '../../solvers/linear-program.js';
import { builtinSchedulers } from '../index.js';
import type { ReducePlacementFactory } from '../types.js';
import { greedyReducePlacement, randomReducePlacement, rhcReducePlacement } from './index.js';
import type { FetchCostOptions } from './options.js';

/** The placement, registered as `<name>-patient`, with `maxDelay: 2000` whatever the scenario says. */
function patient(factory: ReducePlacementFactory<FetchCostOptions>): ReducePlacementFactory<FetchCostOptions> {
  return { ...factory, name: `${factory.name}-patient`, create: (setup) => factory.create({ ...setup, options: { ...setup.options, maxDelay: 2000 } }) };
}

const solver = await loadLinearSolver();
const registry = builtinSchedulers();
for (const factory of [randomReducePlacement, greedyReducePlacement, rhcReducePlacement]) registry.register(patient(factory));
// Every scheduler whose reduce placement users may swap (the DMRS ones place their own).
const runs = registry
  .list()
  .filter((scheduler) => scheduler.placements?.reduce !== undefined)
  .flatMap((scheduler) => ['random', 'greedy', 'rhc'].map((placement) => `${scheduler.name}+${placement}-patient`));

describe.each(runs)('%s', (name) => {
  it('passes the conformance check (no stall, every job ended) on 60 random scenarios', () => {
    const report = checkSchedulerConformance(name, { registry, scenarios: 60, solver });
    expect(report.failures.map((failure) => `#${failure.index}: ${failure.problems.join('; ')}`)).toEqual([]);
  });
});

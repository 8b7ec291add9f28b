/**
 * The conformance suite every registered scheduler passes: on random small
 * scenarios (heterogeneous nodes, racks, split or unified slots, data with
 * replicas, reduces, node failures and recoveries) no slot is over-booked,
 * nothing launches before its job is submitted or on a dead node, no task
 * runs twice at once, every job of the finite scenario ends, and the same
 * seed gives the same run.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { simulate } from '../sim/simulate.js';
import { checkRunInvariants } from '../sim/invariants.js';
import { testScenario, type TestJob, type TestNode } from '../test-support/scenario.js';
import type { NodeFailure, Scenario } from '../model/scenario.js';
import { builtinSchedulers, createScheduler } from './index.js';

const nodeArb: fc.Arbitrary<TestNode> = fc
  .record({
    rack: fc.constantFrom('r1', 'r2', 'r3'),
    speed: fc.constantFrom(0.5, 1, 2),
    slots: fc.integer({ min: 1, max: 3 }),
    reduceSlots: fc.integer({ min: 0, max: 2 }),
    unified: fc.boolean(),
  })
  .map(({ rack, speed, slots, reduceSlots, unified }) =>
    unified
      ? { rack, speed, mapSlots: slots + 1, reduceSlots: slots + 1, totalSlots: slots + 1, slotModel: 'unified' as const }
      : { rack, speed, mapSlots: slots, reduceSlots: Math.max(1, reduceSlots) },
  );

function jobArb(nodeCount: number): fc.Arbitrary<TestJob> {
  const map = fc.record({
    inputBytes: fc.constantFrom(0, 50, 200),
    replicas: fc.uniqueArray(fc.integer({ min: 0, max: nodeCount - 1 }), { minLength: 1, maxLength: 3 }),
    work: fc.integer({ min: 1, max: 20 }),
    outputBytes: fc.constantFrom(0, 10, 100),
  });
  return fc.record({
    user: fc.constantFrom('ann', 'bob', 'cy'),
    submit: fc.integer({ min: 0, max: 60 }),
    weight: fc.constantFrom(1, 2),
    priority: fc.constantFrom('HIGH' as const, 'NORMAL' as const),
    maps: fc.array(map, { minLength: 0, maxLength: 6 }),
    reduces: fc.array(fc.record({ work: fc.integer({ min: 1, max: 10 }) }), { maxLength: 3 }),
  });
}

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .array(nodeArb, { minLength: 1, maxLength: 5 })
  .chain((nodes) =>
    fc.record({
      nodes: fc.constant(nodes),
      jobs: fc.array(jobArb(nodes.length), { minLength: 1, maxLength: 6 }),
      slowStart: fc.constantFrom(0, 0.05, 0.5, 1),
      outOfBand: fc.boolean(),
      seed: fc.integer({ min: 1, max: 1000 }),
      failures: fc.array(
        fc.record({
          node: fc.integer({ min: 0, max: nodes.length - 1 }),
          at: fc.integer({ min: 1, max: 80 }),
          downFor: fc.integer({ min: 1, max: 40 }),
        }),
        { maxLength: 2 },
      ),
    }),
  )
  .map(({ nodes, jobs, slowStart, outOfBand, seed, failures }) => {
    const settled: NodeFailure[] = failures
      .filter((f, i) => failures.findIndex((g) => g.node === f.node) === i)
      .map((f) => ({ node: f.node, at: f.at + 0.25, recoverAt: f.at + f.downFor + 0.25 }));
    return testScenario({
      nodes,
      jobs: jobs.map((job, i) => ({ ...job, id: `j${i}` })),
      settings: { slowStart, outOfBandHeartbeat: outOfBand, seed, heartbeatInterval: 3, failures: settled },
    });
  });

describe.each(builtinSchedulers().list())('scheduler $name conforms', (factory) => {
  it('keeps every whole-run invariant and ends every job, on random scenarios', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        // A scheduler that re-splits jobs runs on the scenario as given too (a library caller may skip `prepare`).
        for (const ran of factory.prepare === undefined ? [scenario] : [scenario, factory.prepare(scenario)]) {
          const run = simulate(ran, createScheduler(factory, ran));
          expect(checkRunInvariants(run)).toEqual([]);
          expect(run.stalled).toBe(false);
          expect(run.jobs.filter((job) => job.status === 'unfinished')).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same run for the same seed', () => {
    fc.assert(
      fc.property(scenarioArb, (given) => {
        const scenario = factory.prepare?.(given) ?? given;
        const first = simulate(scenario, createScheduler(factory, scenario));
        const second = simulate(scenario, createScheduler(factory, scenario));
        expect(second.attempts).toEqual(first.attempts);
        expect(second.jobs).toEqual(first.jobs);
      }),
      { numRuns: 30 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { planBalancedPools, poolRun, poolUnits } from './balanced-pools.js';
import { mapTaskCount } from './task-level.js';
import { exhaustivePools } from './exact-check.js';
import type { MakespanProblem } from './problem.js';
import { FIVE_JOBS, TWO_JOBS, TWO_JOBS_NODE_FAILED, twoJobsByTask } from './test-support/paper-examples.js';

describe('BalancedPools on the five-job example (spec 1.6)', () => {
  const plan = planBalancedPools(FIVE_JOBS);

  it('puts J1, J2, J5 in a 10 × 10 pool (39) and J3, J4 in a 20 × 20 pool (40): makespan 40', () => {
    // Sorted by map tasks: J3, J4 (20) then J1, J2, J5 (30). At split k = 2 the binary search over
    // x ∈ [1, 29] tries 15, 22, 18, 20, 21 and keeps x = 20: pool {J3, J4} at 20 × 20 runs J4 (6, 30),
    // J3 (30, 4): maps 0–6, 6–36, reduces 6–36, 36–40 → 40. Pool {J1, J2, J5} at 10 × 10 slows each
    // by 30/10: J1 (12, 15), J2 (3, 12), J5 (6, 9), order J2, J5, J1: maps end 3, 9, 21,
    // reduces 3–15, 15–24, 24–39 → 39.
    expect(plan.pools).toEqual([
      { jobs: ['J4', 'J3'], mapSlots: 20, reduceSlots: 20, makespan: 40 },
      { jobs: ['J2', 'J5', 'J1'], mapSlots: 10, reduceSlots: 10, makespan: 39 },
    ]);
    expect(plan.makespan).toBe(40);
    expect(plan.unsplitMakespan).toBe(47);
    expect(plan.order).toEqual(['J4', 'J3', 'J2', 'J5', 'J1']);
    expect(plan.stages.find((s) => s.job === 'J1')).toEqual({
      job: 'J1', mapStart: 9, mapEnd: 21, reduceStart: 24, reduceEnd: 39, mapSlots: 10, reduceSlots: 10, pool: 1,
    });
  });

  it('is the best of every two-pool split and pool size', () => {
    expect(exhaustivePools(FIVE_JOBS).makespan).toBe(40);
  });
});

describe('BalancedPools on the two-job example (spec 1.6, pools in nodes of 2 + 2 slots)', () => {
  it('on 5 nodes gives J1 2 nodes (22.5 + 10) and J2 3 nodes (14.67 + 15): 32.5', () => {
    // Sorted by map tasks: J2 (8), J1 (10). J2 on 6 slots: 11·8/6 + 15 = 29.67; J1 on 4: 9·10/4 + 10 = 32.5.
    const plan = planBalancedPools(TWO_JOBS);
    expect(plan.pools).toEqual([
      { jobs: ['J2'], mapSlots: 6, reduceSlots: 6, makespan: (11 * 8) / 6 + 15 },
      { jobs: ['J1'], mapSlots: 4, reduceSlots: 4, makespan: 32.5 },
    ]);
    expect(plan.makespan).toBe(32.5);
    expect(plan.unsplitMakespan).toBe(35);
  });

  it('on 4 nodes the best split is 2 / 2 at 37, so it keeps the whole cluster (36)', () => {
    // Split 2 / 2: J1 on 4 slots 22.5 + 10 = 32.5, J2 on 4: 22 + 15 = 37. The whole 8 × 8 cluster
    // runs J2 (11, 15), J1 (11.25, 10) in Johnson order: maps 0–11, 11–22.25, reduces 11–26, 26–36.
    const plan = planBalancedPools(TWO_JOBS_NODE_FAILED);
    expect(plan.pools).toEqual([{ jobs: ['J2', 'J1'], mapSlots: 8, reduceSlots: 8, makespan: 36 }]);
    expect(plan.makespan).toBe(36);
    const units = poolUnits(TWO_JOBS_NODE_FAILED.cluster);
    const split = (x: number) =>
      Math.max(
        poolRun(TWO_JOBS_NODE_FAILED.jobs, [1], x * units.mapSlots, x * units.reduceSlots).makespan,
        poolRun(TWO_JOBS_NODE_FAILED.jobs, [0], (4 - x) * units.mapSlots, (4 - x) * units.reduceSlots).makespan,
      );
    expect(split(2)).toBe(37);
  });

  it('by task waves keeps the whole cluster on 5 nodes (35) and splits 2 / 2 on 4 nodes (37)', () => {
    // 5 nodes, split 3 / 2 nodes for J2 / J1: J2 on 6 slots, 2 waves: 22 + 15 = 37; J1 on 4, 3 waves 27 + 10 = 37.
    // Split 2 / 3: J2 on 4, 2 waves: 37; J1 on 6, 2 waves 18 + 10 = 28. Neither beats 35.
    expect(planBalancedPools(twoJobsByTask({ mapSlots: 10, reduceSlots: 10, nodes: 5 })).makespan).toBe(35);
    // 4 nodes whole: J1 takes 2 waves (18, 10), J2 (11, 15): Johnson J2, J1: maps 0–11, 11–29; reduces 11–26, 29–39.
    // Split 2 / 2: J2 on 4 slots 22 + 15 = 37, J1 on 4 slots 27 + 10 = 37: 37 beats 39.
    const plan = planBalancedPools(twoJobsByTask({ mapSlots: 8, reduceSlots: 8, nodes: 4 }));
    expect(plan.unsplitMakespan).toBe(39);
    expect(plan.makespan).toBe(37);
    expect(plan.pools!.map((p) => [p.jobs, p.mapSlots])).toEqual([
      [['J2'], 4],
      [['J1'], 4],
    ]);
  });
});

/** Small random batches on a cluster of up to 12 units. */
const smallProblem: fc.Arbitrary<MakespanProblem> = fc
  .record({
    units: fc.integer({ min: 1, max: 12 }),
    jobs: fc.array(
      fc.record({
        mapSlots: fc.integer({ min: 1, max: 12 }),
        reduceSlots: fc.integer({ min: 1, max: 12 }),
        mapDuration: fc.integer({ min: 0, max: 20 }),
        reduceDuration: fc.integer({ min: 0, max: 20 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ units, jobs }) => ({
    cluster: { mapSlots: units, reduceSlots: units },
    jobs: jobs.map((job, i) => ({ id: `J${i + 1}`, ...job })),
  }));

describe('BalancedPools against exhaustive search', () => {
  it('is never better than the best of every split and pool size, nor worse than the whole cluster', () => {
    fc.assert(
      fc.property(smallProblem, (problem) => {
        const plan = planBalancedPools(problem);
        // The search visits a pool's jobs in another order than the planner, so equal makespans may differ in the last bit.
        expect(plan.makespan).toBeGreaterThanOrEqual(exhaustivePools(problem).makespan * (1 - 1e-12));
        expect(plan.makespan).toBeLessThanOrEqual(plan.unsplitMakespan!);
      }),
      { numRuns: 200 },
    );
  });

  it('finds, for its split points, the best pool size: the binary search equals a scan of every size', () => {
    // Proportional slowdown makes a pool's makespan fall as it grows, so the crossing the search finds is the best size.
    fc.assert(
      fc.property(smallProblem, (problem) => {
        const { jobs } = problem;
        const units = poolUnits(problem.cluster);
        const sorted = jobs.map((_, i) => i).sort((i, j) => mapTaskCount(jobs[i]) - mapTaskCount(jobs[j]) || i - j);
        const run = (members: number[], x: number) => poolRun(jobs, members, x * units.mapSlots, x * units.reduceSlots).makespan;
        let best = run(sorted, units.count);
        for (let k = 1; k < jobs.length; k++) {
          for (let x = 1; x < units.count; x++) best = Math.min(best, Math.max(run(sorted.slice(0, k), x), run(sorted.slice(k), units.count - x)));
        }
        expect(planBalancedPools(problem).makespan).toBe(best);
      }),
      { numRuns: 200 },
    );
  });

  it('reports pools whose makespans the stages bear out', () => {
    fc.assert(
      fc.property(smallProblem, (problem) => {
        const plan = planBalancedPools(problem);
        plan.pools!.forEach((pool, p) => {
          const ends = plan.stages.filter((s) => s.pool === p).map((s) => s.reduceEnd);
          expect(Math.max(...ends)).toBe(pool.makespan);
          expect(pool.jobs).toEqual(plan.stages.filter((s) => s.pool === p).map((s) => s.job));
        });
        expect(plan.pools!.reduce((n, pool) => n + pool.mapSlots, 0)).toBe(problem.cluster.mapSlots);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { Random } from '../../util/random.js';
import { reducePlacementRule } from './placement-rule.js';
import { replayPlacement } from './placement-replay.js';
import { ARRIVE, ENTER, LEAVE, PAPER_MODEL, queueTrajectory, type Trajectory } from './queueing-model.js';

/** Three one-reducer jobs on four slots of costs 1, 2, 3, 4: A (X = 20) and B (X = 2) run together, A leaves, C (X = 10) comes. */
function handRun(): Trajectory {
  const steps: [number, number, number][] = [
    [ARRIVE, 0, 0],
    [ENTER, 0, 1],
    [ARRIVE, 1, 1],
    [ENTER, 1, 2],
    [LEAVE, 0, 1],
    [ARRIVE, 2, 1],
    [ENTER, 2, 2],
    [LEAVE, 1, 1],
    [LEAVE, 2, 0],
  ];
  return {
    model: { ...PAPER_MODEL, jobs: 3, slots: 4, maxReducers: 1, load: 0.5, reading: 1, maxInService: Infinity },
    slotCosts: Float64Array.from([1, 2, 3, 4]),
    data: Float64Array.from([20, 2, 10]),
    reducers: Int32Array.from([1, 1, 1]),
    kind: Uint8Array.from(steps, (s) => s[0]),
    job: Int32Array.from(steps, (s) => s[1]),
    count: Int32Array.from(steps, (s) => s[2]),
    meanBusySlots: 0,
    meanJobsPresent: 0,
    delayedJobs: 0,
    placementSeed: 1,
  };
}

describe('replaying a placement over a run of the queue', () => {
  it('charges (X/R)·cost per reducer and gives slots back when a job leaves: greedy on the hand run costs 34/3 per job', () => {
    // A takes cost 1: 20. B takes 2: 2·2 = 4. A leaves; C takes 1 again: 10. (20 + 4 + 10)/3.
    expect(replayPlacement(handRun(), reducePlacementRule({ name: 'greedy' }))).toBeCloseTo(34 / 3, 12);
  });

  it('lets rhc keep the best free slot from a job with little data: the hand run costs 36/3 per job', () => {
    // A finds nobody: N̄ = 0, p̂ = 0, greedy: cost 1 → 20.
    // B finds A: N̄ = 1/2, p̂ = 1/4, Ȳ = (20 + 2)/2 = 11, threshold 1·(1/4)·11 = 2.75 > 2: rank 1 of {2, 3, 4}, cost 3 → 6.
    // C finds B: N̄ = 2/3, p̂ = 2/7, Ȳ = 32/3, threshold 64/21 ≈ 3.05 ≤ 10: the cheapest of {1, 2, 4} → 10.
    expect(replayPlacement(handRun(), reducePlacementRule({ name: 'rhc', window: 10 }))).toBe(12);
  });

  it('costs E[X]·E[cost] per job with random placement, over ten times what greedy costs when almost every slot is free (reading 1, ρ = 0.3)', () => {
    const run = queueTrajectory({ ...PAPER_MODEL, jobs: 5000, load: 0.3, reading: 1, maxInService: Infinity }, 4);
    const greedy = replayPlacement(run, reducePlacementRule({ name: 'greedy' }));
    const random = replayPlacement(run, reducePlacementRule({ name: 'random', random: new Random(run.placementSeed) }));
    // A job's reducers fetch X in all, each unit at a random slot's cost: E[X]·E[cost] = 50.5·50.5 ≈ 2,550 per job.
    expect(random).toBeGreaterThan(2400);
    expect(random).toBeLessThan(2700);
    expect(greedy).toBeLessThan(random / 10);
  });
});

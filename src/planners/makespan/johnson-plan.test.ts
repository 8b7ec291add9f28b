import { describe, expect, it } from 'vitest';
import { flowShopMakespan } from './flow-shop.js';
import { planJohnson } from './johnson-plan.js';
import { standaloneDurations } from './stage-durations.js';
import { FIVE_JOBS, TWO_JOBS, TWO_JOBS_NODE_FAILED, twoJobsByTask } from './test-support/paper-examples.js';

describe('johnson: Johnson\'s rule on standalone durations', () => {
  it('gives the paper\'s "MK_JR = 47" on the five jobs: J2, J5, J1, J4, J3', () => {
    const plan = planJohnson(FIVE_JOBS);
    expect(plan.order).toEqual(['J2', 'J5', 'J1', 'J4', 'J3']);
    expect(plan.makespan).toBe(47);
    expect(plan.model).toBe('standalone');
    // J3 and J4 use the 20 slots they requested, the others all 30.
    expect(plan.stages.map((s) => s.mapSlots)).toEqual([30, 30, 30, 20, 20]);
  });

  it('gives the paper\'s "MK_JR = 35" on the two jobs at 10 × 10: both Map-type, J1 (9) before J2 (11)', () => {
    // Maps 0–9, 9–20; reduces J1 9–19, J2 20–35. (35 − 18.8)/18.8 = 86.17%.
    const plan = planJohnson(TWO_JOBS);
    expect(plan.order).toEqual(['J1', 'J2']);
    expect(plan.makespan).toBe(35);
    expect(((plan.makespan - 18.8) / 18.8) * 100).toBeCloseTo(86.17, 2);
  });

  it('cannot give the paper\'s "MK_JR = 43" after the node failure: 44, 37.25 or, re-ordered, 36 and 39', () => {
    // By task waves J1's map takes two waves: (18, 10), J2 (11, 15); kept in the order J1, J2: 18 + 11 = 29, 29 + 15 = 44.
    const waves = twoJobsByTask(TWO_JOBS_NODE_FAILED.cluster);
    const byWaves = standaloneDurations(waves.jobs, 8, 8);
    expect([...byWaves.map]).toEqual([18, 11]);
    expect(flowShopMakespan(byWaves.map, byWaves.reduce, [0, 1])).toBe(44);
    // In proportion, J1 (11.25, 10), J2 (11, 15), kept J1, J2: 22.25 + 15 = 37.25.
    const proportional = standaloneDurations(TWO_JOBS_NODE_FAILED.jobs, 8, 8);
    expect([...proportional.map]).toEqual([11.25, 11]);
    expect(flowShopMakespan(proportional.map, proportional.reduce, [0, 1])).toBe(37.25);
    // Either way J1 becomes Reduce-type and Johnson switches to J2, J1.
    expect(planJohnson(TWO_JOBS_NODE_FAILED)).toMatchObject({ order: ['J2', 'J1'], makespan: 36 });
    expect(planJohnson(waves)).toMatchObject({ order: ['J2', 'J1'], makespan: 39 });
  });

  it('orders n = 1 as itself with C = a + b', () => {
    const plan = planJohnson({ cluster: { mapSlots: 4, reduceSlots: 4 }, jobs: [{ id: 'only', mapSlots: 4, reduceSlots: 2, mapDuration: 3, reduceDuration: 5 }] });
    expect(plan).toMatchObject({ order: ['only'], makespan: 8 });
  });
});

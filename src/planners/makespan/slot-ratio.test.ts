import { describe, expect, it } from 'vitest';
import { planMkjr } from './mkjr.js';
import { planSlotRatio, slotSplits } from './slot-ratio.js';
import { exactOptimum } from './exact-check.js';
import { FIVE_JOBS, TWO_JOBS } from './test-support/paper-examples.js';

describe('slot-ratio: the map/reduce split with the least estimated makespan', () => {
  it('tries every per-node split when the cluster gives nodes, else every split of the total', () => {
    // Five nodes of 4 slots: 1 + 3, 2 + 2, 3 + 1 per node.
    expect(slotSplits(TWO_JOBS)).toEqual([
      { mapSlots: 5, reduceSlots: 15 },
      { mapSlots: 10, reduceSlots: 10 },
      { mapSlots: 15, reduceSlots: 5 },
    ]);
    expect(slotSplits(FIVE_JOBS)).toHaveLength(59);
  });

  it('keeps the split with the least makespan, planned by MK_JR on it', () => {
    // Per node 3 + 1: J1 (90/15, 10/5) = (6, 2), J2 (88/15, 3): Johnson J2, J1: maps 0–5.87, 5.87–11.87,
    // reduces 5.87–8.87, 11.87–13.87. 2 + 2 gives 18.8; 1 + 3: J1 (18, 2/3), J2 (17.6, 1): 36.27.
    const plan = planSlotRatio(TWO_JOBS);
    expect(plan.splits!.map((s) => s.makespan)).toEqual([17.6 + 18 + 2 / 3, 18.8, 88 / 15 + 6 + 2]);
    expect(plan).toMatchObject({ algorithm: 'slot-ratio', mapSlots: 15, reduceSlots: 5, order: ['J2', 'J1'] });
    expect(plan.makespan).toBe(planMkjr(TWO_JOBS, { mapSlots: 15, reduceSlots: 5 }).makespan);
    expect(plan.makespan).toBe(Math.min(...plan.splits!.map((s) => s.makespan)));
  });

  it('is the best over every split and every order (exact search on the five jobs)', () => {
    const plan = planSlotRatio(FIVE_JOBS);
    expect(exactOptimum(FIVE_JOBS, plan)!.makespan).toBe(plan.makespan);
  });
});

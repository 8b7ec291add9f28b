import { describe, expect, it } from 'vitest';
import { planUaas } from './uaas.js';
import { FIVE_JOBS, TWO_JOBS, TWO_JOBS_NODE_FAILED } from './test-support/paper-examples.js';
import { planOptimal } from './optimal.js';
import type { MakespanProblem } from './problem.js';

describe('UAAS on the paper\'s five-job example (spec 1.6)', () => {
  const plan = planUaas(FIVE_JOBS);

  it('rescales J3 to (20, 8/3) and J4 to (4, 20) and keeps the 30 × 30 jobs', () => {
    // J3: 30·20/30 = 20, 4·20/30 = 8/3; J4: 6·20/30 = 4, 30·20/30 = 20.
    const duration = (id: string) => {
      const s = plan.stages.find((stage) => stage.job === id)!;
      return [s.mapEnd - s.mapStart, s.reduceEnd - s.reduceStart];
    };
    expect(duration('J3')[0]).toBe(20);
    // 35⅔ − 33 in doubles is 8/3 up to rounding.
    expect(duration('J3')[1]).toBeCloseTo(8 / 3, 12);
    expect(duration('J4')).toEqual([4, 20]);
    expect(duration('J1')).toEqual([4, 5]);
  });

  it('orders J2, J5, J1, J4, J3 (J1 before J4 on their tie at map 4) with makespan 107/3', () => {
    expect(plan.order).toEqual(['J2', 'J5', 'J1', 'J4', 'J3']);
    // Maps end 1, 3, 7, 11, 31; reduces J2 1–5, J5 5–8, J1 8–13, J4 13–33, J3 33–35⅔.
    expect(plan.stages.map((s) => s.mapEnd)).toEqual([1, 3, 7, 11, 31]);
    expect(plan.stages.map((s) => [s.reduceStart, s.reduceEnd])).toEqual([
      [1, 5],
      [5, 8],
      [8, 13],
      [13, 33],
      [33, 107 / 3],
    ]);
    expect(plan.makespan).toBe(107 / 3);
    expect(plan.makespan).toBe(35.666666666666664);
    expect(plan.model).toBe('all-slots');
    expect(plan.stages.every((s) => s.mapSlots === 30 && s.reduceSlots === 30)).toBe(true);
  });

  it('gives the same by the closed form: Σb = 104/3, K = (1, −1, 0, −1, −1), X1 = 1', () => {
    const closed = plan.closedForm!;
    expect(closed.sumReduce).toBe(104 / 3);
    expect(closed.k).toEqual([1, -1, 0, -1, -1]);
    expect(closed.maxK).toBe(1);
    expect(closed.makespan).toBe(plan.makespan);
  });

  it('is the best order of its model, as the exact search over the 120 orders finds', () => {
    expect(planOptimal(FIVE_JOBS, 'all-slots').makespan).toBe(plan.makespan);
  });

  it('beats the raw-duration Johnson 47 by 31.78% and BalancedPools 40 by 12.15% (the paper says 31.76% and 12.14%)', () => {
    // (47 − 35⅔)/35⅔ = 34/107 and (40 − 35⅔)/35⅔ = 13/107.
    expect(((47 - plan.makespan) / plan.makespan) * 100).toBeCloseTo(31.78, 2);
    expect(((40 - plan.makespan) / plan.makespan) * 100).toBeCloseTo(12.15, 2);
  });
});

describe('UAAS on the two-job example (spec 1.6)', () => {
  it('on 10 × 10 slots: (9, 1) and (8.8, 1.5), order J2, J1, makespan 18.8', () => {
    // J1 → (9·10/10, 10·1/10); J2 → (11·8/10, 15/10). The smallest duration is J1's reduce (1): J1 goes last.
    // Maps 0–8.8, 8.8–17.8; reduces J2 8.8–10.3, J1 17.8–18.8.
    const plan = planUaas(TWO_JOBS);
    expect(plan.order).toEqual(['J2', 'J1']);
    expect(plan.stages.map((s) => [s.mapStart, s.mapEnd, s.reduceStart, s.reduceEnd])).toEqual([
      [0, 8.8, 8.8, 10.3],
      [8.8, 17.8, 17.8, 18.8],
    ]);
    expect(plan.makespan).toBe(18.8);
  });

  it('after a node failure, 8 × 8: (11.25, 1.25) and (11, 1.875), still J2, J1, makespan 23.5', () => {
    // Maps 0–11, 11–22.25; reduces J2 11–12.875, J1 22.25–23.5.
    const plan = planUaas(TWO_JOBS_NODE_FAILED);
    expect(plan.order).toEqual(['J2', 'J1']);
    expect(plan.stages.map((s) => [s.mapEnd - s.mapStart, s.reduceEnd - s.reduceStart])).toEqual([
      [11, 1.875],
      [11.25, 1.25],
    ]);
    expect(plan.makespan).toBe(23.5);
  });
});

describe('Theorem 3: the UAAS order and slot scaling', () => {
  const scaled = (problem: MakespanProblem, mapSlots: number, reduceSlots: number): MakespanProblem => ({
    ...problem,
    cluster: { mapSlots, reduceSlots },
  });

  it('keeps its order when map and reduce slots scale by the same factor, every duration scaling with it', () => {
    const base = planUaas(FIVE_JOBS);
    for (const slots of [10, 15, 20, 45, 60, 90, 300]) {
      const plan = planUaas(scaled(FIVE_JOBS, slots, slots));
      expect(plan.order).toEqual(base.order);
      expect(plan.makespan).toBeCloseTo((base.makespan * 30) / slots, 9);
    }
  });

  it('may change its order when they scale by different factors', () => {
    // Four times the reduce slots: J1 (4, 1.25), J2 (1, 1), J3 (20, 2/3), J4 (4, 5), J5 (2, 0.75).
    // Only J2 (a tie, so Map-type) and J4 go first; the rest by reduce descending: J2, J4, J1, J5, J3.
    expect(planUaas(scaled(FIVE_JOBS, 30, 120)).order).toEqual(['J2', 'J4', 'J1', 'J5', 'J3']);
  });
});

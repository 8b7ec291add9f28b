import { describe, expect, it } from 'vitest';
import { planMkjr } from './mkjr.js';
import { planUaas } from './uaas.js';
import { FIVE_JOBS, TWO_JOBS, TWO_JOBS_NODE_FAILED, twoJobsByTask } from './test-support/paper-examples.js';

describe('mkjr: MK_JR on the work ÷ slots estimate the paper quotes', () => {
  it('estimates what UAAS rescales to, so it gives the same orders and makespans on the paper\'s examples (spec 1.8)', () => {
    for (const problem of [FIVE_JOBS, TWO_JOBS, TWO_JOBS_NODE_FAILED]) {
      const mkjr = planMkjr(problem);
      const uaas = planUaas(problem);
      expect(mkjr.order).toEqual(uaas.order);
      expect(mkjr.makespan).toBe(uaas.makespan);
      expect(mkjr.model).toBe('all-slots');
    }
    expect(planMkjr(FIVE_JOBS).makespan).toBe(107 / 3);
    expect(planMkjr(TWO_JOBS).makespan).toBe(18.8);
  });

  it('sums task durations as the stage work when they are given', () => {
    // J1: 10 maps of 9 = 90 ÷ 10 slots = 9, 1 reduce of 10 ÷ 10 = 1; J2: 88 ÷ 10 = 8.8, 15 ÷ 10 = 1.5.
    const plan = planMkjr(twoJobsByTask(TWO_JOBS.cluster));
    expect(plan.order).toEqual(['J2', 'J1']);
    expect(plan.makespan).toBe(18.8);
  });

  it('differs from UAAS only on ties: a job with a = b goes after a Map-type job in the partition form', () => {
    const problem = {
      cluster: { mapSlots: 1, reduceSlots: 1 },
      jobs: [
        { id: 'tie', mapSlots: 1, reduceSlots: 1, mapDuration: 3, reduceDuration: 3 },
        { id: 'map', mapSlots: 1, reduceSlots: 1, mapDuration: 3, reduceDuration: 4 },
      ],
    };
    expect(planMkjr(problem).order).toEqual(['map', 'tie']);
    expect(planUaas(problem).order).toEqual(['tie', 'map']);
    expect(planMkjr(problem).makespan).toBe(planUaas(problem).makespan);
  });
});

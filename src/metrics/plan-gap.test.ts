import { describe, expect, it } from 'vitest';
import { planMetrics } from './plan-gap.js';
import { buildRun } from './test-support/run-builder.js';

describe('planMetrics', () => {
  // One job, submitted at 0, ended at 10: makespan 10.
  const run = buildRun({
    nodes: [{ rack: 'r0', mapSlots: 1, reduceSlots: 1 }],
    jobs: [{ user: 'a', submit: 0, end: 10, maps: [10] }],
    attempts: [{ job: 0, task: 0, node: 0, start: 0, end: 10 }],
  });

  it('is null for a run without a plan', () => {
    expect(planMetrics(run)).toEqual({ plannedMakespan: null, planGap: null });
  });

  it('gives the planned makespan and the simulated one\'s excess over it in percent', () => {
    const plan = { planner: 'uaas', model: 'all-slots', durations: 'oracle' as const, order: ['job0'], makespan: 8 };
    // (10 − 8) / 8 = 25%.
    expect(planMetrics({ ...run, plan })).toEqual({ plannedMakespan: 8, planGap: 25 });
    expect(planMetrics({ ...run, plan: { ...plan, makespan: 0 } })).toEqual({ plannedMakespan: 0, planGap: null });
  });
});

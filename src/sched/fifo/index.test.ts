import { describe, expect, it } from 'vitest';
import { checkSchedulerConformance } from '../../experiment/conformance.js';
import type { SchedulerFactory } from '../types.js';
import { fifoScheduler } from './index.js';

describe('fifo with hadoop1Limits', () => {
  it('passes the conformance check on 150 random scenarios (invariants, determinism, no stall)', () => {
    const limited: SchedulerFactory = {
      ...fifoScheduler,
      create: (scenario, context) =>
        fifoScheduler.create({ ...scenario, schedulerOptions: { ...scenario.schedulerOptions, fifo: { hadoop1Limits: true } } }, context),
    };
    const report = checkSchedulerConformance(limited, { scenarios: 150 });
    expect(report.failures.map((f) => `#${f.index}: ${f.problems.join('; ')}`)).toEqual([]);
  });
});

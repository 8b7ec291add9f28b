import { describe, expect, it } from 'vitest';
import { checkSchedulerConformance } from '../../experiment/conformance.js';
import type { SchedulerFactory } from '../types.js';
import { fifoScheduler } from './index.js';
import type { FifoOptions } from './options.js';

describe('fifo with hadoop1Limits', () => {
  it('passes the conformance check on 150 random scenarios (invariants, determinism, no stall)', () => {
    const limited: SchedulerFactory<FifoOptions> = {
      ...fifoScheduler,
      create: (setup) => fifoScheduler.create({ ...setup, options: { ...setup.options, hadoop1Limits: true } }),
    };
    const report = checkSchedulerConformance(limited, { scenarios: 150 });
    expect(report.failures.map((f) => `#${f.index}: ${f.problems.join('; ')}`)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { MAKESPAN_ALGORITHMS } from './plan.js';
import { planMakespan } from './planners.js';
import { FIVE_JOBS } from './test-support/paper-examples.js';

describe('planMakespan', () => {
  it.each(MAKESPAN_ALGORITHMS)('%s names the source it is given when the problem is invalid', (algorithm) => {
    const problem = { ...FIVE_JOBS, cluster: { mapSlots: 0, reduceSlots: 30 } };
    const error = inputErrorOf(() => planMakespan(problem, algorithm, { source: 'jobs.yaml' }));
    expect(error.source).toBe('jobs.yaml');
    expect(error.problems.map((p) => p.path)).toEqual(['cluster.mapSlots']);
  });
});

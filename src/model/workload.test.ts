import { describe, expect, it } from 'vitest';
import { testScenario } from '../test-support/scenario.js';
import { taskCounts } from './workload.js';

describe('taskCounts', () => {
  it('counts the maps and the reduces of every job, apart', () => {
    const { jobs } = testScenario({
      nodes: [{}],
      jobs: [{ maps: [{}, {}, {}] }, { maps: [{}], reduces: [{}, {}] }],
    });
    expect(taskCounts(jobs)).toEqual({ maps: 4, reduces: 2 });
    expect(taskCounts([])).toEqual({ maps: 0, reduces: 0 });
  });
});

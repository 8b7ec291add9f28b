import { describe, expect, it } from 'vitest';
import { jobSpecView, testJobView } from '../../test-support/job-view.js';
import { testScenario } from '../../test-support/scenario.js';
import type { JobView, NodeView, TaskEnd, TaskOracle } from '../types.js';
import { taskEstimates } from './task-estimates.js';

// One node of disk 100 B/s, heartbeat 1 s. Job 0: maps reading 200 B and nothing, one reduce; job 1: a map of
// 100 B, two reduces. True work: 3, 5, 7 / 11, 13, 17.
const scenario = testScenario({
  nodes: [{ speed: 2 }],
  jobs: [
    { maps: [{ inputBytes: 200, work: 3 }, { work: 5 }], reduces: [{ work: 7 }] },
    { maps: [{ inputBytes: 100, work: 11 }], reduces: [{ work: 13 }, { work: 17 }] },
  ],
});
const jobs: JobView[] = scenario.jobs.map((job, i) => ({ ...testJobView(i), spec: jobSpecView(job) }));
// The truth as a run's oracle serves it.
const oracle: TaskOracle = {
  mapWork: (job, task) => scenario.jobs[job.index].maps.work[task],
  reduceWork: (job, task) => scenario.jobs[job.index].reduces[task].work,
  workload: () => scenario.jobs,
};
const setup = { cluster: scenario.cluster, settings: scenario.settings, oracle };
const fast = { index: 0, spec: { speed: 2 } } as NodeView;

function ended(job: JobView, kind: 'map' | 'reduce', task: number, duration: number, status: TaskEnd['status'] = 'succeeded'): TaskEnd {
  return { job, kind, task, attempt: 0, node: fast, start: 0, end: duration, duration, status };
}

describe('learned task estimates', () => {
  it('start from the input read once at the mean disk rate, and the heartbeat interval for a map without input', () => {
    const learned = taskEstimates('learned', setup);
    // 200 B at 100 B/s = 2 s; no input: 1 s (the heartbeat). Reduces: the job's map estimate over its reduces.
    expect([learned.mapWork(jobs[0], 0), learned.mapWork(jobs[0], 1), learned.mapWork(jobs[1], 0)]).toEqual([2, 1, 1]);
    expect([learned.reduceWork(jobs[0], 0), learned.reduceWork(jobs[1], 0)]).toEqual([3, 0.5]);
  });

  it('learn work per input byte from the job’s own maps first, then from every job’s, ignoring attempts that failed', () => {
    const learned = taskEstimates('learned', setup);
    learned.onTaskEnded(ended(jobs[1], 'map', 0, 100, 'failed'));
    // Job 0's 200-byte map took 4 s on a node of speed 2: work 8, 0.04 per byte.
    learned.onTaskEnded(ended(jobs[0], 'map', 0, 4));
    expect([learned.mapWork(jobs[0], 0), learned.mapWork(jobs[1], 0)]).toEqual([8, 4]);
    // Job 1's own 100-byte map took 1 s (work 2): its own figure wins for job 1, the cluster's is now 10 / 300 B.
    learned.onTaskEnded(ended(jobs[1], 'map', 0, 1));
    expect(learned.mapWork(jobs[1], 0)).toBe(2);
    learned.onJobFinished(jobs[1]);
    expect(learned.mapWork(jobs[1], 0)).toBeCloseTo((100 * 10) / 300, 12);
  });

  it('estimate a reduce at the mean work of the job’s finished reduces, else of every job’s', () => {
    const learned = taskEstimates('learned', setup);
    learned.onTaskEnded(ended(jobs[1], 'reduce', 0, 5)); // work 10
    expect([learned.reduceWork(jobs[0], 0), learned.reduceWork(jobs[1], 1)]).toEqual([10, 10]);
    learned.onTaskEnded(ended(jobs[0], 'reduce', 0, 1)); // work 2: job 0's own
    expect([learned.reduceWork(jobs[0], 0), learned.reduceWork(jobs[1], 1)]).toEqual([2, 10]);
  });
});

describe('oracle task estimates', () => {
  it('ask the run’s oracle for the true work, whatever has been seen', () => {
    const estimates = taskEstimates('oracle', setup);
    estimates.onTaskEnded(ended(jobs[0], 'map', 0, 100));
    expect([estimates.mapWork(jobs[0], 0), estimates.mapWork(jobs[0], 1), estimates.reduceWork(jobs[1], 1)]).toEqual([3, 5, 17]);
    expect(estimates.source).toBe('oracle');
  });
});

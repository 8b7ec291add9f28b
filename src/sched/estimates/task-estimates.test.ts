import { describe, expect, it } from 'vitest';
import { NO_HISTORY } from '../../model/execution-history.js';
import { jobSpecView, testJobView } from '../../test-support/job-view.js';
import { testScenario } from '../../test-support/scenario.js';
import type { JobView, NodeView, TaskEnd, TaskOracle } from '../types.js';
import { taskEstimates } from './create-estimates.js';

// One node of disk 100 B/s, heartbeat 1 s. Job 0: maps reading 200 B and nothing, one reduce; job 1: a map of
// 100 B, two reduces. True work: 3, 5, 7 / 11, 13, 17. Unrelated jobs: no name, user or pool in common.
const scenario = testScenario({
  nodes: [{ speed: 2 }],
  jobs: [
    { id: 'sort', user: 'ads', pool: 'production', maps: [{ inputBytes: 200, work: 3 }, { work: 5 }], reduces: [{ work: 7 }] },
    { id: 'grep', user: 'bi', pool: 'interactive', maps: [{ inputBytes: 100, work: 11 }], reduces: [{ work: 13 }, { work: 17 }] },
  ],
});
const jobs: JobView[] = scenario.jobs.map((job, i) => ({ ...testJobView(i), spec: jobSpecView(job) }));
// The truth as a run's oracle serves it.
const oracle: TaskOracle = {
  mapWork: (job, task) => scenario.jobs[job.index].maps.work[task],
  reduceWork: (job, task) => scenario.jobs[job.index].reduces[task].work,
  workload: () => scenario.jobs,
};
const setup = { cluster: scenario.cluster, settings: scenario.settings, history: NO_HISTORY, oracle };
const fast = { index: 0, spec: { speed: 2 } } as NodeView;

function ended(job: JobView, kind: 'map' | 'reduce', task: number, duration: number, status: TaskEnd['status'] = 'succeeded'): TaskEnd {
  return { job, kind, task, attempt: 0, node: fast, start: 0, end: duration, duration, status };
}

/** Job `index` of a recurring-jobs test: one map reading 100 B and one reduce, its id, user and pool given. */
function recurringJob(index: number, id: string, user: string, pool: string): JobView {
  const job = testJobView(index);
  job.spec = { ...job.spec, id, user, pool, mapCount: 1, maps: [{ inputBytes: 100, replicas: [0] }], reduceCount: 1 };
  return job;
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
    // When job 1 ends its figure stays with its recurring job (grep); an unrelated job of 100 B has the cluster's.
    learned.onJobFinished(jobs[1]);
    expect(learned.mapWork(jobs[1], 0)).toBe(2);
    expect(learned.mapWork(recurringJob(2, 'other', 'dev', 'dev'), 0)).toBeCloseTo((100 * 10) / 300, 12);
  });

  it('estimate a reduce at the mean work of the job’s finished reduces, else of every job’s', () => {
    const learned = taskEstimates('learned', setup);
    learned.onTaskEnded(ended(jobs[1], 'reduce', 0, 5)); // work 10
    expect([learned.reduceWork(jobs[0], 0), learned.reduceWork(jobs[1], 1)]).toEqual([10, 10]);
    learned.onTaskEnded(ended(jobs[0], 'reduce', 0, 1)); // work 2: job 0's own
    expect([learned.reduceWork(jobs[0], 0), learned.reduceWork(jobs[1], 1)]).toEqual([2, 10]);
  });
});

describe('learned task estimates of recurring jobs', () => {
  // Every map reads 100 B and runs on the node of speed 2, so a map of d seconds shows work 2d, a reduce too.
  const report1 = recurringJob(0, 'report-1', 'ads', 'production');
  const report2 = recurringJob(1, 'report-2', 'ads', 'production');
  const report3 = recurringJob(2, 'report-3', 'ads', 'production');
  const nightly = recurringJob(3, 'nightly', 'ads', 'production');
  const load = recurringJob(4, 'load-1', 'etl', 'production');
  const query = recurringJob(5, 'query-1', 'bi', 'interactive');

  it('follow the earlier runs of the same recurring job, not the jobs that ended since', () => {
    const learned = taskEstimates('learned', setup);
    learned.onTaskEnded(ended(report1, 'map', 0, 30)); // work 60
    learned.onTaskEnded(ended(report1, 'reduce', 0, 50)); // work 100
    learned.onJobFinished(report1);
    learned.onTaskEnded(ended(report2, 'map', 0, 40)); // work 80: the runs' mean is 70
    learned.onTaskEnded(ended(report2, 'reduce', 0, 70)); // work 140: the runs' mean is 120
    learned.onJobFinished(report2);
    // The user's other recurring job ran since with much shorter tasks; report-3 keeps to its own runs.
    learned.onTaskEnded(ended(nightly, 'map', 0, 1));
    learned.onTaskEnded(ended(nightly, 'reduce', 0, 1));
    expect([learned.mapWork(report3, 0), learned.reduceWork(report3, 0)]).toEqual([70, 120]);
    // Once report-3's own map has ended, its own figure comes first; its reduce still follows the earlier runs.
    learned.onTaskEnded(ended(report3, 'map', 0, 10));
    expect([learned.mapWork(report3, 0), learned.reduceWork(report3, 0)]).toEqual([20, 120]);
  });

  it('fall back to the user’s jobs, then the pool’s, then every job’s', () => {
    const learned = taskEstimates('learned', setup);
    learned.onTaskEnded(ended(query, 'map', 0, 5)); // work 10, in pool interactive
    // Nothing of ads or production yet: every job's figure.
    expect(learned.mapWork(report1, 0)).toBe(10);
    learned.onTaskEnded(ended(load, 'map', 0, 20)); // work 40, etl's, in production
    // report-1: no run of its own, nothing of ads: the pool's (production: load-1 alone).
    expect(learned.mapWork(report1, 0)).toBe(40);
    learned.onTaskEnded(ended(nightly, 'map', 0, 100)); // work 200, ads's, in production
    // report-1: the user's (ads: nightly alone); load-1 ended no earlier run of report.
    expect(learned.mapWork(report1, 0)).toBe(200);
    // The pool now holds 40 and 200; a new etl job named otherwise still has its user's 40.
    expect(learned.mapWork(recurringJob(6, 'audit', 'etl', 'production'), 0)).toBe(40);
    // A new job of a user and pool not seen: every job's (10 + 40 + 200 over 300 B, for 100 B).
    expect(learned.mapWork(recurringJob(7, 'misc', 'dev', 'dev'), 0)).toBeCloseTo(250 / 3, 12);
  });
});

describe('learned task estimates from an execution database', () => {
  // Earlier runs: report-7 (two maps of work 60 and 40 in all 100, a reduce of 30), report-8 (a map of 50),
  // nightly (a map of 500); nothing of etl's jobs. Its maps' bytes are not known: a mean per map.
  const history = [
    { id: 'report-7', mapWork: 100, maps: 2, reduceWork: 30, reduces: 1 },
    { id: 'report-8', mapWork: 50, maps: 1, reduceWork: 0, reduces: 0 },
    { id: 'nightly', mapWork: 500, maps: 1, reduceWork: 0, reduces: 0 },
  ];
  const report1 = recurringJob(0, 'report-1', 'ads', 'production');
  const report2 = recurringJob(1, 'report-2', 'ads', 'production');
  const load = recurringJob(2, 'load-1', 'etl', 'production');

  it('start from the earlier runs of the same recurring job, after its runs in this run and before its user’s jobs', () => {
    const learned = taskEstimates('learned', { ...setup, history });
    // Nothing ended yet: report's earlier runs, 150 over 3 maps, and their one reduce; load-1 has none, so the prior.
    expect([learned.mapWork(report1, 0), learned.reduceWork(report1, 0), learned.mapWork(load, 0)]).toEqual([50, 30, 1]);
    // An ads job of another name ends a map of work 8: report-1 keeps to its earlier runs, not its user's.
    learned.onTaskEnded(ended(recurringJob(3, 'adhoc-1', 'ads', 'production'), 'map', 0, 4));
    expect(learned.mapWork(report1, 0)).toBe(50);
    // report-1's map ends (work 20): report-2 follows this run's report now, its reduce still the earlier runs'.
    learned.onTaskEnded(ended(report1, 'map', 0, 10));
    expect([learned.mapWork(report2, 0), learned.reduceWork(report2, 0)]).toEqual([20, 30]);
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

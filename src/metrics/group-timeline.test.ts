import { describe, expect, it } from 'vitest';
import { attemptEnds } from './attempt-end.js';
import { groupSummaries } from './group-summary.js';
import { groupTimeline } from './group-timeline.js';
import { buildRun } from './test-support/run-builder.js';

// Two pools over [0, 40): pool a's job (submitted at 0) runs two maps, [0, 20) and [0, 40);
// pool b's job is submitted at 0, waits until 20, and runs one map [20, 40) and one reduce
// [20, 30) that fails and is re-run [30, 40).
const run = buildRun({
  jobs: [
    { submit: 0, firstStart: 0, end: 40, pool: 'a', user: 'x', maps: [1, 1] },
    { submit: 0, firstStart: 20, end: 40, pool: 'b', user: 'x', maps: [1], reduces: [1] },
  ],
  attempts: [
    { job: 0, task: 0, start: 0, end: 20 },
    { job: 0, task: 1, start: 0, end: 40 },
    { job: 1, task: 0, start: 20, end: 40 },
    { job: 1, kind: 'reduce', task: 0, start: 20, end: 30, status: 'failed' },
    { job: 1, kind: 'reduce', task: 0, attempt: 1, start: 30, end: 40 },
  ],
});
const ends = attemptEnds(run);

describe('groupTimeline', () => {
  const timeline = groupTimeline(run, 'pool', 4, ends)!;
  const [a, b] = timeline.groups;

  it('averages running attempts per pool and for the cluster over each bin', () => {
    expect(timeline.width).toBe(10);
    expect([...a.runningMaps]).toEqual([2, 2, 1, 1]);
    expect([...b.runningMaps]).toEqual([0, 0, 1, 1]);
    // The failed reduce held its slot too.
    expect([...b.runningReduces]).toEqual([0, 0, 1, 1]);
    expect([...timeline.runningMaps]).toEqual([2, 2, 2, 2]);
  });

  it('counts a task as demand from its job’s submission until its last successful attempt ends', () => {
    expect([...a.demandMaps]).toEqual([2, 2, 1, 1]);
    // b's reduce is wanted from 0 (submission) to 40, through its failed attempt.
    expect([...b.demandReduces]).toEqual([1, 1, 1, 1]);
  });

  it('counts a job as waiting from submission to its first start', () => {
    expect([...a.waitingJobs]).toEqual([0, 0, 0, 0]);
    expect([...b.waitingJobs]).toEqual([1, 1, 0, 0]);
  });

  it('groups by user when asked', () => {
    const byUser = groupTimeline(run, 'user', 4, ends)!;
    expect(byUser.groups.map((g) => g.id)).toEqual(['x']);
    expect([...byUser.groups[0].runningMaps]).toEqual([2, 2, 2, 2]);
  });
});

describe('groupSummaries', () => {
  it('gives each pool its jobs, waits, completion times and slot-seconds', () => {
    const [a, b] = groupSummaries(run, 'pool', ends);
    expect(a).toMatchObject({ id: 'a', jobs: 1, succeeded: 1, meanWait: 0, meanCompletionTime: 40, mapSlotSeconds: 60, reduceSlotSeconds: 0 });
    // b waited 20 s; its reduce slot-seconds count the failed attempt: 10 + 10.
    expect(b).toMatchObject({ id: 'b', meanWait: 20, maxWait: 20, mapSlotSeconds: 20, reduceSlotSeconds: 20 });
  });

  it('counts a job that never started as waiting until the run’s end', () => {
    const never = buildRun({ jobs: [{ submit: 5, maps: [1] }, { submit: 0, firstStart: 0, end: 30, maps: [1] }], attempts: [{ job: 1, start: 0, end: 30 }] });
    const [summary] = groupSummaries(never, 'pool', attemptEnds(never));
    // Waits 25 (never started: 30 − 5) and 0.
    expect(summary).toMatchObject({ jobs: 2, succeeded: 1, meanWait: 12.5, maxWait: 25 });
  });
});

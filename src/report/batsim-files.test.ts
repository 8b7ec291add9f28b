import { describe, expect, it } from 'vitest';
import { buildRun } from '../metrics/test-support/run-builder.js';
import { batsimJobsCsv, batsimScheduleCsv, intervalSet } from './batsim-files.js';

describe('intervalSet', () => {
  it('writes node indices as Batsim’s intervals', () => {
    expect(intervalSet([0, 1, 2, 3, 7, 9, 10])).toBe('0-3 7 9-10');
    expect(intervalSet([])).toBe('');
  });
});

describe('the Batsim files of a run', () => {
  // Job j0: submitted at 10, first task at 12 on node 0, a second on node 2, ends at 30.
  // Job j1 failed at 20 after one attempt on node 1; job j2 never finished.
  const run = buildRun({
    nodes: [{}, {}, {}],
    jobs: [
      { submit: 10, firstStart: 12, end: 30, maps: [1, 1] },
      { submit: 0, firstStart: 5, end: 20, status: 'failed', maps: [1] },
      { submit: 1, maps: [1] },
    ],
    attempts: [
      { job: 1, node: 1, start: 5, end: 20, status: 'failed' },
      { job: 0, task: 0, node: 0, start: 12, end: 30 },
      { job: 0, task: 1, node: 2, start: 12, end: 25 },
    ],
  });

  it('has a row per job that ended, with its wait, turnaround and stretch', () => {
    const rows = batsimJobsCsv(run).trim().split('\n');
    expect(rows).toHaveLength(3);
    // j0: wait 12 − 10 = 2, execution 30 − 12 = 18, turnaround 20, stretch 20 / 18.
    expect(rows[1]).toBe(`j0,test,default,10,2,18,1,COMPLETED_SUCCESSFULLY,12,18,30,2,20,${(20 / 18).toFixed(6)},0 2,-1,`);
    expect(rows[2]).toBe('j1,test,default,0,1,15,0,COMPLETED_FAILED,5,15,20,5,20,1.333333,1,-1,');
  });

  it('totals the run as Batsim’s schedule.csv does', () => {
    const [header, values] = batsimScheduleCsv(run, '1.2.3').trim().split('\n');
    const row = Object.fromEntries(header.split(',').map((key, i) => [key, values.split(',')[i]]));
    expect(row).toMatchObject({ batsim_version: 'mrsched 1.2.3', makespan: '30', nb_jobs: '3', nb_jobs_finished: '2', nb_jobs_success: '1', mean_waiting_time: '3.5', max_turnaround_time: '20' });
    expect(Number(row.success_rate)).toBeCloseTo(1 / 3, 6);
  });
});

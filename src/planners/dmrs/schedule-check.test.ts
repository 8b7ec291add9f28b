import { describe, expect, it } from 'vitest';
import { listSchedule } from './list-schedule.js';
import type { DmrsSchedule, ScheduledTask } from './schedule.js';
import { scheduleProblems } from './schedule-check.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

// DMRS on the worked instance (list-schedule.test.ts): feasible, objective 22.5.
const good = listSchedule(WORKED_INSTANCE, [2, 1, 0]);

/** The good schedule with task `index` changed (and completions and objective left as they were). */
function withTask(index: number, change: Partial<ScheduledTask>): DmrsSchedule {
  return { ...good, tasks: good.tasks.map((t, k) => (k === index ? { ...t, ...change } : t)) };
}

describe('the schedule check', () => {
  it('passes a feasible schedule with its right numbers', () => {
    expect(scheduleProblems(WORKED_INSTANCE, good)).toEqual([]);
  });

  it('finds two tasks at once on a machine', () => {
    // J2 map 1 runs on m2 over [0, 2]; moved to m1 it overlaps J3's map [0, 0.5] … and runs 1 there, not 2.
    expect(scheduleProblems(WORKED_INSTANCE, withTask(3, { machine: 0, start: 0, end: 1 }))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^m1: J2 map 1 starts at 0, while J3 map 0 runs until 0.5$|^m1: J3 map 0 starts at 0, while J2 map 1 runs until 1$/)]),
    );
  });

  it('finds a map before its release and a reduce before its job\'s maps end', () => {
    const released = { ...WORKED_INSTANCE, jobs: WORKED_INSTANCE.jobs.map((job, j) => (j === 2 ? { ...job, release: 0.25 } : job)) };
    expect(scheduleProblems(released, good)).toContain('J3 map 0: starts at 0, before its job\'s release 0.25');
    // J2 reduce 0 on m1 [4, 5]: at [3.5, 4.5] it starts before J2's map 6 ends (4).
    expect(scheduleProblems(WORKED_INSTANCE, withTask(4, { start: 3.5, end: 4.5 }))).toContain('J2 reduce 0: starts at 3.5, before its job\'s maps end at 4');
  });

  it('finds a task that runs shorter than its size allows, a task missing, one twice, one that does not exist', () => {
    expect(scheduleProblems(WORKED_INSTANCE, withTask(0, { end: 0.25 }))).toContain('J3 map 0: runs 0.25 on m1, its size needs 0.5');
    const missing = { ...good, tasks: good.tasks.slice(1) };
    expect(scheduleProblems(WORKED_INSTANCE, missing)).toContain('J3 map 0: not scheduled');
    const twice = { ...good, tasks: [...good.tasks, good.tasks[0]] };
    expect(scheduleProblems(WORKED_INSTANCE, twice)).toContain('J3 map 0: scheduled twice');
    expect(scheduleProblems(WORKED_INSTANCE, withTask(0, { task: 5 }))).toContain('J3 map 5: no such task');
    expect(scheduleProblems(WORKED_INSTANCE, withTask(0, { machine: 7 }))).toContain('J3 map 0: on machine 7, which does not exist');
  });

  it('finds completions and an objective that are not what the tasks give', () => {
    const wrongCompletion = { ...good, completions: Float64Array.from([9.5, 6, 2]) };
    expect(scheduleProblems(WORKED_INSTANCE, wrongCompletion)).toEqual(['J3: completion reported 2, its last task ends at 1']);
    expect(scheduleProblems(WORKED_INSTANCE, { ...good, objective: 22 })).toEqual(['objective reported 22, Σ w·C is 22.5']);
  });
});

import { describe, expect, it } from 'vitest';
import type { RecordedRun } from '../model/recorded-run.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { simulate } from '../sim/simulate.js';
import { testScenario } from '../test-support/scenario.js';
import { absoluteSummary, replayErrors } from './replay-errors.js';

/**
 * The run of src/sim/runtime.test.ts's first hand-computed case: one node, 2 map slots, 1 reduce slot,
 * heartbeats at 0, 1, 2, …; a job submitted at 0.5 with maps of work 4, 2, 3 and a reduce of work 5.
 * Simulated: map0 1→5, map1 1→3, map2 3→6, reduce 6→11; the job starts at 1 and ends at 11.
 */
function handRun() {
  const scenario = testScenario({
    nodes: [{ mapSlots: 2, reduceSlots: 1 }],
    jobs: [{ id: 'j', submit: 0.5, maps: [{ work: 4 }, { work: 2 }, { work: 3 }], reduces: [{ work: 5 }] }],
  });
  return simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
}

/** What a trace might have recorded of that job, and of a job the run never saw. */
const RECORDED: RecordedRun = {
  jobs: [
    {
      id: 'j',
      submit: 0.5,
      end: 20,
      maps: [
        { start: 1, end: 6 },
        { start: 1, end: 3 },
        { start: 4, end: 7 },
      ],
      reduces: [{ start: 7, end: 15 }],
    },
    { id: 'ghost', submit: 2, end: 9, maps: [{ start: 3, end: 4 }, null], reduces: [] },
  ],
};

describe('replayErrors', () => {
  it("computes each job's start and end errors, the end error relative to the recorded duration, and the run time's", () => {
    const errors = replayErrors(RECORDED, handRun());
    // Recorded start = the first task's, 1; duration = 20 − 0.5 = 19.5; end error = 11 − 20 = −9 → −9 / 19.5.
    // Run time: recorded 20 − 1 = 19, simulated 11 − 1 = 10 → (10 − 19) / 19.
    expect(errors.jobs).toEqual([
      {
        id: 'j',
        submit: 0.5,
        recorded: { start: 1, end: 20 },
        simulated: { start: 1, end: 11 },
        startError: 0,
        endError: -9,
        endRelative: -9 / 19.5,
        runTimeRelative: -9 / 19,
      },
    ]);
  });

  it("compares each task's successful attempt: start, end and duration errors, the duration's relative to the recorded", () => {
    const errors = replayErrors(RECORDED, handRun());
    // map0 [1,6] vs [1,5]: 0, −1, −1, −1/5. map1 [1,3] vs [1,3]: all 0. map2 [4,7] vs [3,6]: −1, −1, 0, 0.
    // reduce [7,15] vs [6,11]: −1, −4, 5 − 8 = −3, −3/8.
    expect(errors.tasks.map((t) => [t.kind, t.task, t.startError, t.endError, t.durationError, t.durationRelative])).toEqual([
      ['map', 0, 0, -1, -1, -0.2],
      ['map', 1, 0, 0, 0, 0],
      ['map', 2, -1, -1, 0, 0],
      ['reduce', 0, -1, -4, -3, -0.375],
    ]);
    // |start|: 0, 0, 1, 1; |end|: 1, 0, 1, 4; |duration|: 0.2, 0, 0, 0.375.
    expect(errors.summary.taskStartSeconds).toEqual({ n: 4, mean: 0.5, median: 0.5, max: 1 });
    expect(errors.summary.taskEndSeconds).toEqual({ n: 4, mean: 1.5, median: 1, max: 4 });
    expect(errors.summary.taskDurationRelative).toEqual({ n: 4, mean: 0.575 / 4, median: 0.1, max: 0.375 });
    expect(errors.summary.jobEndRelative).toEqual({ n: 1, mean: 9 / 19.5, median: 9 / 19.5, max: 9 / 19.5 });
  });

  it('gives no relative error, rather than an infinite one, for a job recorded as ending when it was submitted', () => {
    const instant: RecordedRun = { jobs: [{ ...RECORDED.jobs[0], submit: 0.5, end: 0.5 }] };
    const [job] = replayErrors(instant, handRun()).jobs;
    // end error 11 − 0.5 = 10.5 s; duration 0 and run time 0.5 − 1 < 0: no ratio.
    expect(job).toMatchObject({ endError: 10.5, endRelative: null, runTimeRelative: null });
    expect(replayErrors(instant, handRun()).summary.jobEndRelative.n).toBe(0);
  });

  it('counts, rather than compares, a recorded job the run lacks and its tasks', () => {
    const errors = replayErrors(RECORDED, handRun());
    expect(errors.unmatchedJobs).toEqual(['ghost']);
    expect(errors.unmatchedTasks).toBe(2);
  });

  it('summarizes absolute values: mean, median and maximum, nothing for no values', () => {
    // |−3|, 1, |−2|, 6 → 1, 2, 3, 6: mean 3, median 2.5, max 6.
    expect(absoluteSummary([-3, 1, -2, 6])).toEqual({ n: 4, mean: 3, median: 2.5, max: 6 });
    expect(absoluteSummary([])).toEqual({ n: 0, mean: null, median: null, max: null });
  });
});

import { describe, expect, it } from 'vitest';
import { absoluteSummary, type ReplayErrors } from '../metrics/replay-errors.js';
import { replayTables } from './replay-tables.js';

const NONE = absoluteSummary([]);

function errorsOf(endRelative: number | null, durationError: number): ReplayErrors {
  const span = { start: 1, end: 2 };
  return {
    jobs: [{ id: 'j', submit: 0, recorded: span, simulated: span, startError: 0, endError: -0.00001, endRelative, runTimeRelative: null }],
    tasks: [{ job: 'j', kind: 'map', task: 0, recorded: span, simulated: span, startError: 0, endError: 0, durationError, durationRelative: 0 }],
    unmatchedJobs: ['ghost'],
    unmatchedTasks: 2,
    summary: {
      jobEndRelative: NONE,
      jobRunTimeRelative: NONE,
      jobStartSeconds: NONE,
      taskStartSeconds: NONE,
      taskEndSeconds: NONE,
      taskDurationRelative: NONE,
    },
  };
}

describe('replayTables', () => {
  it('signs errors, shows one that rounds to zero without a sign, and a missing ratio as a dash', () => {
    const text = replayTables(errorsOf(null, 0.25), true);
    expect(text).toMatch(/^j +0\.0 s +1\.0 s +2\.0 s +1\.0 s +2\.0 s +0\.0 s +0\.0 s +— +—$/m);
    expect(text).toMatch(/^j +map 0 .* \+0\.3 s +0\.0 %$/m);
    expect(replayTables(errorsOf(-0.4833, -1), false)).toMatch(/ -48\.3 % +—$/m);
  });

  it('says which jobs and how many tasks were not compared, and leaves the tasks out when asked', () => {
    const text = replayTables(errorsOf(0.1, 0), false);
    expect(text).not.toMatch(/^Tasks:/m);
    expect(text).toMatch(/1 recorded job\(s\) not compared .*: ghost/);
    expect(text).toMatch(/2 task\(s\) not compared/);
  });
});

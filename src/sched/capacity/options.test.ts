import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { testScenario } from '../../test-support/scenario.js';
import { createScheduler } from '../create-scheduler.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { capacityScheduler } from './index.js';

const FIELD = 'schedulerOptions.capacity.maxMapsPerHeartbeat';
const WHOLE = 'a whole number of maps ≥ 1';

const withOptions = (options: unknown) =>
  testScenario({ nodes: [{}], jobs: [], schedulerOptions: { capacity: options } });
const optionsOf = (options: unknown) => parseSchedulerOptions(capacityScheduler, options === undefined ? {} : { capacity: options });

function problems(options: unknown) {
  const error = inputErrorOf(() => optionsOf(options));
  return { source: error.source, problems: error.problems };
}

describe('capacity scheduler options', () => {
  it('defaults to filling every free map slot per heartbeat', () => {
    expect(optionsOf(undefined)).toEqual({ maxMapsPerHeartbeat: Infinity });
    expect(optionsOf({ maxMapsPerHeartbeat: 2 })).toEqual({ maxMapsPerHeartbeat: 2 });
  });

  it('rejects a bad value, naming the field, what it expected and what it found', () => {
    expect(problems({ maxMapsPerHeartbeat: 0 })).toEqual({
      source: 'schedulerOptions',
      problems: [{ path: FIELD, expected: WHOLE, found: '0' }],
    });
    expect(problems({ maxMapsPerHeartbeat: 'all' }).problems).toEqual([
      { path: FIELD, expected: WHOLE, found: "'all'" },
    ]);
  });

  it('rejects unknown options and options that are not a mapping', () => {
    expect(problems({ maxMapsPerHeartbeat: 1.5, perHeartbeat: 2 }).problems).toEqual([
      { path: FIELD, expected: WHOLE, found: '1.5' },
      {
        path: 'schedulerOptions.capacity.perHeartbeat',
        expected: 'one of the options maxMapsPerHeartbeat',
        found: "unknown option 'perHeartbeat'",
      },
    ]);
    expect(problems(3).problems).toEqual([
      { path: 'schedulerOptions.capacity', expected: 'a mapping of options (maxMapsPerHeartbeat)', found: '3' },
    ]);
  });

  it('is checked when a policy is made for the scenario', () => {
    expect(inputErrorOf(() => createScheduler(capacityScheduler, withOptions({ maxMapsPerHeartbeat: -1 }))).problems).toEqual([
      { path: FIELD, expected: WHOLE, found: '-1' },
    ]);
  });
});

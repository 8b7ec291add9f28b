import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { testScenario } from '../../test-support/scenario.js';
import { createScheduler } from '../selection.js';
import { capacityScheduler } from './index.js';
import { capacityOptions } from './options.js';

const FIELD = 'schedulerOptions.capacity.maxMapsPerHeartbeat';
const WHOLE = 'a whole number of maps ≥ 1';

const withOptions = (options: unknown) =>
  testScenario({ nodes: [{}], jobs: [], schedulerOptions: { capacity: options } });

function problems(options: unknown) {
  const error = inputErrorOf(() => capacityOptions(withOptions(options)));
  return { source: error.source, problems: error.problems };
}

describe('capacity scheduler options', () => {
  it('defaults to filling every free map slot per heartbeat', () => {
    expect(capacityOptions(testScenario({ nodes: [{}], jobs: [] }))).toEqual({ maxMapsPerHeartbeat: Infinity });
    expect(capacityOptions(withOptions({ maxMapsPerHeartbeat: 2 }))).toEqual({ maxMapsPerHeartbeat: 2 });
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

  it('is checked when the scheduler creates its policy', () => {
    expect(inputErrorOf(() => createScheduler(capacityScheduler, withOptions({ maxMapsPerHeartbeat: -1 }))).problems).toEqual([
      { path: FIELD, expected: WHOLE, found: '-1' },
    ]);
  });
});

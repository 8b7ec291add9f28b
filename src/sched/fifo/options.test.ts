import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { fifoScheduler } from './index.js';

const optionsOf = (fifo: unknown) => parseSchedulerOptions(fifoScheduler, fifo === undefined ? {} : { fifo });

function problemsOf(fifo: unknown) {
  const error = inputErrorOf(() => optionsOf(fifo));
  expect(error.source).toBe('schedulerOptions');
  return error.problems;
}

describe('fifo options', () => {
  it('default to no Hadoop 1 limits, and the pad fraction to Hadoop’s 0.01', () => {
    expect(optionsOf(undefined)).toEqual({ hadoop1Limits: false, padFraction: 0.01 });
    expect(optionsOf({ hadoop1Limits: true, padFraction: 0.05 })).toEqual({ hadoop1Limits: true, padFraction: 0.05 });
  });

  it('reject an unknown option, naming the ones there are', () => {
    expect(problemsOf({ delay: 3 })).toEqual([
      { path: 'schedulerOptions.fifo.delay', expected: 'one of the options hadoop1Limits, padFraction', found: "unknown option 'delay'" },
    ]);
  });

  it('reject malformed values, one problem per field', () => {
    expect(problemsOf({ hadoop1Limits: 'yes', padFraction: 1.5 })).toEqual([
      { path: 'schedulerOptions.fifo.hadoop1Limits', expected: 'true or false', found: "'yes'" },
      { path: 'schedulerOptions.fifo.padFraction', expected: 'a fraction in [0, 1]', found: '1.5' },
    ]);
  });

  it('reject a pad fraction without the limits it tunes', () => {
    expect(problemsOf({ padFraction: 0.05 })).toEqual([
      {
        path: 'schedulerOptions.fifo.padFraction',
        expected: 'a pad fraction only with hadoop1Limits: true (it tunes their padding)',
        found: '0.05 without hadoop1Limits',
      },
    ]);
  });
});

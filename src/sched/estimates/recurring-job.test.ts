import { describe, expect, it } from 'vitest';
import { recurringJobName } from './recurring-job.js';

describe('the recurring name of a job', () => {
  it('is its id less the running number it ends with, or the whole id without one', () => {
    expect(['query-017', 'query-018', 'train7', 'nightly-report', '2026', 'v2-load-03'].map(recurringJobName)).toEqual(['query-', 'query-', 'train', 'nightly-report', '', 'v2-load-']);
  });
});

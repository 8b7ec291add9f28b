import { describe, expect, it } from 'vitest';
import { peakConcurrency } from './peak-concurrency.js';

describe('peakConcurrency', () => {
  it('counts the most intervals open at one time', () => {
    // [0,10) [2,5) [3,12) [6,8): at 3.5 the first three are open (3); at 6 [2,5) has ended: 0-10, 3-12, 6-8 (3 again); never 4.
    expect(peakConcurrency([0, 2, 3, 6], [10, 5, 12, 8])).toBe(3);
  });

  it('lets an interval ending at t free its place for one starting at t', () => {
    // [0,5) then [5,9) then [9,10): one at a time.
    expect(peakConcurrency([0, 5, 9], [5, 9, 10])).toBe(1);
  });

  it('is 0 for no interval and does not depend on the order given', () => {
    expect(peakConcurrency([], [])).toBe(0);
    expect(peakConcurrency([4, 0, 1], [6, 5, 2])).toBe(2);
  });
});

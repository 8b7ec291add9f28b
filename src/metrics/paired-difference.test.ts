import { describe, expect, it } from 'vitest';
import { pairedDifference } from './paired-difference.js';

describe('pairedDifference', () => {
  it('takes each seed’s value minus the baseline’s and gives the 95% interval of their mean', () => {
    // Differences 2, 4, 6: mean 4, standard deviation 2, half-width t(0.975, 2) × 2 / √3.
    const difference = pairedDifference([12, 24, 36], [10, 20, 30])!;
    expect(difference.mean).toBe(4);
    expect(difference.halfWidth).toBeCloseTo((4.30265273 * 2) / Math.sqrt(3), 6);
    expect(difference.n).toBe(3);
  });

  it('is null when a seed lacks a value on either side, or there is no seed', () => {
    expect(pairedDifference([1, null], [1, 2])).toBeNull();
    expect(pairedDifference([1, 2], [null, 2])).toBeNull();
    expect(pairedDifference([], [])).toBeNull();
  });

  it('refuses sides of different lengths: a pair per seed or none', () => {
    expect(() => pairedDifference([1, 2], [1])).toThrow('got 2 and 1');
  });
});

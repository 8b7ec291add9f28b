import { describe, expect, it } from 'vitest';
import { pairedBySeed, pairedDifference } from './paired-difference.js';

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

describe('pairedBySeed', () => {
  it('pairs the runs by seed, whatever their order, leaving out a seed either side lacks or has no figure for', () => {
    const own = { seeds: [3, 1, 2, 4], values: [13, 11, null, 14] };
    const base = { seeds: [1, 2, 3], values: [10, 10, 10] };
    // Seed 2: no figure of ours; seed 4: no baseline run. Seeds 1 and 3: 11 − 10 and 13 − 10.
    expect(pairedBySeed(own, base)).toEqual(pairedDifference([13, 11], [10, 10]));
    expect(pairedBySeed({ seeds: [5], values: [1] }, base)).toBeNull();
  });
});

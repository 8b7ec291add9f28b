import { describe, expect, it } from 'vitest';
import { DataStatistics } from './data-statistics.js';

describe('DataStatistics', () => {
  it('gives the mean and the population standard deviation as values come, go and change', () => {
    const stats = new DataStatistics();
    for (const x of [2, 4, 4, 4, 5, 5, 7, 9]) stats.add(x);
    expect(stats.mean).toBe(5);
    expect(stats.std).toBe(2);
    stats.remove(9);
    stats.replace(2, 9);
    // 4, 4, 4, 5, 5, 7, 9: mean 38/7, variance 228/7 − (38/7)²
    expect(stats.mean).toBeCloseTo(38 / 7, 12);
    expect(stats.std).toBeCloseTo(Math.sqrt(228 / 7 - (38 / 7) ** 2), 12);
  });
});

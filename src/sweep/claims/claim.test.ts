import { describe, expect, it } from 'vitest';
import { combinedVerdict, judgeInterval } from './claim.js';

const lower = { kind: 'below', percent: 0 } as const;

describe('a claim judged on the 95% interval of a paired difference', () => {
  it('"lower than": holds when the whole interval is below 0, fails when it is above, ties when it straddles 0', () => {
    expect(judgeInterval({ low: -3, high: -1 }, lower, 50)).toBe('holds');
    expect(judgeInterval({ low: 1, high: 2 }, lower, 50)).toBe('fails');
    expect(judgeInterval({ low: -1, high: 2 }, lower, 50)).toBe('tie');
    // The same schedule on every seed: no difference, a tie, not a failure.
    expect(judgeInterval({ low: 0, high: 0 }, lower, 50)).toBe('tie');
  });

  it('is unknown without an interval (one seed, or no pair)', () => {
    expect(judgeInterval(null, lower, 50)).toBe('unknown');
    expect(judgeInterval({ low: null, high: null }, lower, 50)).toBe('unknown');
  });

  it('"at most 1% above": the bound is 1% of the reference mean', () => {
    const noWorse = { kind: 'below', percent: 1 } as const;
    expect(judgeInterval({ low: 0.2, high: 0.8 }, noWorse, 100)).toBe('holds'); // below +1
    expect(judgeInterval({ low: 0.5, high: 1.5 }, noWorse, 100)).toBe('tie'); // straddles +1
    expect(judgeInterval({ low: 1.2, high: 2 }, noWorse, 100)).toBe('fails');
    // A reference of mean 0 makes the bound 0.
    expect(judgeInterval({ low: 0.2, high: 0.8 }, noWorse, 0)).toBe('fails');
  });

  it('"higher than" mirrors "lower than"', () => {
    const higher = { kind: 'above', percent: 0 } as const;
    expect(judgeInterval({ low: 1, high: 2 }, higher, 10)).toBe('holds');
    expect(judgeInterval({ low: -2, high: -1 }, higher, 10)).toBe('fails');
    expect(judgeInterval({ low: -1, high: 1 }, higher, 10)).toBe('tie');
  });

  it('"within ±5%" of 40: inside ±2 holds, wholly outside fails, across either end ties', () => {
    const within = { kind: 'within', percent: 5 } as const;
    expect(judgeInterval({ low: -1, high: 1.5 }, within, 40)).toBe('holds');
    expect(judgeInterval({ low: 2.5, high: 3 }, within, 40)).toBe('fails');
    expect(judgeInterval({ low: -3, high: -2.5 }, within, 40)).toBe('fails');
    expect(judgeInterval({ low: 1, high: 3 }, within, 40)).toBe('tie');
    expect(judgeInterval({ low: 0, high: 0 }, within, 40)).toBe('holds');
  });

  it('against several references: fails if it fails against any, holds only if it holds against all', () => {
    expect(combinedVerdict(['holds', 'holds'])).toBe('holds');
    expect(combinedVerdict(['holds', 'tie'])).toBe('tie');
    expect(combinedVerdict(['tie', 'fails', 'unknown'])).toBe('fails');
    expect(combinedVerdict(['holds', 'unknown'])).toBe('unknown');
    expect(combinedVerdict([])).toBe('unknown');
  });
});

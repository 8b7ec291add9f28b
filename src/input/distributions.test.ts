import { describe, expect, it } from 'vitest';
import { sample } from './distributions.js';
import { Random } from '../util/random.js';
import { base, problems } from '../test-support/scenario-files.js';

describe('distributions', () => {
  it('stay within their ranges and near their means', () => {
    const rng = new Random(3);
    const draws = (d: Parameters<typeof sample>[0]) => Array.from({ length: 4000 }, () => sample(d, rng));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const uniform = draws({ dist: 'uniform', min: 2, max: 4 });
    expect(Math.min(...uniform)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...uniform)).toBeLessThan(4);
    expect(mean(draws({ dist: 'exponential', mean: 10 }))).toBeCloseTo(10, 0);
    const normal = draws({ dist: 'normal', mean: 1, sd: 2 });
    expect(Math.min(...normal)).toBeGreaterThan(0);
    const lognormal = draws({ dist: 'lognormal', median: 100, sigma: 0.5 }).sort((a, b) => a - b);
    expect(lognormal[2000]).toBeGreaterThan(90);
    expect(lognormal[2000]).toBeLessThan(110);
    const choice = draws({ dist: 'choice', values: [1, 2], weights: [0, 1] });
    expect(new Set(choice)).toEqual(new Set([2]));
  });

  it('reject malformed distributions at their field', () => {
    expect(
      problems(
        base({
          jobs: [
            {
              id: 'j',
              maps: 1,
              mapTime: { dist: 'uniform', min: 5, max: 1 },
              reduces: { dist: 'choice', values: [1, 2], weights: [1] },
              reduceTime: { dist: 'lognormal', sigma: 1 },
            },
          ],
        }),
      ).map((p) => [p.path, p.expected]),
    ).toEqual([
      ['jobs[0].mapTime.max', 'max ≥ min'],
      ['jobs[0].reduces.weights', 'one weight per value'],
      ['jobs[0].reduceTime', 'exactly one of mu and median'],
    ]);
  });
});

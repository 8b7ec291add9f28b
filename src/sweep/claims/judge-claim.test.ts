import { describe, expect, it } from 'vitest';
import { pairedDifference, summarizeReplications, type RunMetrics } from '../../metrics/index.js';
import type { CellGroup } from '../sweep-tables.js';
import type { Claim } from './claim.js';
import { judgeClaim, placedCellGroup, type PlacedGroup } from './judge-claim.js';

/** A group whose runs have only the figure a claim reads (seeds 1, 2, …). */
function group(scheduler: string, values: readonly number[]): CellGroup {
  const runs = values.map((value) => ({ totalWeightedCompletionTime: value }) as unknown as RunMetrics);
  return { scenario: 's', parameters: [], scheduler, runs, seeds: values.map((_, i) => i + 1), pools: values.map(() => []), failed: 0, intervals: summarizeReplications(runs) };
}

const at = (coordinate: string, g: CellGroup): PlacedGroup => placedCellGroup(g, [coordinate]);
const lowest: Claim = { label: 'a is lowest', metric: 'totalWeightedCompletionTime', scheduler: 'a', against: { schedulers: ['b', 'c'] }, shape: { kind: 'below', percent: 0 } };

describe('a claim judged at each cell of the grid', () => {
  const placed = [
    // Cell x: a below b and c on every seed.
    at('x', group('a', [10, 12, 11])),
    at('x', group('b', [14, 15, 15])),
    at('x', group('c', [20, 21, 22])),
    // Cell y: a below c, the same as b on every seed.
    at('y', group('a', [10, 12, 11])),
    at('y', group('b', [10, 12, 11])),
    at('y', group('c', [20, 21, 22])),
    // Cell z: c did not run.
    at('z', group('a', [10, 12, 11])),
    at('z', group('b', [14, 15, 15])),
  ];
  const cells = judgeClaim(lowest, placed);

  it('pairs the claimed scheduler with each reference by seed, at its own cell only', () => {
    expect(cells.map((c) => [c.coordinates[0], c.verdict])).toEqual([
      ['x', 'holds'],
      ['y', 'tie'],
      ['z', 'unknown'],
    ]);
  });

  it('shows the closest competitor among the comparisons that decide the verdict, with its mean', () => {
    const [x, y] = cells;
    expect(x.reference).toBe('b');
    expect(x.difference).toEqual(pairedDifference([10, 12, 11], [14, 15, 15]));
    expect(x.referenceMean).toBeCloseTo(44 / 3, 12);
    expect(y.reference).toBe('b');
    expect(y.difference).toMatchObject({ mean: 0, low: 0, high: 0 });
  });

  it('judges a claim against a fixed value, the same on every seed', () => {
    const plan: Claim = { label: 'a matches its plan within 5%', metric: 'totalWeightedCompletionTime', scheduler: 'a', against: { value: 11, name: 'plan' }, shape: { kind: 'within', percent: 5 } };
    const [exact] = judgeClaim(plan, [at('x', group('a', [11, 11, 11]))]);
    expect(exact).toMatchObject({ verdict: 'holds', reference: 'plan', referenceMean: 11 });
    const [spread] = judgeClaim(plan, [at('x', group('a', [10, 12, 11]))]);
    expect(spread.verdict).toBe('tie'); // mean 0, ±2.48 around it: across ±0.55
  });
});

import { describe, expect, it } from 'vitest';
import { bestIndices, intervalsOverlap, renderSummaryTable } from './summary-table.js';
import { METRICS } from '../metrics/index.js';
import { fifoComparison } from './test-support/comparison.js';
import { tagProblems } from './test-support/markup.js';

describe('bestIndices', () => {
  it('picks the lowest or the highest mean by the metric direction', () => {
    expect(bestIndices([3, 1, 2], 'lower')).toEqual([1]);
    expect(bestIndices([3, 1, 2], 'higher')).toEqual([0]);
  });

  it('marks every tied best and skips undefined values', () => {
    expect(bestIndices([1, null, 1, 4], 'lower')).toEqual([0, 2]);
  });

  it('picks nothing when all values are equal or fewer than two are defined', () => {
    expect(bestIndices([2, 2, 2], 'lower')).toEqual([]);
    expect(bestIndices([2, null], 'lower')).toEqual([]);
  });
});

describe('intervalsOverlap', () => {
  const ci = (low: number, high: number) => ({ mean: (low + high) / 2, halfWidth: (high - low) / 2, low, high, n: 3 });

  it('is true when the intervals share a point and false otherwise', () => {
    expect(intervalsOverlap(ci(0, 2), ci(1, 3))).toBe(true);
    expect(intervalsOverlap(ci(0, 1), ci(2, 3))).toBe(false);
  });

  it('is false without half-widths (one replication)', () => {
    expect(intervalsOverlap({ mean: 1, halfWidth: null, low: null, high: null, n: 1 }, ci(0, 2))).toBe(false);
  });
});

describe('renderSummaryTable', () => {
  it('has one row per metric and one column per scheduler, the best cell marked', () => {
    const comparison = fifoComparison();
    const html = renderSummaryTable(comparison, METRICS);
    expect(tagProblems(html)).toEqual([]);
    expect(html.match(/<tr>/g)).toHaveLength(METRICS.length + 1);
    expect(html).toContain('<th scope="col">slow-fifo</th>');
    // The slow variant runs longer tasks, so fifo has the lower makespan.
    const makespanRow = html.split('<tr>').find((row) => row.includes('>Makespan<'))!;
    expect(makespanRow.indexOf('class="best"')).toBeLessThan(makespanRow.indexOf('<td>'));
  });
});

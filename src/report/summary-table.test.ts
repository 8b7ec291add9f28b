import { describe, expect, it } from 'vitest';
import { intervalsOverlap, renderDifferenceTable, renderSummaryTable } from './summary-table.js';
import { METRICS } from '../metrics/index.js';
import { comparedMetrics } from './metric-tables.js';
import { reportModel } from './report-model.js';
import { fifoComparison } from './test-support/comparison.js';
import { tagProblems } from './test-support/markup.js';

const row = (html: string, label: string) => html.split('<tr>').find((r) => r.includes(`>${label}<`))!;

describe('intervalsOverlap', () => {
  it('is true when the intervals share a point and false otherwise', () => {
    expect(intervalsOverlap({ low: 0, high: 2 }, { low: 1, high: 3 })).toBe(true);
    expect(intervalsOverlap({ low: 0, high: 1 }, { low: 2, high: 3 })).toBe(false);
  });

  it('is false without bounds (one replication)', () => {
    expect(intervalsOverlap({ low: null, high: null }, { low: 0, high: 2 })).toBe(false);
  });
});

describe('renderSummaryTable', () => {
  const comparison = fifoComparison();
  const model = reportModel(comparison, comparedMetrics(comparison), 0);

  it('has one row per metric and one column per scheduler, the best cell marked', () => {
    const html = renderSummaryTable(model);
    expect(tagProblems(html)).toEqual([]);
    expect(html.match(/<tr>/g)).toHaveLength(model.metrics.length + 1);
    expect(html).toContain('<th scope="col">slow-fifo</th>');
    // The slow variant runs longer tasks, so fifo has the lower makespan.
    const makespan = row(html, 'Makespan');
    expect(makespan.indexOf('class="best"')).toBeLessThan(makespan.indexOf('<td>'));
  });

  it('shows rack-local maps without ranking them', () => {
    const rackLocal = row(renderSummaryTable(model), 'Rack-local maps');
    expect(rackLocal).toContain('not ranked');
    expect(rackLocal).not.toContain('class="best"');
    expect(METRICS.find((m) => m.key === 'mapRackLocal')!.better).toBe('neither');
  });
});

describe('renderDifferenceTable', () => {
  it('gives each scheduler minus the baseline, marked worse only when the interval leaves out zero', () => {
    const comparison = fifoComparison();
    const html = renderDifferenceTable(reportModel(comparison, comparedMetrics(comparison), 0));
    expect(tagProblems(html)).toEqual([]);
    expect(html).toContain('<th scope="col">slow-fifo − fifo</th>');
    // slow-fifo's tasks take 2 to 10 times longer on every seed: its makespan is worse beyond doubt.
    expect(row(html, 'Makespan')).toMatch(/<td class="worse">\+\d+\.\d s ± \d+\.\d s<\/td>/);
  });

  it('is empty with one scheduler', () => {
    const comparison = fifoComparison({ schedulers: ['fifo'] });
    expect(renderDifferenceTable(reportModel(comparison, comparedMetrics(comparison), 0))).toBe('');
  });
});

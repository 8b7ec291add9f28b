import { describe, expect, it } from 'vitest';
import { renderLineChart, type LineChartSpec } from './line-chart.js';
import { tagProblems } from './test-support/markup.js';

const point = (mean: number | null, halfWidth: number | null = null) => ({
  mean,
  low: mean === null || halfWidth === null ? null : mean - halfWidth,
  high: mean === null || halfWidth === null ? null : mean + halfWidth,
  valueText: String(mean),
});

function chart(overrides: Partial<LineChartSpec>): string {
  return renderLineChart({
    id: 'c',
    title: 'Makespan',
    xTitle: 'settings.slowStart',
    xValues: [0.05, 0.5, 1],
    unit: { divisor: 1, label: 's' },
    better: 'lower',
    series: [{ name: 'fifo', colour: '#0072B2', dash: null, points: [point(100, 10), point(120, 5), point(130, 1)] }],
    ...overrides,
  });
}

/** The x of each point (circle) of the chart, in order. */
const xs = (svg: string) => [...svg.matchAll(/<circle cx="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('renderLineChart', () => {
  it('places numeric values by value and others evenly, in the order given', () => {
    // 0.05, 0.5, 1: the gaps are 0.45 and 0.5 of the axis, so the second is the wider.
    const [a, b, c] = xs(chart({}));
    expect(c - b).toBeGreaterThan(b - a);
    expect((c - b) / (b - a)).toBeCloseTo(0.5 / 0.45, 2);
    const [p, q, r] = xs(chart({ xValues: ['small', 'huge', 'medium'] }));
    expect(q - p).toBeCloseTo(r - q, 6);
  });

  it('draws a whisker only where there is an interval, breaks the line where a mean is missing, and balances its markup', () => {
    const svg = chart({ series: [{ name: 'fair', colour: '#E69F00', dash: '6 3', points: [point(100, 10), point(null), point(130)] }] });
    expect(svg.match(/class="whisker"/g)).toHaveLength(1);
    expect(xs(svg)).toHaveLength(2);
    // Two points after a gap: two moves, no line across the gap.
    expect(svg).toMatch(/<path class="cdf" d="M[\d.]+ [\d.]+M[\d.]+ [\d.]+"/);
    expect(tagProblems(svg)).toEqual([]);
  });

  it('names the chart, the parameter and every value for screen readers', () => {
    const svg = chart({});
    expect(svg).toContain('<title id="c-title">Makespan against settings.slowStart (lower is better)</title>');
    expect(svg).toContain('fifo: 0.05 → 100, 0.5 → 120, 1 → 130');
  });
});

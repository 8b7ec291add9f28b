import { describe, expect, it } from 'vitest';
import { renderTimeSeriesChart, stepPath, type TimeSeries } from './time-series-chart.js';
import { tagProblems } from './test-support/markup.js';

const series = (name: string, values: number[]): TimeSeries => ({ name, start: 10, end: 50, values, colour: '#000000', dash: null });

describe('time series chart', () => {
  it('draws a step per bucket, joined by vertical lines, and breaks at undefined buckets', () => {
    // [10, 50] in 4 buckets of 10; x = t, y = −v: buckets 0–1 joined, bucket 2 a gap, bucket 3 alone.
    const d = stepPath(series('s', [1, 2, NaN, 4]), (t) => t, (v) => -v);
    expect(d).toBe('M10 -1H20V-2H30M40 -4H50');
  });

  it('draws one line per scheduler with a legend, a percent axis to 100, and an accessible name', () => {
    const svg = renderTimeSeriesChart({
      id: 'over-time-locality',
      title: 'Node-local maps over time',
      yTitle: 'node-local running maps',
      unit: '%',
      series: [series('fifo', [50, 60]), series('adaptive', [90, NaN])],
    });
    expect(svg.match(/<path class="series"/g)).toHaveLength(2);
    expect(svg).toContain('>100<');
    expect(svg).toContain('>adaptive<');
    expect(svg).toContain('averaged over 2 equal stretches of each run, one line per scheduler: fifo, adaptive');
    expect(tagProblems(svg)).toEqual([]);
  });
});

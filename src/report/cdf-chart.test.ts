import { describe, expect, it } from 'vitest';
import { cdfLayout, cdfPath, empiricalCdf, finiteSorted, renderCdfChart, wantsLogScale, type CdfSpec } from './cdf-chart.js';
import { tagProblems } from './test-support/markup.js';

/** A chart of one scheduler's completion times. */
function oneSeries(values: number[]): CdfSpec {
  return { id: 'c', title: 't', series: [{ name: 'a', values, colour: '#000', dash: null }] };
}

describe('empiricalCdf', () => {
  it('reaches 1 at the largest value', () => {
    const cdf = empiricalCdf(finiteSorted([5, 1, 9, 3, 9, 2]));
    expect(cdf.x.at(-1)).toBe(9);
    expect(cdf.p.at(-1)).toBe(1);
  });

  it('gives the share of values at or below each distinct value', () => {
    // 1, 2, 3, 5, 9, 9: 1/6 ≤ 1, 2/6 ≤ 2, 3/6 ≤ 3, 4/6 ≤ 5, 6/6 ≤ 9.
    const cdf = empiricalCdf(finiteSorted([5, 1, 9, 3, 9, 2]));
    expect(Array.from(cdf.x)).toEqual([1, 2, 3, 5, 9]);
    expect(Array.from(cdf.p)).toEqual([1 / 6, 2 / 6, 3 / 6, 4 / 6, 1]);
  });

  it('is empty for no values, and non-finite values are left out', () => {
    expect(empiricalCdf(new Float64Array(0)).x.length).toBe(0);
    expect(Array.from(finiteSorted([Number.NaN, 4, Infinity, 2, -Infinity]))).toEqual([2, 4]);
  });
});

describe('cdf axis', () => {
  it('turns logarithmic when the values span more than two decades', () => {
    expect(wantsLogScale(1, 100)).toBe(false);
    expect(wantsLogScale(1, 101)).toBe(true);
    expect(wantsLogScale(0, 1e6)).toBe(false);
    expect(cdfLayout(oneSeries([2, 5000])).log).toBe(true);
    expect(cdfLayout(oneSeries([20, 500])).log).toBe(false);
  });
});

describe('cdfPath', () => {
  it('ends at share 1 at the right edge of the plot', () => {
    const layout = cdfLayout(oneSeries([3, 1, 2]));
    const d = cdfPath(empiricalCdf(finiteSorted([3, 1, 2])), layout.x, layout.y);
    expect(d.endsWith(`V${layout.y(1)}H${layout.plot.right}`)).toBe(true);
  });

  it('stays small for many jobs (one step per half pixel at most)', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => 1 + ((i * 7919) % 100_000) / 10);
    const layout = cdfLayout(oneSeries(values));
    const d = cdfPath(empiricalCdf(finiteSorted(values)), layout.x, layout.y);
    const commands = d.match(/[MHV]/g)!.length;
    expect(commands).toBeLessThanOrEqual(2 * 2 * (layout.plot.right - layout.plot.left) + 4);
  });
});

describe('renderCdfChart', () => {
  it('draws one line and one legend entry per scheduler, escaped and balanced', () => {
    const svg = renderCdfChart({
      id: 'c',
      title: 'Completion times',
      series: [
        { name: 'fifo', values: [10, 20, 30], colour: '#0072B2', dash: null },
        { name: '<b>fair</b>', values: [5, 50], colour: '#E69F00', dash: '6 3' },
        { name: 'none', values: [], colour: '#009E73', dash: null },
      ],
    });
    expect(tagProblems(svg)).toEqual([]);
    expect(svg.match(/class="cdf"/g)).toHaveLength(2);
    expect(svg.match(/class="legend-line"/g)).toHaveLength(3);
    expect(svg).toContain('no completed jobs');
    expect(svg).not.toContain('<b>fair');
  });
});

describe('identical distributions', () => {
  it('are named in the legend and drawn wider underneath, so neither line disappears', () => {
    const svg = renderCdfChart({
      id: 'c',
      title: 't',
      series: [
        { name: 'fifo', values: [1, 2, 3], colour: '#0072B2', dash: null },
        { name: 'fair', values: [3, 2, 1], colour: '#E69F00', dash: null },
      ],
    });
    expect(svg).toContain('same times as fifo');
    const widths = [...svg.matchAll(/class="cdf" d="[^"]*" stroke="[^"]*" stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths[0]).toBeGreaterThan(widths[1]);
  });
});

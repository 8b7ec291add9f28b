import { describe, expect, it } from 'vitest';
import { barLayout, renderBarChart, type BarChartSpec, type BarDatum } from './bar-chart.js';
import { tagProblems } from './test-support/markup.js';

function bar(label: string, value: number | null, halfWidth: number | null = null): BarDatum {
  return {
    label,
    value,
    low: value === null || halfWidth === null ? null : value - halfWidth,
    high: value === null || halfWidth === null ? null : value + halfWidth,
    colour: '#0072B2',
    valueText: String(value),
  };
}

const spec = (bars: BarDatum[], unit = { divisor: 1, label: 's' }): BarChartSpec => ({ id: 'b', title: 'Makespan', unit, better: 'lower', bars });

describe('barLayout', () => {
  it('makes bar heights proportional to the values', () => {
    const layout = barLayout(spec([bar('a', 120), bar('b', 60), bar('c', 30), bar('d', 90)]));
    const heights = layout.bars.map((b) => b!.height);
    for (let i = 1; i < heights.length; i++) {
      expect(heights[i] / heights[0]).toBeCloseTo([120, 60, 30, 90][i] / 120, 9);
    }
    for (const b of layout.bars) expect(b!.y + b!.height).toBeCloseTo(layout.scale(0), 9);
  });

  it('keeps the tallest bar and its whisker inside the plot', () => {
    const layout = barLayout(spec([bar('a', 97, 12), bar('b', 40, 5)]));
    expect(layout.bars[0]!.whisker!.yHigh).toBeGreaterThanOrEqual(layout.plot.top - 1e-9);
    expect(layout.scale.domain[1]).toBeGreaterThanOrEqual(109);
  });

  it('puts whisker ends at the interval ends', () => {
    const layout = barLayout(spec([bar('a', 50, 10)]));
    const w = layout.bars[0]!.whisker!;
    expect(w.yLow).toBeCloseTo(layout.scale(40), 9);
    expect(w.yHigh).toBeCloseTo(layout.scale(60), 9);
  });

  it('draws no whisker without an interval and no bar without a value', () => {
    const layout = barLayout(spec([bar('a', 50), bar('b', null)]));
    expect(layout.bars[0]!.whisker).toBeNull();
    expect(layout.bars[1]).toBeNull();
  });

  it('hangs negative values below the zero line', () => {
    const layout = barLayout(spec([bar('a', -20), bar('b', 40)], { divisor: 1, label: '' }));
    const zero = layout.scale(0);
    expect(layout.bars[0]!.y).toBeCloseTo(zero, 9);
    expect(layout.bars[0]!.height * 2).toBeCloseTo(layout.bars[1]!.height, 9);
  });

  it('slants scheduler names that do not fit under their bars', () => {
    const names = Array.from({ length: 8 }, (_, i) => bar(`a-long-scheduler-${i}`, 10));
    expect(barLayout(spec(names)).slantedLabels).toBe(true);
    expect(barLayout(spec([bar('fifo', 1), bar('fair', 2)])).slantedLabels).toBe(false);
  });
});

describe('renderBarChart', () => {
  it('writes balanced SVG with the metric, its unit and the better direction', () => {
    const svg = renderBarChart(spec([bar('fifo', 4000, 100), bar('fair', 3000, 200)]));
    expect(tagProblems(svg)).toEqual([]);
    expect(svg).toContain('>Makespan<');
    expect(svg).toContain('in s · lower is better');
  });

  it('escapes scheduler names', () => {
    const svg = renderBarChart(spec([bar('<script>x</script>', 1)]));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });
});

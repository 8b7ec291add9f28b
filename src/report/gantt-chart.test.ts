import { describe, expect, it } from 'vitest';
import { renderGanttChart, runEnd, stepArea } from './gantt-chart.js';
import { fifoComparison, syntheticRun } from './test-support/comparison.js';
import { tagProblems } from './test-support/markup.js';
import { STATUS_FAILED, type RunRecord } from '../model/run-record.js';

function withStatus(run: RunRecord, attempt: number, status: number): RunRecord {
  const copy = Uint8Array.from(run.attempts.status);
  copy[attempt] = status;
  return { ...run, attempts: { ...run.attempts, status: copy } };
}

describe('renderGanttChart on a small run', () => {
  const run = fifoComparison({ jobIds: ['<script>alert(1)</script>', 'j1', 'j2', 'j3'], nodeIds: ['<b>n0</b>', 'n1', 'n2'] })
    .results[0].sample;

  it('draws attempts as bars in lanes, a bar of one attempt with a tooltip naming it', () => {
    const chart = renderGanttChart(run, { id: 'g', title: 'fifo' });
    expect(chart.drawing).toBe('lanes');
    expect(chart.attemptsShown).toBe(run.attempts.count);
    const tips = [...chart.svg.matchAll(/<title>(job [^<]*)<\/title>/g)].map((m) => m[1]);
    expect(tips.length).toBeGreaterThan(0);
    for (const tip of tips) expect(tip).toMatch(/^job \S+ (map|reduce) \d+ attempt \d+: [\d.]+–[\d.]+ s, (succeeded|failed|killed)/);
    expect(new Set(tips).size).toBe(tips.length);
    // The other bars merge two or more back-to-back attempts, so the bars cannot hold more attempts than there are.
    expect(tips.length + 2 * (chart.shapes - tips.length)).toBeLessThanOrEqual(run.attempts.count);
    expect(tagProblems(chart.svg)).toEqual([]);
  });

  it('escapes job and node ids', () => {
    const { svg } = renderGanttChart(run, { id: 'g', title: 'fifo' });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&lt;b&gt;n0&lt;/b&gt;');
  });

  it('writes the job id inside bars wide enough for it', () => {
    const { svg } = renderGanttChart(fifoComparison().results[0].sample, { id: 'g', title: 'fifo' });
    expect(svg).toMatch(/<g class="bar-label on-dark"><text [^>]*>j0<\/text>/);
  });

  it('marks a failed attempt', () => {
    const chart = renderGanttChart(withStatus(run, 0, STATUS_FAILED), { id: 'g', title: 'fifo' });
    expect(chart.markersDrawn).toBe(1);
    expect(chart.svg).toContain('class="marker" stroke="#D55E00"');
  });

  it('hatches a node while it is down', () => {
    const down = {
      ...run,
      scenario: { ...run.scenario, settings: { ...run.scenario.settings, failures: [{ node: 1, at: 2, recoverAt: 5 }] } },
    };
    expect(renderGanttChart(down, { id: 'g', title: 'fifo' }).svg).toContain('fill="url(#g-down)"');
  });

  it('switches to occupancy when asked for fewer bars than attempts', () => {
    const chart = renderGanttChart(run, { id: 'g', title: 'fifo', maxBars: 2 });
    expect(chart.drawing).toBe('occupancy');
    expect(tagProblems(chart.svg)).toEqual([]);
  });
});

describe('renderGanttChart on a large run', () => {
  const busy = syntheticRun(200, 200_000);
  // Idle gaps as long as the tasks: too many separate bars for the lanes drawing.
  const gappy = syntheticRun(200, 200_000, 40);

  it('shows at most the first 40 nodes and says how many there are', () => {
    const chart = renderGanttChart(busy, { id: 'g', title: 'big' });
    expect(chart.nodesShown).toBe(40);
    expect(chart.nodesTotal).toBe(200);
    expect(chart.attemptsShown).toBe(40_000);
    expect(chart.svg).not.toContain('>n40<');
    expect(chart.svg).toContain('>n39<');
  });

  it('merges back-to-back attempts that touch at the chart resolution into one bar', () => {
    const chart = renderGanttChart(busy, { id: 'g', title: 'big' });
    expect(chart.drawing).toBe('lanes');
    expect(chart.shapes).toBeLessThan(chart.attemptsShown / 10);
    expect(chart.svg.length).toBeLessThan(500_000);
  });

  it('draws occupancy instead of bars when 200k attempts would need too many, and stays under a megabyte', () => {
    const chart = renderGanttChart(gappy, { id: 'g', title: 'big' });
    expect(chart.drawing).toBe('occupancy');
    expect(chart.svg.length).toBeLessThan(1_000_000);
    expect(tagProblems(chart.svg)).toEqual([]);
  });

  it('caps failure marks and counts the ones left out', () => {
    const chart = renderGanttChart(gappy, { id: 'g', title: 'big', maxMarkers: 100 });
    expect(chart.markersDrawn).toBe(100);
    expect(chart.markersOmitted).toBeGreaterThan(0);
  });

  it('draws the same bytes twice', () => {
    expect(renderGanttChart(gappy, { id: 'g', title: 'big' }).svg).toBe(renderGanttChart(gappy, { id: 'g', title: 'big' }).svg);
  });
});

describe('stepArea', () => {
  it('outlines runs of non-zero height standing on the base and skips empty bins', () => {
    // Bins of width 2 from x = 10: heights 0, 3, 3, 5, 0 → one area over bins 1 to 3.
    expect(stepArea(Float64Array.from([0, 3, 3, 5, 0]), 10, 2, 20)).toBe('M12 20V17H16V15H18V20Z');
  });

  it('closes an area that reaches the last bin', () => {
    expect(stepArea(Float64Array.from([1, 1]), 0, 2, 10)).toBe('M0 10V9H4V10Z');
  });
});

describe('the time axis', () => {
  it('runs to the given end when it is later than the run, so charts of several runs share a scale', () => {
    const run = fifoComparison().results[0].sample;
    const end = runEnd(run);
    const own = renderGanttChart(run, { id: 'g', title: 't' }).svg;
    const longer = renderGanttChart(run, { id: 'g', title: 't', until: end * 2 }).svg;
    const lastTick = (svg: string) => Math.max(...[...svg.matchAll(/text-anchor="middle">([\d.]+)</g)].map((m) => Number(m[1])));
    expect(lastTick(longer)).toBeGreaterThan(lastTick(own) * 1.5);
  });
});

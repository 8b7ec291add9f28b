import { describe, expect, it } from 'vitest';
import { chartedMetrics, renderHtmlReport, seedText } from './html-report.js';
import { fifoComparison, syntheticRun, type ComparisonSpec } from './test-support/comparison.js';
import { tagProblems } from './test-support/markup.js';
import type { Comparison } from '../experiment/compare.js';

const hostile = '<script>alert(1)</script>';

describe('renderHtmlReport', () => {
  // User strings in every place the page shows one.
  const hostileSpec: ComparisonSpec = {
    scenarioName: `nightly ${hostile} & co`,
    schedulers: ['fifo', `fair"><img src=x onerror=alert(1)>`],
    jobIds: [hostile, 'j1', 'j2', 'j3'],
    nodeIds: [hostile, 'n1', 'n2'],
  };
  const comparison = fifoComparison(hostileSpec);
  const html = renderHtmlReport(comparison);

  it('closes every element it opens', () => {
    expect(tagProblems(html)).toEqual([]);
  });

  it('never lets a user string become markup', () => {
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('nightly &lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(html).toContain('fair&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('loads nothing from elsewhere: no scripts, links, images, imports or remote urls', () => {
    expect(html).not.toMatch(/<(script|link|img|iframe|object)\b/i);
    expect(html).not.toMatch(/@import|url\((?!#)/i);
    expect(html).not.toMatch(/(src|href)="(?!#)/i);
  });

  it('is byte-identical for the same comparison, even computed afresh', () => {
    expect(renderHtmlReport(fifoComparison(hostileSpec))).toBe(html);
  });

  it('shows the scenario, the seeds, the summary, the charts and the guide', () => {
    expect(html).toContain('<title>Scheduler comparison: nightly');
    expect(html).toContain('seeds 1–3');
    expect(html).toContain('<table class="summary">');
    expect(html).toContain('id="metric-makespan"');
    expect(html).toContain('id="cdf-completion"');
    expect(html.match(/id="gantt-\d+"/g)).toHaveLength(2);
    for (const metric of ['dissatisfaction', 'fairness', 'locality']) expect(html).toContain(`id="over-time-${metric}"`);
    expect(html).toContain('How to read this report');
  });

  it('gives every chart an accessible name', () => {
    const charts = html.match(/<svg [^>]*>/g)!;
    expect(charts.length).toBeGreaterThan(3);
    for (const svg of charts) expect(svg).toMatch(/role="img" aria-labelledby="[^"]+-title [^"]+-desc"/);
  });

  it('uses unique element ids', () => {
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leads every link of its table of contents to a section, even when no first replication has a span to chart', () => {
    const unfinished: Comparison = {
      ...comparison,
      results: comparison.results.map((r) => ({ ...r, sample: { ...r.sample, jobs: r.sample.jobs.map((job) => ({ ...job, status: 'unfinished' as const, end: null })) } })),
    };
    for (const page of [html, renderHtmlReport(unfinished)]) {
      const targets = [...page.matchAll(/<a href="#([^"]+)">/g)].map((m) => m[1]);
      expect(targets).toContain('over-time');
      for (const id of targets) expect(page).toContain(`id="${id}"`);
    }
    expect(renderHtmlReport(unfinished)).toContain('No first replication has a job that ended');
  });

  it('draws Gantt charts only for the schedulers asked for', () => {
    const one = renderHtmlReport(comparison, { ganttSchedulers: ['fifo'] });
    expect(one.match(/id="gantt-\d+"/g)).toEqual(['id="gantt-0"']);
  });
});

describe('a report of a large run', () => {
  it('stays a few megabytes with 200k attempts per scheduler', () => {
    const small = fifoComparison({ schedulers: ['a', 'b'] });
    const big = syntheticRun(200, 200_000, 40);
    const comparison: Comparison = {
      ...small,
      results: small.results.map((r) => ({
        ...r,
        sample: big,
        completionTimes: Array.from({ length: 50_000 }, (_, i) => 10 + ((i * 7919) % 50_000) / 3),
      })),
    };
    const html = renderHtmlReport(comparison);
    expect(html.length).toBeLessThan(3_000_000);
    expect(html).toContain('showing the first 40 of 200 nodes');
    expect(tagProblems(html)).toEqual([]);
  });
});

describe('page parts', () => {
  it('writes consecutive seeds as a range and others as a list', () => {
    expect(seedText([4])).toBe('seed 4');
    expect(seedText([1, 2, 3])).toBe('seeds 1–3');
    expect(seedText([1, 5])).toBe('seeds 1, 5');
  });

  it('charts failure counts only when some job failed', () => {
    const keys = chartedMetrics(fifoComparison()).map((m) => m.key);
    expect(keys).toContain('makespan');
    expect(keys).not.toContain('jobsFailed');
  });
});

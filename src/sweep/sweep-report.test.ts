import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { tagProblems } from '../report/test-support/markup.js';
import { runSweep } from './run-sweep.js';
import { parseSweepSpecText } from './sweep-spec.js';
import { outputsOf, TINY_SCENARIO } from './test-support/sweep-files.js';
import { METRICS, type ConfidenceInterval, type MetricKey } from '../metrics/index.js';
import type { SweepManifest } from './cell-store.js';
import { renderSweepReport } from './sweep-report.js';
import type { CellGroup } from './sweep-tables.js';

const files = cliSession();

async function report(body: string): Promise<string> {
  const text = `name: r\nscenarios: [${JSON.stringify(TINY_SCENARIO)}]\nschedulers: [fifo, fair]\n${body}`;
  const out = join(files.dir, 'out');
  await runSweep(parseSweepSpecText(text, files.file('spec.yaml', text)), { out, jobs: 1 });
  return outputsOf(out)['report.html'];
}

const charts = (html: string) => html.match(/<svg /g)?.length ?? 0;

describe('report.html of a sweep', () => {
  it('charts each metric against each parameter once per combination of the others, one line per scheduler', async () => {
    const html = await report('parameters:\n  settings.slowStart: [0.05, 1]\n  settings.heartbeatInterval: [1, 3, 5]\nmetrics: [makespan, meanCompletionTime]\n');
    expect(tagProblems(html)).toEqual([]);
    // slowStart: 3 panels (one per heartbeat interval) × 2 metrics; heartbeatInterval: 2 panels × 2 metrics.
    expect(charts(html)).toBe(3 * 2 + 2 * 2);
    expect(html).toContain('<h3>Against Slow start <code>settings.slowStart</code></h3><h4>with Heartbeat interval = 1</h4>');
    expect(html).toContain('<h4>with Slow start = 0.05</h4>');
    expect(html).toContain('<title id="s0-p0-0-makespan-title">Makespan against Slow start (lower is better)</title>');
    expect(html.match(/class="legend-label">fair</g)).toHaveLength(10);
  });

  it('draws a bar per scheduler for each metric when nothing is swept', async () => {
    const html = await report('metrics: [makespan, fairness, mapNodeLocal]\nseeds: [1, 2, 3]\n');
    expect(tagProblems(html)).toEqual([]);
    expect(charts(html)).toBe(3);
    expect(html).toContain('Makespan by scheduler (lower is better)');
    expect(html).not.toContain('Against');
  });

  it("keeps whiskers above a metric's floor, shows a metric in one unit on axis and tooltips, and names parameters as a reader does", () => {
    // Fairness 0.1 ± 0.5 over the seeds: Student's t reaches −0.4, which a deviation cannot be. Makespan past
    // ten minutes: still seconds, as every table prints it.
    const interval = (mean: number, halfWidth: number): ConfidenceInterval => ({ n: 3, mean, halfWidth, low: mean - halfWidth, high: mean + halfWidth });
    const intervals = Object.fromEntries(METRICS.map((m) => [m.key, null])) as Record<MetricKey, ConfidenceInterval | null>;
    const group = (scheduler: string, nodes: number): CellGroup => ({
      scenario: 'tiny',
      parameters: [nodes],
      scheduler,
      runs: [],
      seeds: [],
      pools: [],
      failed: 0,
      intervals: { ...intervals, fairness: interval(0.1, 0.5), makespan: interval(4000 + nodes, 120) },
    });
    const manifest: SweepManifest = { format: 2, name: 'bounds', description: '', parameters: ['cluster.racks[*].nodes'], metrics: ['fairness', 'makespan'], cells: [] };
    const html = renderSweepReport(manifest, [group('fifo', 5), group('fifo', 10), group('fair', 5), group('fair', 10)]);
    expect(tagProblems(html)).toEqual([]);
    const at = html.indexOf('id="s0-p0-0-fairness"');
    const fairness = html.slice(html.lastIndexOf('<svg', at), html.indexOf('</svg>', at));
    // No tick below zero: the axis starts at 0, where each whisker stops.
    expect(fairness).not.toMatch(/>-[\d.]+</);
    const zero = /y="([\d.]+)" dy="0.32em" text-anchor="end">0\.0</.exec(fairness)?.[1];
    const bottoms = [...fairness.matchAll(/class="whisker"[^>]*d="M[\d.]+ ([\d.]+)V/g)].map((m) => m[1]);
    expect(bottoms).toHaveLength(4);
    expect(new Set(bottoms)).toEqual(new Set([zero]));
    expect(html).toContain('0.100 ± 0.500');
    expect(html).toContain('in s · lower is better');
    expect(html).toContain('4005.0 s ± 120.0 s');
    expect(html).not.toContain('in min');
    expect(html).toContain('Nodes per rack');
    expect(html).toContain('<code>cluster.racks[*].nodes</code>');
  });
});

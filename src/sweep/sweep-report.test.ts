import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { tagProblems } from '../report/test-support/markup.js';
import { runSweep } from './run-sweep.js';
import { parseSweepSpecText } from './sweep-spec.js';
import { outputsOf, TINY_SCENARIO } from './test-support/sweep-files.js';

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
    expect(html).toContain('<h3>Against settings.slowStart</h3><h4>with settings.heartbeatInterval = 1</h4>');
    expect(html).toContain('<h4>with settings.slowStart = 0.05</h4>');
    expect(html).toContain('<title id="s0-p0-0-makespan-title">Makespan against settings.slowStart (lower is better)</title>');
    expect(html.match(/class="legend-label">fair</g)).toHaveLength(10);
  });

  it('draws a bar per scheduler for each metric when nothing is swept', async () => {
    const html = await report('metrics: [makespan, fairness, mapNodeLocal]\nseeds: [1, 2, 3]\n');
    expect(tagProblems(html)).toEqual([]);
    expect(charts(html)).toBe(3);
    expect(html).toContain('Makespan by scheduler (lower is better)');
    expect(html).not.toContain('Against');
  });
});

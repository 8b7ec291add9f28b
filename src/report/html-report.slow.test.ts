import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { baselineIndex, renderHtmlReport, seedText } from './html-report.js';
import { formatMemory } from './format.js';
import { fifoComparison, scatteredTaskRun, syntheticRun, type ComparisonSpec } from './test-support/comparison.js';
import { tagProblems } from './test-support/markup.js';
import { compare, type Comparison } from '../experiment/compare.js';
import { measureRun } from '../metrics/index.js';
import { loadScenario } from '../input/load-scenario.js';
import type { ReportModel } from './report-model.js';

const hostile = '<script>alert(1)</script>';

/** The page without the contents of its script elements: the markup a reader's browser parses as HTML. */
function markupOnly(html: string): string {
  return html.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/gi, '$1$2');
}

function carriedModel(html: string): ReportModel {
  const packed = html.match(/<script type="application\/octet-stream" id="report-data">([^<]*)<\/script>/)![1];
  return JSON.parse(inflateRawSync(Buffer.from(packed, 'base64')).toString('utf8')) as ReportModel;
}

describe('renderHtmlReport', () => {
  // User strings in every place the page shows one.
  const hostileSpec: ComparisonSpec = {
    scenarioName: `nightly ${hostile} & co`,
    schedulers: ['fifo', `fair"><img src=x onerror=alert(1)>`],
    jobIds: [hostile, 'j1', 'j2', 'j3'],
    nodeIds: [hostile, 'n1', 'n2'],
  };
  const comparison = fifoComparison(hostileSpec);
  const provenance = { version: '9.9.9', commit: 'c0ffee1', command: `mrsched compare ${hostile}`, scenario: { path: 'x.yaml', sha256: 'ab12' }, schedulerOptions: { fair: { nodeLocalityDelay: 3 } }, seeds: [1, 2, 3] };
  const html = renderHtmlReport(comparison, { provenance, notes: [`a note with ${hostile}`] })['report.html'];

  it('closes every element it opens', () => {
    expect(tagProblems(html)).toEqual([]);
  });

  it('never lets a user string become markup', () => {
    const markup = markupOnly(html);
    // Only the page's own script elements: the packed data, the chart library and the report's script.
    expect(markup.match(/<script\b[^>]*>/g)!.every((tag) => tag === '<script>' || /^<script type="application\/octet-stream" id="report-[\w-]+"/.test(tag))).toBe(true);
    expect(markup).not.toContain('<img');
    expect(markup).toContain('nightly &lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(markup).toContain('fair&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(markup).toContain('a note with &lt;script&gt;');
  });

  it('loads nothing from elsewhere: no script sources, links, images, imports or remote urls', () => {
    const markup = markupOnly(html);
    expect(markup).not.toMatch(/<(link|img|iframe|object)\b/i);
    expect(markup).not.toMatch(/<script[^>]*\bsrc=/i);
    expect(markup).not.toMatch(/@import|url\((?!#)/i);
    expect(markup).not.toMatch(/(src|href)="(?!#)/i);
  });

  it('is byte-identical for the same comparison, even computed afresh', () => {
    expect(renderHtmlReport(fifoComparison(hostileSpec), { provenance, notes: [`a note with ${hostile}`] })['report.html']).toBe(html);
  });

  it('shows the scenario, the seeds, how it was made, the tables, the chart places and the guide', () => {
    expect(html).toContain('<title>Scheduler comparison: nightly');
    expect(html).toContain('seeds 1–3');
    // The test scenarios pin the isolated network; a reader must see which model judged the schedulers.
    expect(html).toContain('<b>Network:</b> isolated (each transfer alone: no contention)');
    expect(html).toContain('<dt>mrsched</dt><dd><code>9.9.9, commit c0ffee1</code></dd>');
    expect(html).toContain('x.yaml (SHA-256 ab12)');
    expect(html).toContain('{&quot;fair&quot;:{&quot;nodeLocalityDelay&quot;:3}}');
    expect(html).toContain('<table class="summary metrics">');
    expect(html).toContain('<table class="summary differences">');
    expect(html).toContain('<table class="summary groups" data-grouping="pool">');
    for (const id of ['chart-group', 'chart-stack', 'chart-running-maps', 'chart-metric', 'chart-difference', 'chart-cdf', 'gantt-canvas', 'chart-over-time-dissatisfaction', 'chart-over-time-fairness', 'chart-over-time-locality']) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('How to read this report');
  });

  it('carries the chart library and one packed attempt table per scheduler', () => {
    expect(html).toContain('Apache');
    expect(html.match(/id="report-attempts-\d+" data-count="\d+"/g)).toHaveLength(2);
    const model = carriedModel(html);
    expect(model.schedulers).toEqual(comparison.results.map((r) => r.scheduler));
    expect(model.runs).toHaveLength(2);
    expect(model.metrics.find((m) => m.key === 'makespan')!.printed[0]).toMatch(/^\d+\.\d s$/);
  });

  it('uses unique element ids', () => {
    const ids = [...markupOnly(html).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves the decision logs out, and says where they are, when they would pass the page’s budget', () => {
    // 8 MB of hexadecimal digits in no pattern deflate to about 4 MB: over the budget beside the attempts.
    const next = lcgText(8_000_000);
    const logged = renderHtmlReport(comparison, { decisions: [next, undefined] })['report.html'];
    expect(logged).not.toContain('id="report-decisions-');
    expect(logged).toContain('data-reasons="left-out"');
    expect(logged).toContain('The schedulers’ reasons are left out to keep the page under 5 MB');
  });

  it('carries each run’s decision log when given one', () => {
    const logged = renderHtmlReport(comparison, { decisions: ['{"job":"j1"}\n', undefined] })['report.html'];
    expect(logged).toContain('id="report-decisions-0"');
    expect(logged).not.toContain('id="report-decisions-1"');
  });

  it('leads every link of its table of contents to a section, even when no first replication has a span to chart', () => {
    const unfinished: Comparison = {
      ...comparison,
      results: comparison.results.map((r) => {
        const sample = { ...r.sample, jobs: r.sample.jobs.map((job) => ({ ...job, status: 'unfinished' as const, end: null })) };
        return { ...r, sample, overTime: measureRun(sample).overTime };
      }),
    };
    for (const page of [html, renderHtmlReport(unfinished)['report.html']]) {
      const targets = [...page.matchAll(/<a href="#([^"]+)">/g)].map((m) => m[1]);
      expect(targets).toContain('over-time');
      for (const id of targets) expect(page).toContain(`id="${id}"`);
    }
    expect(renderHtmlReport(unfinished)['report.html']).toContain('No first replication has a job that ended');
  });
});

describe('a report of a YARN resource cluster', () => {
  // The DRF example: a node of 20 GB and 11 vcores, one of 2 GB and 2 vcores holding the AMs.
  const drf = fileURLToPath(new URL('../../examples/drf.yaml', import.meta.url));
  const html = renderHtmlReport(compare((seed) => loadScenario(drf, { seed }), { schedulers: ['fair', 'fifo'], seed: 1 }))['report.html'];
  const model = carriedModel(html);

  it('states the cluster’s memory and vcores, and each pool’s YARN settings, not slots', () => {
    expect(html).toContain('<b>Cluster:</b> 2 nodes in 1 rack, 22 GB and 13 vcores');
    expect(html).toContain('weight 1, policy drf, capacity 50%');
    const poolTable = html.slice(html.indexOf('<section id="pools">'), html.indexOf('<details><summary>The same by user'));
    expect(poolTable).not.toContain('min share 0 maps');
  });

  it('charts memory, vcores and dominant shares in place of tasks, and the cluster’s memory and vcores in use', () => {
    expect(html).toContain('<option value="memory">memory</option><option value="vcores">vcores</option><option value="dominant">dominant share</option>');
    for (const id of ['chart-running-memory', 'chart-running-vcores']) expect(html).toContain(`id="${id}"`);
    expect(html).not.toContain('id="chart-running-maps"');
    expect(model.resources).toEqual({ memory: 22 * 1024, vcores: 13 });
  });

  it('carries each pool’s memory, vcores and dominant share under fair: at 100 s A runs 4 maps of 4 GB and B 2 of 3 vcores', () => {
    const fair = model.runs[0];
    const bin = Math.floor((100 - fair.binStart) / fair.binWidth);
    const [a, b] = fair.poolResources!;
    // With their AMs (1 GB, 1 vcore): A 17 GB and 5 vcores, 17/22 of the memory; B 3 GB and 7 vcores, 7/13 of the vcores.
    expect([a.id, a.memory[bin], a.vcores[bin], a.dominantShare[bin]]).toEqual(['A', 17 * 1024, 5, 77.27]);
    expect([b.id, b.memory[bin], b.vcores[bin], b.dominantShare[bin]]).toEqual(['B', 3 * 1024, 7, 53.85]);
    // Both pools in the system under a drf root: half the memory each, and vcores as Hadoop truncates them.
    expect([a.fairMemory![bin], a.fairVcores![bin]]).toEqual([11 * 1024, 7]);
  });

  it('tables each pool’s mean memory, vcores and dominant share under each scheduler', () => {
    expect(html).toContain('<table class="summary pool-resources">');
    expect(html).toMatch(/<tr><th scope="row">A<\/th><td>[\d.]+ GB<\/td><td>[\d.]+<\/td><td>[\d.]+ %<\/td>/);
  });

  it('gives each pool’s means over every replication with their half-widths', () => {
    const twice = compare((seed) => loadScenario(drf, { seed }), { schedulers: ['fair', 'fifo'], seed: 1, replications: 2 });
    const table = renderHtmlReport(twice)['report.html'].match(/<table class="summary pool-resources">.*?<\/table>/s)![0];
    expect(table).toContain('Each the mean over the 2 replications');
    const memory = twice.results[0].groups.poolResources.map((pools) => pools.find((pool) => pool.id === 'A')!.meanMemory);
    expect(memory).toHaveLength(2);
    const row = table.match(/<tr><th scope="row">A<\/th><td>([^<]+)<span class="hw">± [^<]+<\/span><\/td>/)!;
    expect(row[1]).toBe(formatMemory((memory[0] + memory[1]) / 2));
  });

  it('leaves a slot cluster’s page without them', () => {
    const slots = renderHtmlReport(fifoComparison())['report.html'];
    expect(carriedModel(slots).resources).toBeUndefined();
    expect(carriedModel(slots).runs[0].poolResources).toBeUndefined();
    expect(slots).not.toContain('pool-resources');
    expect(slots).toContain('<option value="maps">maps</option>');
  });
});

/** `length` hexadecimal digits from a linear congruential generator: text deflate cannot shrink below half. */
function lcgText(length: number): string {
  let state = 12345;
  let text = '';
  while (text.length < length) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    text += (state >>> 8).toString(16).padStart(6, '0');
  }
  return text;
}

describe('a report of a large run', () => {
  it('stays a few megabytes with 200k attempts per scheduler', () => {
    const small = fifoComparison({ schedulers: ['a', 'b'] });
    const big = syntheticRun(200, 200_000, 40);
    const comparison: Comparison = {
      ...small,
      results: small.results.map((r) => ({ ...r, sample: big, completionTimes: Array.from({ length: 50_000 }, (_, i) => 10 + ((i * 7919) % 50_000) / 3) })),
    };
    const html = renderHtmlReport(comparison)['report.html'];
    // Measured: 2.5 MB, of which 0.7 MB is the chart library.
    expect(html.length).toBeLessThan(4_000_000);
    expect(tagProblems(html)).toEqual([]);
  });

  it('leaves the task numbers out, and says so, only when carrying them would pass 5 MB; puts the attempts beside the page when they alone pass it', () => {
    const big = scatteredTaskRun();
    const report = (schedulers: number) => {
      const small = fifoComparison({ schedulers: Array.from({ length: schedulers }, (_, s) => `s${s}`) });
      return renderHtmlReport({ ...small, results: small.results.map((r) => ({ ...r, sample: big })) });
    };
    const two = report(2)['report.html'];
    expect(two.match(/id="report-attempt-tasks-\d+"/g)).toHaveLength(2);
    expect(two).not.toContain('Task numbers are left out');
    const four = report(4);
    expect(Object.keys(four)).toEqual(['report.html']);
    expect(four['report.html'].match(/data-columns="start,duration,job,node,attempt,flags"/g)).toHaveLength(4);
    expect(four['report.html']).not.toMatch(/id="report-attempt-tasks-/);
    expect(four['report.html']).toContain('Task numbers are left out to keep the page under 5 MB');
    expect(four['report.html'].length).toBeLessThan(5_000_000);

    const five = report(5);
    const page = five['report.html'];
    // One part a run at the default size (200,000 attempts take about 1 MB).
    expect(Object.keys(five)).toEqual(['report.html', ...[0, 1, 2, 3, 4].map((s) => `report-attempts-${s}-0.js`)]);
    expect(page.length).toBeLessThan(5_000_000);
    expect(page).not.toContain('Task numbers are left out');
    expect(page.match(/id="report-overview-\d+" data-bins="\d+"/g)).toHaveLength(5);
    const beside = five['report-attempts-3-0.js'];
    const call = /^mrschedReportAttempts\(3, 0, (.*)\);\n$/s.exec(beside);
    expect(call).not.toBeNull();
    const data = JSON.parse(call![1]) as { digest: string; attempts: string; tasks: string };
    expect(data.digest).toMatch(/^[0-9a-f]{32}$/);
    expect(data.tasks.length).toBeGreaterThan(500_000);
    // The page's attempt elements list their parts, tied to them by a digest of their attempts, and carry none of the bytes.
    const element = /<script type="application\/octet-stream" id="report-attempts-3" data-count="200000" data-columns="start,duration,job,node,attempt,flags,row" data-parts="([^"]*)"><\/script>/.exec(page);
    expect(element).not.toBeNull();
    const parts = JSON.parse(element![1].replaceAll('&quot;', '"')) as { src: string; digest: string; count: number; bytes: number[]; jobs: number[]; from: number; to: number }[];
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ src: 'report-attempts-3-0.js', digest: data.digest, count: 200_000, jobs: [0, big.scenario.jobs.length - 1] });
    expect(parts[0].bytes).toHaveLength(7);
    const characters = Object.entries(five)
      .filter(([name]) => name !== 'report.html')
      .reduce((sum, [, text]) => {
        const { attempts, tasks } = JSON.parse(/, \d+, (.*)\);/s.exec(text)![1]) as { attempts: string; tasks: string };
        return sum + attempts.length + tasks.length;
      }, 0);
    expect(page).toContain(`The 1,000,000 attempts take ${(characters / 1e6).toFixed(1)} MB packed, more than the page’s budget of 4 MB, so they wait beside it in 5 files named report-attempts-… (keep them with the page)`);

    // Smaller parts: more files, each a range of jobs, together every attempt.
    const small = fifoComparison({ schedulers: ['s0', 's1', 's2', 's3', 's4'] });
    const split = renderHtmlReport({ ...small, results: small.results.map((r) => ({ ...r, sample: big })) }, { besidePartAttempts: 60_000 });
    const files = Object.keys(split).filter((name) => name.startsWith('report-attempts-0-'));
    expect(files.length).toBeGreaterThan(2);
    const listed = JSON.parse(/id="report-attempts-0" [^>]*data-parts="([^"]*)"/.exec(split['report.html'])![1].replaceAll('&quot;', '"')) as { src: string; count: number; jobs: number[] }[];
    expect(listed.map((part) => part.src)).toEqual(files);
    expect(listed.reduce((sum, part) => sum + part.count, 0)).toBe(200_000);
    listed.forEach((part, p) => expect(part.jobs[0]).toBe(p === 0 ? 0 : listed[p - 1].jobs[1] + 1));
  });

  it('carries in the page a run of more attempts than a file beside it holds, when the run fits the page', () => {
    const small = fifoComparison({ schedulers: ['s0', 's1'] });
    const run = syntheticRun(30, 20_000, 2, 50);
    const comparison = { ...small, results: small.results.map((r) => ({ ...r, sample: run })) };
    // More attempts than a part: its first part, packed alone, says it fits, and the page is the same as with one part for all.
    const inParts = renderHtmlReport(comparison, { besidePartAttempts: 3_000 });
    expect(Object.keys(inParts)).toEqual(['report.html']);
    expect(inParts['report.html']).toBe(renderHtmlReport(comparison)['report.html']);
    expect(inParts['report.html'].match(/id="report-attempt-tasks-\d+"/g)).toHaveLength(2);
  });

  it('refuses parts of no attempts or no nodes, by name', () => {
    const comparison = fifoComparison({ schedulers: ['s0'] });
    expect(() => renderHtmlReport(comparison, { besidePartAttempts: 0 })).toThrow('the attempts a part holds beside a report page must be a whole number above 0, not 0');
    expect(() => renderHtmlReport(comparison, { besidePartNodes: 2.5 })).toThrow('the nodes a part holds beside a report page must be a whole number above 0, not 2.5');
    expect(() => renderHtmlReport(comparison, { besidePartNodes: Number.NaN })).toThrow(/nodes a part holds .* not NaN/);
  });

  it('puts a run’s decision log in a file of its own beside the page when its attempts go there', () => {
    const big = scatteredTaskRun();
    const small = fifoComparison({ schedulers: ['s0', 's1', 's2', 's3', 's4'] });
    const log = `${JSON.stringify({ launch: 0, order: 'first in line' })}\n`;
    const files = renderHtmlReport({ ...small, results: small.results.map((r) => ({ ...r, sample: big })) }, { decisions: [undefined, log] });
    expect(Object.keys(files)).toContain('report-decisions-1.js');
    expect(Object.keys(files)).not.toContain('report-decisions-0.js');
    const call = /^mrschedReportDecisions\(1, (.*)\);\n$/s.exec(files['report-decisions-1.js']);
    const data = JSON.parse(call![1]) as { digest: string; decisions: string };
    expect(inflateRawSync(Buffer.from(data.decisions, 'base64')).toString()).toBe(log);
    expect(files['report.html']).toMatch(new RegExp(`id="report-attempts-1" [^>]*data-decisions-src="report-decisions-1.js" data-decisions-digest="${data.digest}"`));
  });
});

describe('page parts', () => {
  it('writes consecutive seeds as a range and others as a list', () => {
    expect(seedText([4])).toBe('seed 4');
    expect(seedText([1, 2, 3])).toBe('seeds 1–3');
    expect(seedText([1, 5])).toBe('seeds 1, 5');
  });

  it('takes fifo as the baseline when it was compared, else the first scheduler, or the one named', () => {
    expect(baselineIndex(fifoComparison({ schedulers: ['fair', 'fifo'] }), undefined)).toBe(1);
    expect(baselineIndex(fifoComparison({ schedulers: ['fair', 'capacity'] }), undefined)).toBe(0);
    expect(baselineIndex(fifoComparison({ schedulers: ['fair', 'capacity'] }), 'capacity')).toBe(1);
    expect(() => baselineIndex(fifoComparison({ schedulers: ['fair'] }), 'fiof')).toThrow(/'fiof' is not among the compared schedulers \(fair\)/);
  });
});

/**
 * The comparison report in a real browser (headless Chromium): it draws, and
 * hovering, zooming, filtering and clicking show what they should. Runs with
 * `npm run test:browser`, not `npm test`. Draw times are printed, not
 * asserted (speed is measured, never tested).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { RunRecord } from '../model/run-record.js';
import { compare } from '../experiment/compare.js';
import { DEFAULT_SCENARIO_PATH, loadScenario } from '../input/load-scenario.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { loadScenarioWithTrace } from '../workloads/scenario-with-trace.js';
import { launchChromium, pointAtSomeTask } from '../test-support/browser.js';
import { explainedComparison } from '../test-support/explained-comparison.js';
import { loadLinearSolver } from '../solvers/linear-program.js';
import { renderHtmlReport } from './html-report.js';
import { fifoComparison, scatteredTaskRun, syntheticRun } from './test-support/comparison.js';

const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let browser: Browser;
let dir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'mrsched-browser-'));
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openReport(name: string, html: string): Promise<Page> {
  const path = join(dir, `${name}.html`);
  writeFileSync(path, html);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(pathToFileURL(path).href);
  await page.waitForSelector('body[data-ready]');
  expect(errors).toEqual([]);
  expect(await page.getAttribute('body', 'data-ready')).toBe('true');
  return page;
}

/** What a chart says of itself to screen readers (ECharts' aria description, which starts with its title). */
async function chartLabel(page: Page, id: string): Promise<string> {
  return (await page.locator(`#${id}`).getAttribute('aria-label')) ?? '';
}

describe('the report of the default scenario', () => {
  let page: Page;
  beforeAll(async () => {
    // With each run's decision log, as compare --explain keeps it.
    const { comparison, decisions } = explainedComparison((seed) => loadScenario(DEFAULT_SCENARIO_PATH, { seed }), { schedulers: ['fifo', 'fair', 'capacity'], seed: 1 });
    page = await openReport('default', renderHtmlReport(comparison, { decisions })['report.html']);
  });

  it('opens on the pool whose wait grew most, under the scheduler where it did', async () => {
    const finding = await page.locator('#pools .finding').first().textContent();
    expect(finding).toMatch(/^Under (fair|capacity), pool research waited longest against fifo/);
    const scheduler = finding!.match(/^Under (\w+)/)![1];
    expect(await page.locator('.toolbar button[aria-pressed="true"]').textContent()).toBe(scheduler);
    expect(await chartLabel(page, 'chart-group')).toContain(`research under ${scheduler}: maps`);
  });

  it('charts a pool under a scheduler when its cell in the pool table is clicked', async () => {
    // Row "interactive", the fifo "mean wait" cell (fourth cell after the row header).
    await page.locator('table.groups[data-grouping="pool"] tr[data-group="interactive"] td').nth(2).click();
    await expect.poll(() => chartLabel(page, 'chart-group')).toContain('interactive under fifo: maps');
    expect(await page.locator('.toolbar button[aria-pressed="true"]').textContent()).toBe('fifo');
  });

  it('draws the min-share, fairness and locality charts over time, one line per scheduler', async () => {
    for (const [id, title] of [
      ['chart-over-time-dissatisfaction', 'Min-share dissatisfaction over time'],
      ['chart-over-time-fairness', 'Fairness deviation over time'],
      ['chart-over-time-locality', 'Node-local running maps over time'],
    ]) {
      const label = await chartLabel(page, id);
      expect(label).toContain(title);
      for (const name of ['fifo', 'fair', 'capacity']) expect(label).toContain(name);
    }
  });

  it('reads a bar’s value when the pointer is over it', async () => {
    const chart = page.locator('#chart-metric');
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    // The first bar (fifo) stands left of the middle, above the axis.
    let tip = '';
    for (let x = box.x + 80; x < box.x + box.width / 2 && tip === ''; x += 10) {
      await page.mouse.move(x, box.y + box.height - 60);
      tip = (await page.locator('#chart-metric div').filter({ hasText: /^fifo: / }).allTextContents()).join('');
    }
    expect(tip).toMatch(/^fifo: \d+\.\d s$/);
  });

  it('names the attempt under the pointer in the Gantt chart', async () => {
    await page.locator('#gantt').scrollIntoViewIfNeeded();
    await pointAtSomeTask(page);
    expect(await page.locator('#gantt-tip').textContent()).toMatch(/^job \S+, (map|reduce) \d+.*\nnode \S+, \d+\.\d–\d+\.\d s\n/);
  });

  it('zooms time with the wheel and resets on double-click', async () => {
    const canvas = page.locator('#gantt-canvas');
    const span = async () => {
      const [t0, t1] = (await canvas.getAttribute('data-window'))!.split(' ').map(Number);
      return t1 - t0;
    };
    const before = await span();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -600);
    await expect.poll(span).toBeLessThan(before / 2);
    await canvas.dblclick();
    await expect.poll(span).toBeCloseTo(before, 0);
  });

  it('keeps only the nodes the filter matches', async () => {
    await page.fill('#gantt-filter', 'rack4');
    await expect.poll(() => page.locator('#gantt-canvas').getAttribute('data-rows')).toBe('8');
    expect(await page.locator('#gantt-status').textContent()).toContain('8 of 40 nodes shown');
    await page.fill('#gantt-filter', '/^rack1-n0[12]$/');
    await expect.poll(() => page.locator('#gantt-canvas').getAttribute('data-rows')).toBe('2');
    await page.fill('#gantt-filter', '');
  });

  it('highlights a clicked task’s job and says where, when and why it ran', async () => {
    const { x, y } = await pointAtSomeTask(page);
    const tip = (await page.locator('#gantt-tip').textContent())!;
    await page.mouse.click(x, y);
    const info = page.locator('#gantt-info');
    await expect.poll(() => info.textContent()).toContain(tip.split(',')[0].replace('job ', 'of job '));
    expect(await info.textContent()).toMatch(/pool \S+, user \S+; submitted/);
    // Under fifo (the first run button), the queue's reason and the placement's.
    await page.locator('.toolbar button[data-run="0"]').click();
    const at = await pointAtSomeTask(page);
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => info.textContent()).toMatch(/why: the jobfirst job with a (map|reduce) to run in the queue/);
    expect(await info.textContent()).toMatch(/why: the node(the job's most local pending map|the first free reduce slot)/);
  });
});

describe('the report of the Facebook 2009 day', () => {
  let page: Page;
  beforeAll(async () => {
    const scenario = await loadScenarioWithTrace(join(REPOSITORY, 'examples', 'facebook-2009.yaml'), { seed: 1 });
    const { comparison, decisions } = explainedComparison(() => scenario, { schedulers: ['fifo', 'fair', 'capacity'] });
    const html = renderHtmlReport(comparison, { decisions })['report.html'];
    // The decision logs would make it 33 MB: the page leaves them out and says where they are.
    expect(html.length).toBeLessThan(5_000_000);
    console.log(`the Facebook day's report of fifo, fair and capacity: ${(html.length / 1e6).toFixed(2)} MB`);
    page = await openReport('facebook-2009', html);
  });

  it('says which pool waited, and shows it over time, before any click', async () => {
    const finding = (await page.locator('#pools .finding').first().textContent())!;
    const [, scheduler, pool] = finding.match(/under (\w+), pool (swim\d+) waited longest/i)!;
    expect(await page.locator('.toolbar button[aria-pressed="true"]').textContent()).toBe(scheduler);
    expect(await chartLabel(page, 'chart-group')).toContain(`${pool} under ${scheduler}: maps`);
  });

  it('answers which pool waited, when and why: its longest wait under capacity, then, zoomed in with a click, one of its tasks', async () => {
    // Click 1: the cell of the longest wait under capacity (the last wait column): the pool over time beside its fair share,
    // with its waiting jobs (when), and every pool's running maps stacked beneath (who held the slots: why).
    const cell = page.locator('table.groups[data-grouping="pool"] tbody td.worst').last();
    const pool = (await cell.locator('xpath=..').getAttribute('data-group'))!;
    await cell.click();
    const label = () => chartLabel(page, 'chart-group');
    await expect.poll(label).toContain(`${pool} under capacity: maps`);
    for (const series of ['running maps', 'fair share', 'waiting jobs', 'min share']) expect(await label()).toContain(series);
    expect(await chartLabel(page, 'chart-stack')).toContain('Running maps by group under capacity');
    // Then a task in the Gantt chart of the same run says its job's pool, when it waited, and where its reason is kept. Its
    // 429,289 attempts are drawn as the overview until a click zooms in where they can be told apart.
    await page.locator('#gantt').scrollIntoViewIfNeeded();
    const canvas = page.locator('#gantt-canvas');
    expect(await canvas.getAttribute('data-detail')).toBe('overview');
    const busy = await pointAtSomeTask(page);
    await page.mouse.click(busy.x, busy.y);
    await expect.poll(() => canvas.getAttribute('data-detail')).toBe('attempts');
    const { x, y } = await pointAtSomeTask(page);
    await page.mouse.click(x, y);
    const info = page.locator('#gantt-info');
    await expect.poll(() => info.textContent()).toMatch(/pool swim\d+, user swim\d+; submitted \d+\.\d s, first task \d+\.\d s \(waited \d+\.\d s\)/);
    expect(await info.textContent()).toContain('left out of this page to keep it under 5 MB: the run’s decisions.jsonl has it');
  });
});

describe('the report of the DRF example, a YARN resource cluster', () => {
  let page: Page;
  beforeAll(async () => {
    const comparison = compare((seed) => loadScenario(join(REPOSITORY, 'examples', 'drf.yaml'), { seed }), { schedulers: ['fair', 'fifo'], seed: 1 });
    page = await openReport('drf', renderHtmlReport(comparison)['report.html']);
  });

  it('charts a pool’s memory against its fair share, and then its dominant share beside the other pool’s', async () => {
    await page.locator('.toolbar button[data-run="0"]').click();
    await page.selectOption('#share-group', { label: 'A' });
    const label = () => chartLabel(page, 'chart-group');
    await expect.poll(label).toContain('A under fair: memory');
    for (const series of ['memory held', 'fair share', 'demand', 'waiting jobs']) expect(await label()).toContain(series);
    expect(await chartLabel(page, 'chart-stack')).toContain('Memory by group under fair');
    await page.selectOption('#share-kind', 'dominant');
    await expect.poll(label).toContain('A under fair: dominant share');
    // At 100 s A holds 17 of the 22 GB, B 7 of the 13 vcores (docs/model.md).
    expect(await label()).toContain('77.27');
    expect(await chartLabel(page, 'chart-stack')).toContain('53.85');
  });

  it('draws the cluster’s memory and vcores in use, one line per scheduler', async () => {
    for (const id of ['chart-running-memory', 'chart-running-vcores']) {
      const label = await chartLabel(page, id);
      for (const name of ['fair', 'fifo']) expect(label).toContain(name);
    }
  });
});

describe('a report of 3,000 nodes', () => {
  it('draws, filters and zooms every attempt', async () => {
    const text = `
name: three-thousand
cluster: { generate: { racks: 75, nodesPerRack: 40 } }
jobStreams:
  - { count: 300, maps: 100, mapTime: { dist: uniform, min: 20, max: 60 }, reduces: 4, reduceTime: 30, users: [a, b, c], interarrival: { dist: exponential, mean: 4 } }
`;
    const comparison = compare((seed) => parseScenarioText(text, 'three-thousand.yaml', { seed }), { schedulers: ['fifo', 'fair'], seed: 1 });
    const page = await openReport('nodes-3000', renderHtmlReport(comparison)['report.html']);
    const canvas = page.locator('#gantt-canvas');
    await canvas.scrollIntoViewIfNeeded();
    expect(await canvas.getAttribute('data-rows')).toBe('3000');
    const whole = Number(await canvas.getAttribute('data-draw-ms'));
    await page.fill('#gantt-filter', 'rack7-');
    await expect.poll(() => canvas.getAttribute('data-rows')).not.toBe('3000');
    const filtered = Number(await canvas.getAttribute('data-draw-ms'));
    console.log(`3,000 nodes, ${await canvas.getAttribute('data-rectangles')} rectangles after the filter: whole chart drawn in ${whole} ms, filtered in ${filtered} ms`);
    await page.close();
  });
});

describe('a report whose attempts wait beside it', () => {
  it('draws each node’s busy lanes, loads every attempt on request, and says so when the file is missing', async () => {
    // Five runs past the page's budget, as a day of 16M attempts is.
    const big = scatteredTaskRun();
    const small = fifoComparison({ schedulers: ['s0', 's1', 's2', 's3', 's4'] });
    const files = renderHtmlReport({ ...small, results: small.results.map((r) => ({ ...r, sample: big })) });
    const folder = join(dir, 'beside');
    mkdirSync(folder);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    const page = await openReport('beside/report', files['report.html']);
    const canvas = page.locator('#gantt-canvas');
    await canvas.scrollIntoViewIfNeeded();
    expect(await canvas.getAttribute('data-detail')).toBe('overview');
    expect(await page.locator('#gantt-status').textContent()).toMatch(/how busy 200 nodes’ lanes were; the 200,000 attempts wait in 1 file beside the page/);
    expect(await page.locator('#gantt-load').textContent()).toBe('Load the 200,000 attempts of the run (1 file)');
    await pointAtSomeTask(page);
    expect(await page.locator('#gantt-tip').textContent()).toMatch(/maps: \d+% of \d+ lanes? busy, (mostly pool \S+|no pool over half), (mostly (node-local|rack-local|off-rack)|no locality over half)/);
    // Coloured as the attempts would be: by locality, the overview is drawn anew in other colours.
    const byKind = await canvas.screenshot();
    await page.selectOption('#gantt-colour', 'locality');
    await expect.poll(async () => (await canvas.screenshot()).equals(byKind)).toBe(false);
    await page.selectOption('#gantt-colour', 'kind');

    // The page opens on the run its finding names; another's file goes missing.
    const focused = Number(await page.locator('#shares').getAttribute('data-focus-run'));
    const other = focused === 0 ? 1 : 0;
    const otherFile = `report-attempts-${other}-0.js`;
    rmSync(join(folder, otherFile));
    await page.click('#gantt-load');
    await expect.poll(() => canvas.getAttribute('data-detail'), { timeout: 60_000 }).toBe('attempts');
    expect(await page.locator('#gantt-load').isHidden()).toBe(true);
    expect(await page.locator('#gantt-status').textContent()).toContain('200,000 of 200,000 attempts loaded (1 of 1 files beside the page)');
    // The task numbers came with the attempts.
    const { x, y } = await pointAtSomeTask(page);
    await page.mouse.click(x, y);
    expect(await page.locator('#gantt-info').textContent()).toMatch(/task(map|reduce) \d+ of job/);

    // The page says what is missing and keeps the overview.
    await page.click(`.toolbar button[data-run="${other}"]`);
    await expect.poll(() => canvas.getAttribute('data-detail')).toBe('overview');
    await page.click('#gantt-load');
    await expect.poll(() => page.locator('#gantt-status').textContent()).toBe(`${otherFile} could not be loaded: it must stay in the folder of this page`);
    expect(await canvas.getAttribute('data-detail')).toBe('overview');
    // Cut short, or another report's: refused by name, nothing drawn from it.
    writeFileSync(join(folder, otherFile), files[otherFile].slice(0, 5_000));
    await page.click('#gantt-load');
    await expect.poll(() => page.locator('#gantt-status').textContent()).toBe(`${otherFile} is not a file of attempts this page can read (cut short or changed): write the report again`);
    writeFileSync(join(folder, otherFile), `mrschedReportAttempts(${other}, 0, {"digest":"0123","attempts":"","tasks":""});\n`);
    await page.click('#gantt-load');
    await expect.poll(() => page.locator('#gantt-status').textContent()).toBe(`${otherFile} holds other attempts than this page’s (another run’s or report’s): write the report again`);
    expect(await canvas.getAttribute('data-detail')).toBe('overview');
    await page.close();
  });

  /**
   * Five runs of 200,000 attempts beside the page in files of 25,000, their jobs one after another through
   * the day (so that a file, a range of jobs, holds a stretch of it), each attempt's decision naming its row
   * if `decisions`; in files of `nodes` nodes' attempts if given; the page opened on the first run.
   */
  async function openInParts(name: string, decisions: boolean, nodes?: number): Promise<{ page: Page; files: Record<string, string>; big: RunRecord }> {
    const big = scatteredTaskRun();
    const jobs = big.scenario.jobs.length;
    big.attempts.job.forEach((_, i) => (big.attempts.job[i] = Math.floor((i * jobs) / big.attempts.count)));
    const small = fifoComparison({ schedulers: ['s0', 's1', 's2', 's3', 's4'] });
    const log = Array.from({ length: big.attempts.count }, (_, row) => JSON.stringify({ launch: row, order: `row ${row}`, placement: 'here' })).join('\n');
    const files = renderHtmlReport({ ...small, results: small.results.map((r) => ({ ...r, sample: big })) }, {
      besidePartAttempts: 25_000,
      ...(nodes === undefined ? {} : { besidePartNodes: nodes }),
      ...(decisions ? { decisions: [log, log, log, log, log] } : {}),
    });
    mkdirSync(join(dir, name));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, name, file), text);
    const page = await openReport(`${name}/report`, files['report.html']);
    await page.click('.toolbar button[data-run="0"]');
    return { page, files, big };
  }

  it('loads the parts of the time in view, draws them there and the overview elsewhere, and finds each attempt’s decision', async () => {
    const { page, files, big } = await openInParts('beside-parts', true);
    const canvas = page.locator('#gantt-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const parts = Object.keys(files).filter((name) => name.startsWith('report-attempts-0-')).length;
    expect(parts).toBeGreaterThan(5);
    expect(await page.locator('#gantt-load').textContent()).toBe(`Load the 200,000 attempts of the run (${parts} files)`);
    // Zoomed in on the middle of the day: its parts only.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let step = 0; step < 3; step++) await page.mouse.wheel(0, -500);
    await expect.poll(() => page.locator('#gantt-load').textContent()).toMatch(/^Load the [\d,]+ attempts of the time in view \(\d files?\)$/);
    expect(await canvas.getAttribute('data-detail')).toBe('overview');
    await page.click('#gantt-load');
    await expect.poll(() => canvas.getAttribute('data-detail'), { timeout: 60_000 }).toBe('attempts');
    const status = (await page.locator('#gantt-status').textContent())!;
    const loaded = Number(/(\d+) of \d+ files beside the page/.exec(status)![1]);
    expect(loaded).toBeGreaterThan(0);
    expect(loaded).toBeLessThan(parts);
    expect(await page.locator('#gantt-load').isHidden()).toBe(true);
    // A task clicked: its decision, found by the attempt's row in the run, is that attempt's.
    const { x, y } = await pointAtSomeTask(page);
    await page.mouse.click(x, y);
    await expect.poll(() => page.locator('#gantt-info').textContent()).toMatch(/why: the jobrow \d+/);
    const info = (await page.locator('#gantt-info').textContent())!;
    const row = Number(/why: the jobrow (\d+)/.exec(info)![1]);
    expect(info).toContain(`task${big.attempts.kind[row] === 1 ? 'reduce' : 'map'} ${big.attempts.task[row]} of job ${big.scenario.jobs[big.attempts.job[row]].id}`);
    // Zoomed out: the overview again, and the rest offered.
    await page.dblclick('#gantt-canvas');
    await expect.poll(() => canvas.getAttribute('data-detail')).toBe('overview');
    expect(await page.locator('#gantt-load').textContent()).toMatch(new RegExp(`^Load the [\\d,]+ attempts of the time in view \\(${parts - loaded} files?\\)$`));
    await page.click('#gantt-load');
    await expect.poll(() => page.locator('#gantt-status').textContent(), { timeout: 60_000 }).toContain(`200,000 of 200,000 attempts loaded (${parts} of ${parts} files beside the page)`);
    expect(await page.locator('#gantt-load').isHidden()).toBe(true);

    // Another run's reasons gone from the folder: its tasks still show, with what is missing in their place.
    rmSync(join(dir, 'beside-parts', 'report-decisions-1.js'));
    await page.click('.toolbar button[data-run="1"]');
    await page.click('#gantt-load');
    await expect.poll(() => page.locator('#gantt-load').isHidden(), { timeout: 60_000 }).toBe(true);
    await page.fill('#gantt-job', 'job20');
    await page.press('#gantt-job', 'Enter');
    await expect.poll(() => canvas.getAttribute('data-detail')).toBe('attempts');
    await canvas.scrollIntoViewIfNeeded();
    const task = await pointAtSomeTask(page);
    await page.mouse.click(task.x, task.y);
    await expect.poll(() => page.locator('#gantt-info').textContent()).toContain('why' + 'report-decisions-1.js could not be loaded: it must stay in the folder of this page');
    await page.close();
  });

  it('loads the files of the nodes in view only, and the others when they come into view', async () => {
    const { page, files } = await openInParts('beside-nodes', false, 50);
    const canvas = page.locator('#gantt-canvas');
    await canvas.scrollIntoViewIfNeeded();
    // Each range of jobs in files of nodes 0–49, 50–99, 100–149 and 150–199.
    const parts = Object.keys(files).filter((name) => name.startsWith('report-attempts-0-')).length;
    expect(parts).toBeGreaterThanOrEqual(4 * 8);
    expect(await page.locator('#gantt-load').textContent()).toBe(`Load the 200,000 attempts of the run (${parts} files)`);
    // Nodes n10 to n14 kept: the files of nodes 0–49, a quarter of them.
    await page.fill('#gantt-filter', '/^n1[0-4]$/');
    await expect.poll(() => page.locator('#gantt-load').textContent()).toMatch(/^Load the [\d,]+ attempts of the nodes and time in view \(\d+ files\)$/);
    const offered = Number(/\((\d+) files\)/.exec((await page.locator('#gantt-load').textContent())!)![1]);
    expect(4 * offered).toBeLessThanOrEqual(parts + 4);
    await page.click('#gantt-load');
    await expect.poll(() => canvas.getAttribute('data-detail'), { timeout: 60_000 }).toBe('attempts');
    const status = (await page.locator('#gantt-status').textContent())!;
    expect(status).toContain(`of 200,000 attempts loaded (${offered} of ${parts} files beside the page)`);
    expect(Number(/([\d,]+) of 200,000 attempts loaded/.exec(status)![1].replaceAll(',', ''))).toBeLessThan(60_000);
    expect(await page.locator('#gantt-load').isHidden()).toBe(true);
    // Every node again: the overview, and the other nodes' files offered.
    await page.fill('#gantt-filter', '');
    await expect.poll(() => canvas.getAttribute('data-detail')).toBe('overview');
    expect(await page.locator('#gantt-load').textContent()).toMatch(new RegExp(`^Load the [\\d,]+ attempts of the time in view \\(${parts - offered} files\\)$`));
    await page.close();
  });

  it('loads the file of a job named, and shows where and when its tasks ran', async () => {
    const { page, big } = await openInParts('beside-job', false);
    const canvas = page.locator('#gantt-canvas');
    await canvas.scrollIntoViewIfNeeded();
    await page.fill('#gantt-job', 'no-such-job');
    await page.press('#gantt-job', 'Enter');
    await expect.poll(() => page.locator('#gantt-status').textContent()).toBe('no job no-such-job in this report');
    // The middle job of the third file (jobs 12 to 17 at 25,000 attempts a file and 4,000 a job).
    await page.fill('#gantt-job', 'job14');
    await page.press('#gantt-job', 'Enter');
    await expect.poll(() => page.locator('#gantt-info').textContent(), { timeout: 60_000 }).toMatch(/^Job job14: pool \S+, user \S+; submitted [\d.]+ s, first task [\d.]+ s \(waited [\d.]+ s\), last task ended [\d.]+ s; 4000 attempts\.$/);
    // Its file, and those of the time it ran: the chart draws its tasks among the others'.
    expect(await page.locator('#gantt-status').textContent()).toMatch(/^\w+: [\d,]+ of 200,000 attempts loaded \([1-3] of 9 files beside the page\)/);
    expect(await canvas.getAttribute('data-detail')).toBe('attempts');
    // The view spans the job's tasks, with a margin.
    const [t0, t1] = (await canvas.getAttribute('data-window'))!.split(' ').map(Number);
    const rows = [...big.attempts.job.keys()].filter((i) => big.attempts.job[i] === 14);
    const first = Math.min(...rows.map((i) => big.attempts.start[i]));
    const last = Math.max(...rows.map((i) => big.attempts.end[i]));
    expect(t0).toBeLessThanOrEqual(first);
    expect(t1).toBeGreaterThanOrEqual(last);
    expect(t1 - t0).toBeLessThan(1.3 * (last - first) + 2);
    await page.close();
  });
});

describe('a report carrying more attempts than are drawn one by one', () => {
  it('draws their overview zoomed out and the attempts zoomed in', async () => {
    const small = fifoComparison({ schedulers: ['fifo'] });
    const big = syntheticRun(200, 400_000, 40);
    const files = renderHtmlReport({ ...small, results: small.results.map((r) => ({ ...r, sample: big })) });
    expect(Object.keys(files)).toEqual(['report.html']);
    const page = await openReport('carried-400k', files['report.html']);
    const canvas = page.locator('#gantt-canvas');
    await canvas.scrollIntoViewIfNeeded();
    expect(await canvas.getAttribute('data-detail')).toBe('overview');
    expect(await page.locator('#gantt-status').textContent()).toContain('400,000 attempts on 200 of 200 nodes (drawn as the overview until you zoom in)');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Each step of 500 shows 0.47 of the span: two show a fifth of it, about 90,000 attempts.
    await page.mouse.wheel(0, -500);
    await page.mouse.wheel(0, -500);
    await expect.poll(() => canvas.getAttribute('data-detail')).toBe('attempts');
    await page.dblclick('#gantt-canvas');
    await expect.poll(() => canvas.getAttribute('data-detail')).toBe('overview');
    await page.close();
  });
});

describe('the report of the quick start, eight schedulers', () => {
  it('fits a 1,400 px window: no page-wide horizontal scroll, the wide tables scrolling inside under a first column that stays, every name under the bars', async () => {
    const schedulers = ['fifo', 'fair', 'capacity', 'flow', 'adaptive', 'dmrs', 'dmrs-identical', 'dmrs-map-only'];
    const comparison = compare((seed) => loadScenario(DEFAULT_SCENARIO_PATH, { seed }), { schedulers, seed: 1, solver: await loadLinearSolver() });
    const page = await openReport('eight', renderHtmlReport(comparison)['report.html']);
    await page.setViewportSize({ width: 1400, height: 900 });
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
    expect(widths.page).toBe(widths.window);
    // The pool table scrolls inside its frame, its pool names staying in view.
    const sticky = await page.evaluate(() => {
      const frame = document.querySelector('#pools .table-wrap')!;
      const wide = frame.scrollWidth > frame.clientWidth;
      frame.scrollLeft = frame.scrollWidth;
      const name = frame.querySelector('tbody th[scope=row]')!.getBoundingClientRect();
      return { wide, scrolled: frame.scrollLeft, nameLeft: Math.round(name.left), frameLeft: Math.round(frame.getBoundingClientRect().left) };
    });
    expect(sticky.wide).toBe(true);
    expect(sticky.scrolled).toBeGreaterThan(0);
    expect(sticky.nameLeft).toBe(sticky.frameLeft);
    // Every scheduler is named under the metric's bars and beside its difference bar: none dropped where they crowd.
    const labels = await page.evaluate(() => {
      const echarts = (window as unknown as { echarts: { getInstanceByDom(el: Element): { getModel(): { getComponent(kind: string, i: number): { axis: { getViewLabels(): unknown[] } } } } } }).echarts;
      const shown = (id: string, axis: string) => echarts.getInstanceByDom(document.getElementById(id)!).getModel().getComponent(axis, 0).axis.getViewLabels().length;
      return { metric: shown('chart-metric', 'xAxis'), difference: shown('chart-difference', 'yAxis') };
    });
    expect(labels).toEqual({ metric: 8, difference: 7 });
    await page.close();
  });
});

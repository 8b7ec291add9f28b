/**
 * `mrsched serve` as a process (the compiled command) and its page in
 * headless Chromium: a comparison started from the page, its progress and
 * charts growing from the server's events, the finished report opened; and
 * every path that leads outside the served directory refused. Runs with
 * `npm run test:browser`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { DEFAULT_SCENARIO_PATH } from '../input/load-scenario.js';
import { launchChromium } from '../test-support/browser.js';
import { buildCompiledCli, startServe } from '../test-support/compiled-cli.js';

let browser: Browser;
let server: ChildProcess;
let dir: string;
let url: string;

beforeAll(async () => {
  const main = buildCompiledCli();
  dir = mkdtempSync(join(tmpdir(), 'mrsched-serve-'));
  mkdirSync(join(dir, 'scenarios'));
  copyFileSync(DEFAULT_SCENARIO_PATH, join(dir, 'scenarios', 'default.yaml'));
  // A link inside that leads outside: refused like any other way out.
  symlinkSync(tmpdir(), join(dir, 'outside'));
  ({ child: server, url } = await startServe(main, [dir, '--port', '0']));
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
});

describe('mrsched serve', () => {
  it('listens on the loopback address by default', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('runs a comparison started from its page, shows its progress and growing charts, and opens the finished report', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.locator('#scenario option').allTextContents()).toEqual(['scenarios/default.yaml']);
    // Every status line the page shows while it runs.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(document.getElementById('live-status')!.textContent ?? '')).observe(document.getElementById('live-status')!, { childList: true, characterData: true, subtree: true });
    });
    // A box for every scheduler; fifo ticked, fair typed (as a placement would be, fair+greedy).
    expect(await page.locator('#scheduler-choices input').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value))).toEqual(expect.arrayContaining(['fifo', 'fair', 'capacity', 'dmrs']));
    await page.check('#scheduler-choices input[value="fifo"]');
    await page.fill('#schedulers', 'fair');
    await page.click('#start-button');
    await page.locator('#live-report').waitFor({ state: 'visible', timeout: 120_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.some((line) => /^\d+% · \d+\/600 jobs · [\d.]+ jobs\/s · about \d+ s left · (fifo|fair), simulated \d+ s$/.test(line))).toBe(true);
    expect(seen.at(-1)).toBe('finished');
    const maps = (await page.locator('#chart-live-maps').getAttribute('aria-label')) ?? '';
    expect(maps).toContain('fifo');
    expect(maps).toContain('fair');
    // Each ended run's lines at an even step of simulated time, from its start: hundreds of points, not a handful of progress samples.
    const points = await page.evaluate(() => {
      const echarts = (window as unknown as { echarts: { getInstanceByDom(el: Element): { getOption(): { series: { name: string; data: number[][] }[] } } } }).echarts;
      const lines = (id: string) => echarts.getInstanceByDom(document.getElementById(id)!).getOption().series.map((line) => [line.name, line.data.length, line.data[0][0]]);
      return { maps: lines('chart-live-maps'), reduces: lines('chart-live-reduces'), pools: lines('chart-live-pools') };
    });
    for (const chart of [points.maps, points.reduces]) expect(chart).toEqual([['fifo', 240, 0], ['fair', 240, 0]]);
    expect(points.pools.map(([pool, count]) => [pool, count])).toEqual(['production', 'interactive', 'dev', 'research'].map((pool) => [pool, 240]));
    expect(await page.locator('#chart-live-pools').getAttribute('aria-label')).toContain('under fair, the last run that ended');
    // The finished comparison is the first of the earlier runs (its scenario as the summary names it: from where the server ran).
    await expect.poll(() => page.locator('#earlier-runs li').first().textContent()).toMatch(/^run-\d+: \S*scenarios\/default\.yaml, fifo, fair, seed \d+$/);
    expect(await page.locator('#earlier-none').isHidden()).toBe(true);
    const [report] = await Promise.all([page.waitForEvent('popup'), page.click('#report-link')]);
    await report.waitForSelector('body[data-ready="true"]');
    expect(await report.title()).toBe('Scheduler comparison: default');
    expect(await report.locator('#pools .finding').first().textContent()).toMatch(/pool research waited longest/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses every path that leads outside the served directory', async () => {
    const outside = ['files/..%2F..%2Fetc%2Fpasswd', 'files/%2Fetc%2Fpasswd', 'files/outside%2Fanything'];
    for (const path of outside) expect((await fetch(url + path)).status).toBe(403);
    for (const scenario of ['../x.yaml', '/etc/passwd', 'outside/x.yaml']) {
      const response = await fetch(url + 'api/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) });
      expect(response.status).toBe(403);
      expect((await response.json()).error).toMatch(/outside the served directory|not a path relative to the served directory/);
    }
    expect((await fetch(url + 'files/scenarios/default.yaml')).status).toBe(200);
  });

  it('answers a malformed or hostile request with a clear error', async () => {
    const post = (body: string) => fetch(url + 'api/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await (await post('not json')).json()).toEqual({ error: 'the request is not JSON' });
    expect((await (await post(JSON.stringify({ scenario: 'scenarios/default.yaml', replications: 0 }))).json()).error).toMatch(/^replications: expected a whole number from 1 to 100/);
    expect((await post(JSON.stringify({ scenario: 'none.yaml' }))).status).toBe(404);
    expect((await fetch(url + 'api/runs/99/events')).status).toBe(404);
  });
});

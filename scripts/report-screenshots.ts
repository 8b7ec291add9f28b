/**
 * The report's screenshots in docs/images/ (`npm run screenshots`): the
 * default scenario and the Facebook 2009 day compared under fifo, fair and
 * capacity, each report opened in headless Chromium at 1280×900 and every
 * view photographed as a reader sees it: which pool waited and its share
 * over time (the page opens on them), the running tasks, the metrics over
 * time, the task attempts with a task clicked, the metrics, the completion
 * times; and the live page of `mrsched serve` after a comparison of the
 * default scenario. Made by this script, never by hand, so they follow the
 * report.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { loadScenario } from '../src/input/load-scenario.js';
import type { Scenario } from '../src/model/scenario.js';
import { renderHtmlReport } from '../src/report/html-report.js';
import { launchChromium, pointAtSomeTask } from '../src/test-support/browser.js';
import { explainedComparison } from '../src/test-support/explained-comparison.js';
import { loadScenarioWithTrace } from '../src/workloads/scenario-with-trace.js';

const repository = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const images = join(repository, 'docs', 'images');
const SCHEDULERS = ['fifo', 'fair', 'capacity'];

/** Section ids and the file each is saved as (after the report's name). */
const VIEWS: readonly (readonly [string, string])[] = [
  ['pools', 'which-pool-waited'],
  ['shares', 'shares-over-time'],
  ['running', 'running-tasks'],
  ['over-time', 'metrics-over-time'],
  ['attempts', 'task-attempts'],
  ['metrics', 'metrics'],
  ['completion-times', 'completion-times'],
];

async function main(): Promise<void> {
  mkdirSync(images, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'mrsched-screenshots-'));
  const browser = await launchChromium();
  try {
    const facebook = await loadScenarioWithTrace(join(repository, 'examples', 'facebook-2009.yaml'), { seed: 1 });
    const reports: [string, (seed: number) => Scenario][] = [
      ['default', (seed) => loadScenario(join(repository, 'examples', 'default.yaml'), { seed })],
      ['facebook-2009', () => facebook],
    ];
    for (const [name, scenario] of reports) {
      const { comparison, decisions } = explainedComparison(scenario, { schedulers: SCHEDULERS, seed: 1 });
      const path = join(scratch, `${name}.html`);
      writeFileSync(path, renderHtmlReport(comparison, { decisions })['report.html']);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(pathToFileURL(path).href);
      await page.waitForSelector('body[data-ready="true"]');
      await clickSomeTask(page);
      // The run toolbar sticks to the window's top while reading; in a picture of one section it would cover the heading.
      await page.addStyleTag({ content: '.toolbar { position: static; }' });
      for (const [section, file] of VIEWS) {
        const target = join(images, `report-${name}-${file}.png`);
        await page.locator(`#${section}`).screenshot({ path: target });
        process.stdout.write(`wrote ${target}\n`);
      }
      await page.close();
    }
    await liveScreenshot(browser, scratch);
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The live page of `mrsched serve` (the command npm run build made) once a comparison of the default scenario has finished. */
async function liveScreenshot(browser: Browser, scratch: string): Promise<void> {
  const served = join(scratch, 'served');
  mkdirSync(served);
  copyFileSync(join(repository, 'examples', 'default.yaml'), join(served, 'default.yaml'));
  const server = spawn(process.execPath, [join(repository, 'dist', 'cli', 'main.js'), 'serve', served, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = out.match(/at (http:\/\/\S+\/) /);
        if (found !== null) resolve(found[1]);
      });
      server.once('exit', () => reject(new Error('mrsched serve exited before it listened')));
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    for (const scheduler of ['fifo', 'fair', 'capacity']) await page.check(`#scheduler-choices input[value="${scheduler}"]`);
    await page.click('#start-button');
    await page.locator('#live-report').waitFor({ state: 'visible', timeout: 300_000 });
    const target = join(images, 'serve-live-comparison.png');
    await page.locator('main').screenshot({ path: target });
    process.stdout.write(`wrote ${target}\n`);
    await page.close();
  } finally {
    server.kill('SIGINT');
  }
}

/** Clicks the first task the pointer finds in the Gantt chart, so its view shows a task's reason. */
async function clickSomeTask(page: Page): Promise<void> {
  await page.locator('#gantt-canvas').scrollIntoViewIfNeeded();
  const { x, y } = await pointAtSomeTask(page);
  await page.mouse.click(x, y);
  await page.mouse.move(0, 0);
}

await main();

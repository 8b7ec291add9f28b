/**
 * Headless Chromium for the browser tests and the screenshot script, driven by
 * playwright-core: Debian's chromium (`scripts/ensure-chromium.sh` installs
 * it), or the one CHROMIUM_PATH names. Pages open from file:// URLs or the
 * loopback address; nothing else is reached.
 */
import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH !== undefined) return process.env.CHROMIUM_PATH;
  return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** Moves the pointer along the Gantt chart's rows until its tooltip names a task; returns where. */
export async function pointAtSomeTask(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.locator('#gantt-canvas').boundingBox())!;
  for (let y = box.y + 30; y < box.y + box.height - 10; y += 7) {
    for (let x = box.x + 100; x < box.x + box.width - 20; x += 23) {
      await page.mouse.move(x, y);
      if (await page.locator('#gantt-tip').isVisible()) return { x, y };
    }
  }
  throw new Error('no task found under the pointer in the Gantt chart');
}

/**
 * Headless Chromium for the browser tests and the screenshot script, driven by
 * playwright-core: Debian's chromium (`scripts/ensure-chromium.sh` installs
 * it), or the one CHROMIUM_PATH names. Pages open from file:// URLs or the
 * loopback address; nothing else is reached.
 */
import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH !== undefined) return process.env.CHROMIUM_PATH;
  return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

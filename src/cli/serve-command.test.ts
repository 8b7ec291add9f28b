/**
 * `mrsched serve` in-process: a request to start a comparison whose
 * schedulers are misspelt is refused at once (400, with the name likely
 * meant), before any run starts. Runs and the page itself are tested as a
 * process, in a browser (serve-command.browser.test.ts).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const cli = cliSession();
const tiny = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));

/** Serves the session's directory while `use` runs, on a free port; stops as Ctrl-C stops it. */
async function serving(use: (url: string) => Promise<void>): Promise<void> {
  const served = main(['serve', cli.dir, '--port', '0']);
  let url: string | undefined;
  while (url === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    url = cli.out.match(/at (http:\/\/\S+\/) /)?.[1];
  }
  try {
    await use(url);
  } finally {
    process.emit('SIGINT');
    expect(await served).toBe(0);
  }
}

describe('mrsched serve', () => {
  it('refuses a comparison of a misspelt scheduler at once, naming it and the name likely meant', async () => {
    copyFileSync(tiny, join(cli.dir, 'tiny.yaml'));
    await serving(async (url) => {
      const response = await fetch(`${url}api/runs`, { method: 'POST', body: JSON.stringify({ scenario: 'tiny.yaml', schedulers: ['fifo', 'fiar'] }) });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: string };
      expect(error).toMatch(/^schedulers: .*expected a scheduler name \(one of fifo, fair, .*\), found 'fiar' \(did you mean 'fair'\?\)/s);
    });
  });
});

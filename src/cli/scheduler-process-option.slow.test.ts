/**
 * `--scheduler-process` on simulate and compare, with a Node test process
 * (`src/plugins/process/test-support/scripted-process.mjs`): its runs, named
 * as it names itself, and the mistakes refused before any run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const cli = cliSession();
const SCRIPT = fileURLToPath(new URL('../plugins/process/test-support/scripted-process.mjs', import.meta.url));
const TINY = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));
const PROCESS = `"${process.execPath}" "${SCRIPT}" greedy`;

describe('--scheduler-process', () => {
  it('runs simulate under the process, its outputs named by it', async () => {
    await cli.run('simulate', TINY, '--scheduler-process', PROCESS, '--out', join(cli.dir, 'out'), '-q');
    expect(readFileSync(join(cli.dir, 'out', 'tasks.csv'), 'utf8')).toMatch(/^scripted,1,/m);
  });

  it('adds the process to the schedulers compare runs', async () => {
    const out = await cli.run('compare', TINY, '--schedulers', 'fifo,fair', '--scheduler-process', PROCESS, '--format', 'json', '-q');
    expect((JSON.parse(out) as { schedulers: { scheduler: string }[] }).schedulers.map((r) => r.scheduler)).toEqual(['fifo', 'fair', 'scripted']);
  });

  it('refuses --scheduler beside it on simulate, and a scheduler named as the process on compare', async () => {
    expect(await main(['simulate', TINY, '--scheduler', 'fair', '--scheduler-process', PROCESS])).toBe(2);
    expect(cli.err).toContain('simulate runs one scheduler: give --scheduler or one --scheduler-process, not both');
    expect(await main(['compare', TINY, '--schedulers', 'fifo,scripted', '--scheduler-process', PROCESS])).toBe(2);
    expect(cli.err).toContain("--schedulers: expected schedulers other than 'scripted', the name a scheduler process gave");
  });
});

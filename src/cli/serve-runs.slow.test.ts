/**
 * `mrsched serve` as a process (the compiled command, whose comparisons run
 * on worker threads): a request is answered only once its worker has read
 * the scenario, so a scenario with a mistake is refused (400) with nothing
 * written; a body over 64 KiB is refused (413); a comparison beyond
 * --max-runs is refused (429) while the others run; and the first Ctrl-C
 * stops the server, runs going on and pages following them included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { DEFAULT_SCENARIO_PATH } from '../input/load-scenario.js';
import { buildCompiledCli, startServe } from '../test-support/compiled-cli.js';

let server: ChildProcess;
let dir: string;
let url: string;

beforeAll(async () => {
  const main = buildCompiledCli();
  dir = mkdtempSync(join(tmpdir(), 'mrsched-serve-runs-'));
  copyFileSync(DEFAULT_SCENARIO_PATH, join(dir, 'default.yaml'));
  copyFileSync(fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url)), join(dir, 'tiny.yaml'));
  writeFileSync(join(dir, 'broken.yaml'), 'jobs: 3\n');
  ({ child: server, url } = await startServe(main, [dir, '--port', '0', '--max-runs', '1']));
}, 300_000);

afterAll(() => {
  // A comparison still running would keep the process until it ends.
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const postRun = (asked: unknown) => fetch(`${url}api/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(asked) });

describe('mrsched serve, its comparisons', () => {
  it('refuses a scenario with a mistake before it answers, and writes nothing', async () => {
    const response = await postRun({ scenario: 'broken.yaml', schedulers: ['fifo'] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/broken\.yaml.*jobs/s);
    // A refused run frees its place at once (with --max-runs 1, the next is read, not refused with 429).
    expect((await postRun({ scenario: 'broken.yaml', schedulers: ['fair'] })).status).toBe(400);
    expect(existsSync(join(dir, 'serve-runs'))).toBe(false);
  });

  it('refuses a body over 64 KiB with 413, unread, and starts nothing', async () => {
    const huge = { scenario: 'default.yaml', schedulers: ['fifo'], padding: 'x'.repeat(100 * 1024) };
    const response = await postRun(huge);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toMatch(/larger than 65536 bytes/);
    expect(existsSync(join(dir, 'serve-runs'))).toBe(false);
  });

  it('writes the report with how it was made, the summary and every run\'s files, as compare --out does', async () => {
    const response = await postRun({ scenario: 'tiny.yaml', schedulers: ['fifo', 'fair'], replications: 1 });
    expect(response.status).toBe(202);
    const { events } = (await response.json()) as { events: string };
    // The event stream ends with the run.
    expect(await (await fetch(`${url}${events}`)).text()).toMatch(/"type":"done"/);
    const out = join(dir, 'serve-runs', 'run-1');
    expect(readdirSync(join(out, 'runs')).sort()).toEqual(['fair-1', 'fifo-1']);
    expect(readdirSync(join(out, 'runs', 'fifo-1')).sort()).toEqual(['jobs.csv', 'nodes.csv', 'summary.json', 'tasks.csv']);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { provenance: { command: string; scenario: { path: string } } };
    expect(summary.provenance.command).toMatch(/^mrsched compare \S*tiny\.yaml --schedulers fifo,fair --replications 1$/);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('How this page was made');
  });

  it('runs at most --max-runs comparisons at once and says why it refuses another', async () => {
    const first = await postRun({ scenario: 'default.yaml', schedulers: ['fifo', 'fair'], replications: 20 });
    expect(first.status).toBe(202);
    // The second run of this server (the first, of the test before, is done), in the next folder.
    expect(await first.json()).toEqual({ id: 1, events: 'api/runs/1/events', report: 'files/serve-runs/run-2/report.html' });
    const second = await postRun({ scenario: 'default.yaml', schedulers: ['fifo'] });
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({ error: 'this server runs at most 1 comparison at once (--max-runs): start this one when a running one finishes' });
  });

  it('stops at the first Ctrl-C while a comparison runs and a page follows it', async () => {
    // The comparison of the test before runs on (20 replications); a page follows it.
    const events = await fetch(`${url}api/runs/1/events`);
    expect(events.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const started = performance.now();
    server.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

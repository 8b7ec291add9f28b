/**
 * `mrsched serve` in-process, over real HTTP: what it refuses before any
 * comparison starts (a request addressed to another name, a change from
 * another site or not in JSON, a misspelt scheduler, a scenario naming a file
 * outside the directory, a malformed URL) and the command lines it refuses.
 * Runs and the page itself are tested as a process (serve-runs.slow.test.ts),
 * and in a browser (serve-command.browser.test.ts).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const cli = cliSession();
const tiny = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));

/** Serves the session's directory while `use` runs, on a free port; stops as Ctrl-C stops it. */
async function serving(use: (url: string) => Promise<void>, ...args: string[]): Promise<void> {
  const served = main(['serve', cli.dir, '--port', '0', ...args]);
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

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly type: string | undefined;
}

/** One request with node's client, which lets a test set the Host header as a rebinding page's browser would. */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body, type: response.headers['content-type'] }));
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** A JSON POST to start a run, as the page sends it. */
function postRun(url: string, asked: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return send(`${url}api/runs`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(asked) });
}

const errorOf = (answer: Answer) => (JSON.parse(answer.body) as { error: string }).error;
const noRunWritten = () => expect(existsSync(join(cli.dir, 'serve-runs'))).toBe(false);

describe('mrsched serve', () => {
  it('refuses a comparison of a misspelt scheduler at once, naming it and the name likely meant, and writes nothing', async () => {
    copyFileSync(tiny, join(cli.dir, 'tiny.yaml'));
    await serving(async (url) => {
      const answer = await postRun(url, { scenario: 'tiny.yaml', schedulers: ['fifo', 'fiar'] });
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toMatch(/^schedulers: .*expected a scheduler name \(one of fifo, fair, .*\), found 'fiar' \(did you mean 'fair'\?\)/s);
    });
    noRunWritten();
  });

  it('answers only requests addressed to the name it listens on, so that a rebound name reads nothing', async () => {
    writeFileSync(join(cli.dir, '.env'), 'SECRET=1\n');
    await serving(async (url) => {
      const port = new URL(url).port;
      for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, '127.0.0.1']) {
        const answer = await send(`${url}files/.env`, { headers: { host } });
        expect(answer.status).toBe(421);
        expect(answer.body).not.toContain('SECRET');
      }
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
        expect((await send(`${url}files/.env`, { headers: { host } })).status).toBe(200);
      }
      expect((await postRun(url, { scenario: 'none.yaml' }, { host: `evil.example:${port}` })).status).toBe(421);
    });
  });

  it('takes a change only as JSON from its own page or from no page at all', async () => {
    copyFileSync(tiny, join(cli.dir, 'tiny.yaml'));
    await serving(async (url) => {
      const asked = JSON.stringify({ scenario: 'tiny.yaml', schedulers: ['fifo'] });
      const plain = await send(`${url}api/runs`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'http://evil.example' }, body: asked });
      expect(plain.status).toBe(403);
      expect(errorOf(plain)).toMatch(/must be application\/json, found "text\/plain"/);
      expect((await send(`${url}api/runs`, { method: 'POST', body: asked })).status).toBe(403);
      const foreign = await postRun(url, { scenario: 'tiny.yaml', schedulers: ['fifo'] }, { origin: 'http://evil.example' });
      expect(foreign.status).toBe(403);
      expect(errorOf(foreign)).toMatch(/own page, not from "http:\/\/evil.example"/);
      // Its own origin, or none, passes on to the request's own checks.
      const own = url.slice(0, -1);
      expect((await postRun(url, { scenario: 'tiny.yaml', schedulers: ['fiar'] }, { origin: own })).status).toBe(400);
      expect((await postRun(url, { scenario: 'tiny.yaml', schedulers: ['fiar'] }, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(400);
    });
    noRunWritten();
  });

  it('refuses a scenario naming a file outside the directory, symbolic links followed, naming the field', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'mrsched-outside-'));
    try {
      writeFileSync(join(outside, 'trace.json'), '{}\n');
      symlinkSync(outside, join(cli.dir, 'away'));
      mkdirSync(join(cli.dir, 'scenarios'));
      cli.file('scenarios/up.yaml', 'trace: { format: rumen, path: ../../trace.json }\n');
      cli.file('scenarios/linked.yaml', 'trace: { format: rumen, path: ../away/trace.json }\n');
      cli.file('scenarios/absolute.yaml', `trace: { format: rumen, path: ${JSON.stringify(join(outside, 'trace.json'))} }\n`);
      cli.file('scenarios/topology.yaml', `trace: { format: sls, path: jobs.json, options: { topology: ../../nodes.json } }\n`);
      await serving(async (url) => {
        for (const [scenario, field, path] of [
          ['up.yaml', 'trace.path', '../../trace.json'],
          ['linked.yaml', 'trace.path', '../away/trace.json'],
          ['absolute.yaml', 'trace.path', join(outside, 'trace.json')],
          ['topology.yaml', 'trace.options.topology', '../../nodes.json'],
        ]) {
          const answer = await postRun(url, { scenario: `scenarios/${scenario}` });
          expect(answer.status).toBe(400);
          expect(errorOf(answer)).toBe(`scenarios/${scenario}: ${field}: '${path}' is outside the served directory`);
        }
      });
      noRunWritten();
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('answers a malformed URL with 400', async () => {
    await serving(async (url) => {
      const answer = await send(`${url}files/%E0%A4%A`);
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toMatch(/not well-formed/);
    });
  });

  it('lists the comparisons its folder holds from before, newest first, each with its report and what its summary says', async () => {
    const folder = (name: string, files: Record<string, string>) => {
      mkdirSync(join(cli.dir, 'serve-runs', name), { recursive: true });
      for (const [file, text] of Object.entries(files)) writeFileSync(join(cli.dir, 'serve-runs', name, file), text);
    };
    const summary = { provenance: { scenario: { path: 'scenarios/tiny.yaml', sha256: 'ab' } }, scenario: 'tiny', seeds: [1, 2], schedulers: [{ scheduler: 'fifo' }, { scheduler: 'fair' }] };
    folder('run-2', { 'report.html': '<p>2', 'report-attempts-0-0.js': 'mrschedReportAttempts(0, 0, {});', 'summary.json': JSON.stringify(summary) });
    folder('run-10', { 'report.html': '<p>10', 'summary.json': '{"cut short' });
    folder('run-3', { 'summary.json': JSON.stringify(summary) }); // no report: nothing to reopen
    folder('notes', { 'report.html': '<p>' });
    await serving(async (url) => {
      const answer = await send(`${url}api/runs`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        runs: [
          { name: 'run-10', report: 'files/serve-runs/run-10/report.html', scenario: null, schedulers: [], seeds: [] },
          { name: 'run-2', report: 'files/serve-runs/run-2/report.html', scenario: 'scenarios/tiny.yaml', schedulers: ['fifo', 'fair'], seeds: [1, 2] },
        ],
      });
      const report = await send(`${url}files/serve-runs/run-2/report.html`);
      expect(report.body).toBe('<p>2');
      // A large report's attempts beside it, which the page loads as a script (served with nosniff: the type must be a script's).
      const beside = await send(`${url}files/serve-runs/run-2/report-attempts-0-0.js`);
      expect(beside).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    });
  });

  it('lists no earlier comparison in a folder that has none', async () => {
    await serving(async (url) => expect(JSON.parse((await send(`${url}api/runs`)).body)).toEqual({ runs: [] }));
  });

  it('refuses a directory that does not exist as a mistake on the command line', async () => {
    const missing = join(cli.dir, 'nonexistent');
    expect(await main(['serve', missing, '--port', '0'])).toBe(2);
    expect(cli.err).toBe(`mrsched: serve: '${missing}' is not a directory\n`);
  });

  it('refuses a host other machines reach unless --allow-remote, and warns when it is given', async () => {
    expect(await main(['serve', cli.dir, '--port', '0', '--host', '0.0.0.0'])).toBe(2);
    expect(cli.err).toMatch(/^mrsched: --host 0.0.0.0 is not a loopback address: .* give --allow-remote/);
    cli.clearOutput();
    await serving(async (url) => {
      expect(url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/$/);
      expect(cli.err).toMatch(/^warning: serving .* to every machine that reaches 0.0.0.0, without authentication\n$/);
    }, '--host', '0.0.0.0', '--allow-remote');
  });

  it.each(['0', '-1', '1.5', 'two'])('refuses --max-runs %s', async (runs) => {
    expect(await main(['serve', cli.dir, '--port', '0', '--max-runs', runs])).toBe(2);
    expect(cli.err).toMatch(/--max-runs <n>' argument .* expected a whole number of runs, 1 or more/);
  });
});

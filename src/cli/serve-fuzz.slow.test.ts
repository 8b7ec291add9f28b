/**
 * `mrsched serve`'s HTTP API under hostile requests, checked on generated
 * ones sent as raw bytes to the compiled server: methods, request targets
 * (paths outside the directory, malformed escapes, absolute forms), Host,
 * Origin and Content-Type headers, stray headers, and bodies (hostile JSON,
 * JSON of another shape, random bytes). Every request is answered with a
 * status below 500, an error answered with a JSON message (or, for bytes
 * that are not HTTP, Node's own 400), and the server is still up and
 * answering at the end, with no stack trace. The seed is fixed, so CI sends
 * the same requests every time; MRSCHED_FUZZ_RUNS sends more.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledCli, startServe } from '../test-support/compiled-cli.js';
import { hostileValue } from '../test-support/hostile-input.js';

const RUNS = Number(process.env.MRSCHED_FUZZ_RUNS ?? 150);
const SEED = Number(process.env.MRSCHED_FUZZ_SEED ?? 20_261_129);
/** A request unanswered after this has hung the server, for the contract's purpose. */
const ANSWER_MS = 15_000;

let server: ChildProcess;
let serverErrors = '';
let dir: string;
let port = 0;

beforeAll(async () => {
  const main = buildCompiledCli();
  dir = mkdtempSync(join(tmpdir(), 'mrsched-serve-fuzz-'));
  // A scenario with a mistake: a request for it starts a worker that refuses it, and no comparison runs.
  writeFileSync(join(dir, 'bad.yaml'), 'name: bad\ncluster: { racks: [] }\njobs: []\n');
  writeFileSync(join(dir, 'notes.txt'), 'notes\n');
  const started = await startServe(main, [dir, '--port', '0', '--max-runs', '1']);
  server = started.child;
  server.stderr!.on('data', (chunk: Buffer) => (serverErrors += chunk.toString()));
  port = Number(new URL(started.url).port);
}, 300_000);

afterAll(() => {
  server?.kill('SIGINT');
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

interface RawAnswer {
  readonly status: number;
  readonly head: string;
  readonly body: string;
}

/** Sends `request` as it is on a new connection and reads the answer until the server closes it; null when it closed without one. */
function sendRaw(request: Buffer): Promise<RawAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${ANSWER_MS} ms`));
    }, ANSWER_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset after the answer is the server closing a connection it would not read on
    socket.on('close', () => {
      clearTimeout(timer);
      // Interim answers (100 Continue to an Expect header) come before the answer itself.
      const text = Buffer.concat(chunks).toString('utf8').replace(/^(HTTP\/1\.1 1\d\d [^\r]*\r\n\r\n)+/, '');
      const status = /^HTTP\/1\.[01] (\d{3}) /.exec(text);
      if (status === null) return resolve(null);
      const end = text.indexOf('\r\n\r\n');
      const head = text.slice(0, end);
      const rest = end < 0 ? '' : text.slice(end + 4);
      resolve({ status: Number(status[1]), head, body: /^transfer-encoding: chunked/im.test(head) ? unchunked(rest) : rest });
    });
    socket.end(request);
  });
}

/** A chunked body's data (sizes in hex, each chunk ended by CRLF, a last chunk of size 0). */
function unchunked(text: string): string {
  let data = '';
  let at = 0;
  for (;;) {
    const line = text.indexOf('\r\n', at);
    const size = parseInt(text.slice(at, line), 16);
    if (line < 0 || !(size > 0)) return data;
    data += text.slice(line + 2, line + 2 + size);
    at = line + 2 + size + 2;
  }
}

/** Mostly `usual`, now and then one of `unusual`: most requests must pass the first checks to reach the later ones. */
const mostly = <T>(usual: fc.Arbitrary<T>, unusual: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: unusual });

const method = mostly(fc.constantFrom('GET', 'POST'), fc.oneof(fc.constantFrom('PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH'), fc.stringMatching(/^[A-Za-z]{1,8}$/)));

const target = fc.oneof(
  fc.constantFrom(
    '/',
    '/api/scenarios',
    '/api/runs',
    '/api/runs/0/events',
    '/api/runs/99999999999999999999999/events',
    '/api/runs/-1/events',
    '/files/bad.yaml',
    '/files/notes.txt',
    '/files/../../etc/passwd',
    '/files/%2e%2e/%2e%2e/etc/passwd',
    '/files/%E0%A4%A',
    '/files/%00',
    '/files/.%2Fbad.yaml',
    '//files//bad.yaml',
    '*',
    'http://evil.example/files/bad.yaml',
    `/?${'a'.repeat(9000)}`,
  ),
  fc
    .tuple(fc.constantFrom('/', '/files/', '/api/runs/', '/api/'), fc.string({ maxLength: 30 }), fc.boolean())
    .map(([start, rest, escaped]) => start + (escaped ? encodeURIComponent(rest) : rest.replace(/[\s]/g, '%'))),
);

/** Header lines a hostile page or client sends; some make the request unreadable as HTTP. */
const headers = fc.record(
  {
    host: mostly(fc.constantFrom('OWN', 'localhost:PORT'), fc.constantFrom('[::1]:PORT', 'evil.example', 'evil.example:PORT', '127.0.0.1:1', '', 'a b')),
    origin: mostly(fc.constant('http://OWN'), fc.constantFrom('http://evil.example', 'null', '', 'http://127.0.0.1:PORT.evil.example')),
    type: mostly(fc.constant('application/json'), fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'multipart/form-data; boundary=x', 'application/jsonx', '')),
    extra: fc.constantFrom('X-A: b', 'Transfer-Encoding: chunked', 'Content-Length: -1', 'Content-Length: 99999999', 'Expect: 100-continue', 'Cookie: a=b', 'Bad Header', ':', 'X-Long: ' + 'x'.repeat(20_000)),
  },
  { requiredKeys: ['host'] },
);

const scenario = fc.oneof(fc.constantFrom('bad.yaml', 'notes.txt', 'missing.yaml', '../bad.yaml', '/etc/passwd', '', 'bad.yaml\u0000'), hostileValue);
const schedulers = fc.oneof(fc.array(fc.constantFrom('fifo', 'fair', 'fiar', '', 'fair+greedy', 'fifo+', 'x'.repeat(300)), { maxLength: 3 }), hostileValue);
const body = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  fc
    .record({ scenario, schedulers, replications: fc.oneof(fc.integer({ min: -3, max: 200 }), hostileValue) }, { requiredKeys: [] })
    .map((value) => Buffer.from(JSON.stringify(value))),
  fc.json().map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
);

/** The request as bytes: its line, its headers (the own address written in), a Content-Length for the body, then the body. */
function requestBytes(verb: string, path: string, fields: { host: string; origin?: string; type?: string; extra?: string }, content: Buffer): Buffer {
  const own = `127.0.0.1:${port}`;
  const fill = (text: string) => text.replace('OWN', own).replace('PORT', String(port));
  const lines = [`${verb} ${path} HTTP/1.1`, `Host: ${fill(fields.host)}`];
  if (fields.origin !== undefined) lines.push(`Origin: ${fill(fields.origin)}`);
  if (fields.type !== undefined) lines.push(`Content-Type: ${fields.type}`);
  if (fields.extra !== undefined) lines.push(fields.extra);
  if (!/^Content-Length/i.test(fields.extra ?? '')) lines.push(`Content-Length: ${content.length}`);
  lines.push('Connection: close');
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), content]);
}

describe('mrsched serve on generated and hostile requests', () => {
  it(
    'answers every request below 500, an error with its message, and stays up',
    async () => {
      const tally: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(method, target, headers, body, async (verb, path, fields, content) => {
          const request = requestBytes(verb, path, fields, content);
          const answer = await sendRaw(request);
          const context = request.subarray(0, 600).toString('latin1');
          expect(answer, `no answer to ${context}`).not.toBeNull();
          const { status, head, body: text } = answer!;
          tally[status] = (tally[status] ?? 0) + 1;
          expect(status, context).toBeLessThan(500);
          const json = /^content-type: application\/json/im.test(head);
          if (status >= 400 && json && verb !== 'HEAD') {
            const message = (JSON.parse(text) as { error?: unknown }).error;
            expect(typeof message === 'string' && message.length > 0, `${context}\n${text}`).toBe(true);
          }
          // An answer without a JSON message is Node's own, to bytes it could not read as HTTP: a bare 400, 413 or 431.
          if (status >= 400 && !json) expect([400, 413, 431], `${context}\n${head}`).toContain(status);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (RUNS > 150) process.stdout.write(`${RUNS} requests, seed ${SEED}: ${JSON.stringify(tally)}\n`);
      expect(server.exitCode).toBeNull();
      const page = await sendRaw(requestBytes('GET', '/', { host: 'OWN' }, Buffer.alloc(0)));
      expect(page?.status).toBe(200);
      expect(serverErrors).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    },
    120_000,
  );
});

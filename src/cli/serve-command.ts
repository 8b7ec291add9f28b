/**
 * `mrsched serve [DIR] [--port N] [--host H]`: a local page to start a
 * comparison of a scenario in DIR, watch its progress and charts grow
 * (server-sent events), and open the finished report. Node's http module
 * alone. It listens on 127.0.0.1 unless told otherwise, reads and writes only
 * under DIR (reports go to DIR/serve-runs/run-N/), and refuses any path that
 * leads outside it.
 */
import { Command, InvalidArgumentError } from 'commander';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { renderLivePage } from '../report/live-page.js';
import { InputError } from '../util/input-error.js';
import { builtinSchedulers, parseSchedulerChoices, type SchedulerChoice } from '../sched/index.js';
import type { LiveMessage, LiveRequest } from './live-messages.js';
import { writeStdout } from './standard-output.js';
import { RefusedPath, ServedDirectory } from './served-directory.js';

const WORKER_FILE = new URL('./live-comparison-worker.js', import.meta.url);
/** A request body larger than this is refused: the page sends a few names. */
const MAX_BODY_BYTES = 64 * 1024;
/** Scenario files listed at most, and how deep below DIR they are looked for. */
const MAX_LISTED = 500;
const MAX_DEPTH = 4;
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.jsonl': 'application/jsonl',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.yaml': 'text/plain; charset=utf-8',
  '.yml': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function serveCommand(): Command {
  return new Command('serve')
    .description('Serve a local page to start comparisons of the scenarios in a directory, watch them run, and open their reports.')
    .argument('[dir]', 'the directory whose scenarios are offered and where reports are written', '.')
    .option('--port <n>', 'port to listen on (0: any free one)', parsePort, 8080)
    .option('--host <address>', 'address to listen on; 127.0.0.1 keeps it to this machine', '127.0.0.1')
    .addHelpText(
      'after',
      `
Reports go to DIR/serve-runs/run-N/ (report.html, summary.json). Only files under DIR are read or
written; a path outside it is refused (403).

Examples:
  $ mrsched serve examples
  $ mrsched serve . --port 0   # any free port; the address is printed`,
    )
    .action(async (dir: string, options: { port: number; host: string }) => {
      const served = new ServedDirectory(dir);
      const runs: LiveRun[] = [];
      const server = createServer((request, response) => {
        handle(served, runs, request, response).catch((error: Error) => answer(response, 500, { error: error.message }));
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, resolve);
      });
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : options.port;
      writeStdout(`serving ${served.root} at http://${options.host}:${port}/ (Ctrl-C to stop)\n`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => server.close(() => resolve())));
    });
}

/** A comparison started from the page: what it said so far, and who listens. */
interface LiveRun {
  readonly messages: LiveMessage[];
  readonly listeners: Set<ServerResponse>;
  finished: boolean;
}

async function handle(served: ServedDirectory, runs: LiveRun[], request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const path = decodeURIComponent(url.pathname);
  if (request.method === 'GET' && path === '/') return send(response, 200, CONTENT_TYPES['.html'], renderLivePage(served.root));
  if (request.method === 'GET' && path === '/api/scenarios') {
    return answer(response, 200, { scenarios: scenarioFiles(served), schedulers: builtinSchedulers().names() });
  }
  if (request.method === 'POST' && path === '/api/runs') return startRun(served, runs, await readBody(request), response);
  const events = path.match(/^\/api\/runs\/(\d+)\/events$/);
  if (request.method === 'GET' && events !== null) return followRun(runs[Number(events[1])], response);
  if (request.method === 'GET' && path.startsWith('/files/')) return sendFile(served, path.slice('/files/'.length), response);
  return answer(response, 404, { error: `no such page: ${request.method} ${path}` });
}

function startRun(served: ServedDirectory, runs: LiveRun[], body: string, response: ServerResponse): void {
  let asked: { scenario?: unknown; schedulers?: unknown; replications?: unknown };
  try {
    asked = JSON.parse(body) as typeof asked;
  } catch {
    return answer(response, 400, { error: 'the request is not JSON' });
  }
  if (typeof asked.scenario !== 'string') return answer(response, 400, { error: 'scenario: expected a path in the served directory' });
  const names = asked.schedulers ?? [];
  if (!Array.isArray(names) || !names.every((s) => typeof s === 'string')) return answer(response, 400, { error: 'schedulers: expected a list of names' });
  let schedulers: SchedulerChoice[];
  try {
    // Checked here, so that a misspelt name is refused at once rather than by the run it would start.
    schedulers = parseSchedulerChoices(builtinSchedulers(), names, 'schedulers');
  } catch (error) {
    if (error instanceof InputError) return answer(response, 400, { error: error.message });
    throw error;
  }
  const replications = asked.replications ?? 1;
  if (!Number.isInteger(replications) || (replications as number) < 1 || (replications as number) > 100) {
    return answer(response, 400, { error: `replications: expected a whole number from 1 to 100, found ${JSON.stringify(replications)}` });
  }
  let scenario: string;
  try {
    scenario = served.resolve(asked.scenario);
  } catch (error) {
    if (error instanceof RefusedPath) return answer(response, 403, { error: error.message });
    throw error;
  }
  if (!existsSync(scenario) || !statSync(scenario).isFile()) return answer(response, 404, { error: `no scenario file '${asked.scenario}' in the served directory` });
  const id = runs.length;
  const folder = `serve-runs/run-${nextFreeRun(served)}`;
  const out = served.resolve(folder);
  // Made now, so the next run started before this one ends takes another number.
  mkdirSync(out, { recursive: true });
  const request: LiveRequest = { scenario, schedulers, replications: replications as number, out };
  const run: LiveRun = { messages: [], listeners: new Set(), finished: false };
  runs.push(run);
  const worker = new Worker(WORKER_FILE, { workerData: request });
  const say = (message: LiveMessage) => {
    run.messages.push(message);
    if (message.type === 'done' || message.type === 'failed') run.finished = true;
    for (const listener of run.listeners) writeEvent(listener, message, run.finished);
  };
  worker.on('message', say);
  worker.on('error', (error) => say({ type: 'failed', message: error.message }));
  answer(response, 202, { id, events: `api/runs/${id}/events`, report: `files/${folder}/report.html` });
}

function followRun(run: LiveRun | undefined, response: ServerResponse): void {
  if (run === undefined) return answer(response, 404, { error: 'no such run' });
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  // What the run said before the page listened comes first.
  run.messages.forEach((message, i) => writeEvent(response, message, run.finished && i === run.messages.length - 1));
  if (run.finished) return;
  run.listeners.add(response);
  response.on('close', () => run.listeners.delete(response));
}

function writeEvent(response: ServerResponse, message: LiveMessage, last: boolean): void {
  response.write(`data: ${JSON.stringify(message)}\n\n`);
  if (last) response.end();
}

function sendFile(served: ServedDirectory, asked: string, response: ServerResponse): void {
  let path: string;
  try {
    path = served.resolve(asked);
  } catch (error) {
    if (error instanceof RefusedPath) return answer(response, 403, { error: error.message });
    throw error;
  }
  if (!existsSync(path) || !statSync(path).isFile()) return answer(response, 404, { error: `no file '${asked}' in the served directory` });
  send(response, 200, CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream', readFileSync(path));
}

/** Scenario-like files (YAML or JSON) below the root, shallow and without hidden folders or node_modules, sorted. */
function scenarioFiles(served: ServedDirectory): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= MAX_LISTED || entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'serve-runs') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH) walk(path, depth + 1);
      else if (entry.isFile() && /\.(ya?ml|json)$/i.test(entry.name)) found.push(served.relative(path));
    }
  };
  walk(served.root, 0);
  return found;
}

/** The first run number whose folder does not exist yet. */
function nextFreeRun(served: ServedDirectory): number {
  let n = 1;
  while (existsSync(join(served.root, 'serve-runs', `run-${n}`))) n++;
  return n;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
      if (body.length > MAX_BODY_BYTES) {
        reject(new Error(`the request is larger than ${MAX_BODY_BYTES} bytes`));
        request.destroy();
      }
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, CONTENT_TYPES['.json'], JSON.stringify(value));
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  response.end(body);
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError(`expected a port from 0 to 65535, found '${text}'.`);
  return port;
}

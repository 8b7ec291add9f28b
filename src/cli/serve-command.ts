/**
 * `mrsched serve [DIR] [--port N] [--host H]`: a local page to start a
 * comparison of a scenario in DIR, watch its progress and charts grow
 * (server-sent events), and open the finished report or any this directory
 * holds from before (earlier-runs.ts). Node's http module
 * alone. It has no authentication, so it listens on the loopback address
 * unless told otherwise with --allow-remote, answers only requests addressed
 * to it and changes made from its own page (serve-request-guard.ts), runs at
 * most --max-runs comparisons at once, reads and writes only under DIR
 * (reports go to DIR/serve-runs/run-N/), and refuses any path that leads
 * outside it, also one a scenario names.
 */
import { Command, InvalidArgumentError } from 'commander';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIPv4 } from 'node:net';
import { extname, join } from 'node:path';
import { renderLivePage } from '../report/live-page.js';
import { InputError } from '../util/input-error.js';
import { builtinSchedulers, parseSchedulerChoices, type SchedulerChoice } from '../sched/index.js';
import { UsageError } from './errors.js';
import { earlierRuns, RUNS_FOLDER } from './earlier-runs.js';
import { LiveRuns } from './live-runs.js';
import { allowedHosts, hostLabel, refusal } from './serve-request-guard.js';
import { namedFilesOutside } from './served-scenario.js';
import { writeStdout } from './standard-output.js';
import { RefusedPath, ServedDirectory } from './served-directory.js';

/** A request body larger than this is refused: the page sends a few names. */
const MAX_BODY_BYTES = 64 * 1024;
/** Scenario files listed at most, and how deep below DIR they are looked for. */
const MAX_LISTED = 500;
const MAX_DEPTH = 4;
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  // A report's attempts and decisions beside it (report-attempts-N-P.js, report-decisions-N.js), which the page loads as scripts.
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.jsonl': 'application/jsonl',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.yaml': 'text/plain; charset=utf-8',
  '.yml': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly maxRuns: number;
  readonly allowRemote?: boolean;
}

export function serveCommand(): Command {
  return new Command('serve')
    .description('Serve a local page to start comparisons of the scenarios in a directory, watch them run, and open their reports.')
    .argument('[dir]', 'the directory whose scenarios are offered and where reports are written', '.')
    .option('--port <n>', 'port to listen on (0: any free one)', parsePort, 8080)
    .option('--host <address>', 'address to listen on; a loopback one (127.0.0.1, ::1, localhost) keeps it to this machine', '127.0.0.1')
    .option('--max-runs <n>', 'comparisons run at once at most; more are refused until one finishes', parseMaxRuns, 2)
    .option('--allow-remote', 'listen on a --host other machines reach, although anyone who reaches it may read DIR and start comparisons')
    .addHelpText(
      'after',
      `
Reports go to DIR/serve-runs/run-N/ (report.html, summary.json). Only files under DIR are read or
written; a path outside it is refused (403), and so is a scenario naming a file outside it (400).
Requests must address the server by the name it listens on (else 421); a POST must be JSON from
the server's own page (else 403). See docs/security.md.

Examples:
  $ mrsched serve examples
  $ mrsched serve . --port 0   # any free port; the address is printed`,
    )
    .action(async (dir: string, options: ServeOptions) => {
      if (!isLoopback(options.host) && options.allowRemote !== true) {
        throw new UsageError(
          `--host ${options.host} is not a loopback address: serve has no authentication, so whoever reaches it could read every file in the directory and start comparisons; give --allow-remote if that is meant`,
        );
      }
      const served = new ServedDirectory(dir);
      if (!isLoopback(options.host)) process.stderr.write(`warning: serving ${served.root} to every machine that reaches ${options.host}, without authentication\n`);
      const runs = new LiveRuns(served, options.maxRuns);
      let hosts: ReadonlySet<string> = new Set();
      const server = createServer((request, response) => {
        handle(served, runs, hosts, request, response).catch((error: Error) => answer(response, 500, { error: error.message }));
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, resolve);
      });
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : options.port;
      hosts = allowedHosts(options.host, port);
      writeStdout(`serving ${served.root} at http://${hostLabel(options.host)}:${port}/ (Ctrl-C to stop)\n`);
      // The first Ctrl-C (or SIGTERM) stops it: the comparisons going on end, and the pages following them are cut off
      // (the server waited for both, so it took a second Ctrl-C while a run went on).
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void runs.stop().then(() => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}

/** Whether `host` is reached from this machine only. */
function isLoopback(host: string): boolean {
  return host.toLowerCase() === 'localhost' || host === '::1' || (isIPv4(host) && host.startsWith('127.'));
}

async function handle(served: ServedDirectory, runs: LiveRuns, hosts: ReadonlySet<string>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const refused = refusal(request, hosts);
  if (refused !== undefined) return answer(response, refused.status, { error: refused.error });
  const url = new URL(request.url ?? '/', 'http://localhost');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return answer(response, 400, { error: `the URL's path is not well-formed: ${url.pathname}` });
  }
  if (request.method === 'GET' && path === '/') return send(response, 200, CONTENT_TYPES['.html'], renderLivePage(served.root));
  if (request.method === 'GET' && path === '/api/scenarios') {
    return answer(response, 200, { scenarios: scenarioFiles(served), schedulers: builtinSchedulers().names() });
  }
  if (request.method === 'GET' && path === '/api/runs') return answer(response, 200, { runs: earlierRuns(served) });
  if (request.method === 'POST' && path === '/api/runs') {
    const body = await readBody(request);
    if (body !== null) return startRun(served, runs, body, response);
    // The rest of the body is not read: the connection closes with the answer.
    response.setHeader('connection', 'close');
    return answer(response, 413, { error: `the request's body is larger than ${MAX_BODY_BYTES} bytes (the page sends a few names)` });
  }
  const events = path.match(/^\/api\/runs\/(\d+)\/events$/);
  if (request.method === 'GET' && events !== null) {
    if (!runs.follow(Number(events[1]), response)) answer(response, 404, { error: 'no such run' });
    return;
  }
  if (request.method === 'GET' && path.startsWith('/files/')) return sendFile(served, path.slice('/files/'.length), response);
  return answer(response, 404, { error: `no such page: ${request.method} ${path}` });
}

async function startRun(served: ServedDirectory, runs: LiveRuns, body: string, response: ServerResponse): Promise<void> {
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
  let outside: string[];
  try {
    outside = namedFilesOutside(served, scenario);
  } catch (error) {
    if (error instanceof InputError) return answer(response, 400, { error: error.message });
    throw error;
  }
  if (outside.length > 0) return answer(response, 400, { error: `${asked.scenario}: ${outside.join('; ')}` });
  const started = await runs.start({ scenario, schedulers, replications: replications as number });
  answer(response, started.status, started.body);
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
      if (found.length >= MAX_LISTED || entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === RUNS_FOLDER) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH) walk(path, depth + 1);
      else if (entry.isFile() && /\.(ya?ml|json)$/i.test(entry.name)) found.push(served.relative(path));
    }
  };
  walk(served.root, 0);
  return found;
}

/** The request's body, or null once it passes MAX_BODY_BYTES (the rest left unread). */
function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) {
        request.off('data', onData);
        request.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
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

function parseMaxRuns(text: string): number {
  const runs = Number(text);
  if (!Number.isInteger(runs) || runs < 1) throw new InvalidArgumentError(`expected a whole number of runs, 1 or more, found '${text}'.`);
  return runs;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError(`expected a port from 0 to 65535, found '${text}'.`);
  return port;
}

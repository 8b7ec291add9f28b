/**
 * The comparisons `mrsched serve` runs, each on a worker thread, at most
 * `maxRuns` at once (each keeps a processor busy for as long as it runs). A
 * run is answered only once its worker has read the scenario and checked the
 * schedulers on it: a mistake refuses the request and leaves nothing on disk.
 * What each run says is kept, for the page that follows it late. Stopped,
 * the runs going on end at once (their reports, written whole or not at all,
 * are not written).
 */
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { RUNS_FOLDER } from './earlier-runs.js';
import type { LiveMessage, LiveRequest, WorkerMessage } from './live-messages.js';
import type { ServedDirectory } from './served-directory.js';

const WORKER_FILE = new URL('./live-comparison-worker.js', import.meta.url);

/** The answer to a request to start a run. */
export interface StartAnswer {
  readonly status: 202 | 400 | 429 | 500;
  readonly body: unknown;
}

/** A comparison started from the page: what it said so far, and who listens. */
interface LiveRun {
  readonly messages: LiveMessage[];
  readonly listeners: Set<ServerResponse>;
  finished: boolean;
}

export class LiveRuns {
  private readonly runs: LiveRun[] = [];
  private workers = 0;
  /** The workers running, to end them when the server stops. */
  private readonly running = new Set<Worker>();
  /** Run numbers given to workers that have not written their folder yet. */
  private readonly reserved = new Set<number>();

  constructor(
    private readonly served: ServedDirectory,
    private readonly maxRuns: number,
  ) {}

  /** Starts a comparison of `asked` (checked but for what only reading the scenario tells) unless too many run already. */
  start(asked: Omit<LiveRequest, 'out'>): Promise<StartAnswer> {
    if (this.workers >= this.maxRuns) {
      const most = `${this.maxRuns} comparison${this.maxRuns === 1 ? '' : 's'}`;
      return Promise.resolve({ status: 429, body: { error: `this server runs at most ${most} at once (--max-runs): start this one when a running one finishes` } });
    }
    const number = this.nextFreeRun();
    const folder = `${RUNS_FOLDER}/run-${number}`;
    this.reserved.add(number);
    this.workers++;
    const worker = new Worker(WORKER_FILE, { workerData: { ...asked, out: this.served.resolve(folder) } satisfies LiveRequest });
    this.running.add(worker);
    // A comparison frees its place once it has said it is over (or refused to start, or failed), not when its worker
    // has exited after: a page that saw 'done', or a 400 for a mistake it then fixed, may start the next one at once.
    let counted = true;
    const over = () => {
      if (!counted) return;
      counted = false;
      this.workers--;
    };
    worker.on('exit', () => {
      over();
      this.running.delete(worker);
    });
    return new Promise((resolve) => {
      let run: LiveRun | undefined;
      const refuse = (answer: StartAnswer) => {
        this.reserved.delete(number);
        resolve(answer);
      };
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'done' || message.type === 'failed' || message.type === 'refused') over();
        if (message.type === 'refused') return refuse({ status: 400, body: { error: message.message } });
        if (run === undefined) {
          run = { messages: [], listeners: new Set(), finished: false };
          const id = this.runs.push(run) - 1;
          resolve({ status: 202, body: { id, events: `api/runs/${id}/events`, report: `files/${folder}/report.html` } });
        }
        say(run, message);
      });
      worker.on('error', (error) => {
        // The worker ends on an uncaught error: its place is free now, not when it has exited.
        over();
        if (run === undefined) refuse({ status: 500, body: { error: error.message } });
        else say(run, { type: 'failed', message: error.message });
      });
      worker.on('exit', () => {
        if (run === undefined) refuse({ status: 500, body: { error: 'the comparison ended before it started' } });
      });
    });
  }

  /** Sends run `id`'s messages so far, then each as it comes, as server-sent events. */
  follow(id: number, response: ServerResponse): boolean {
    const run = this.runs[id];
    if (run === undefined) return false;
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    // What the run said before the page listened comes first.
    run.messages.forEach((message, i) => writeEvent(response, message, run.finished && i === run.messages.length - 1));
    if (!run.finished) {
      run.listeners.add(response);
      response.on('close', () => run.listeners.delete(response));
    }
    return true;
  }

  /** Ends every run going on. */
  async stop(): Promise<void> {
    await Promise.all([...this.running].map((worker) => worker.terminate()));
  }

  /** The first run number neither reserved nor with a folder on disk. */
  private nextFreeRun(): number {
    let n = 1;
    while (this.reserved.has(n) || existsSync(join(this.served.root, RUNS_FOLDER, `run-${n}`))) n++;
    return n;
  }
}

function say(run: LiveRun, message: LiveMessage): void {
  run.messages.push(message);
  if (message.type === 'done' || message.type === 'failed') run.finished = true;
  for (const listener of run.listeners) writeEvent(listener, message, run.finished);
}

function writeEvent(response: ServerResponse, message: LiveMessage, last: boolean): void {
  response.write(`data: ${JSON.stringify(message)}\n\n`);
  if (last) response.end();
}

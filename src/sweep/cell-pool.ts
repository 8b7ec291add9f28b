/**
 * Where cells run: on worker threads (one cell at a time each), or on the
 * main thread for a single job. A worker that dies (out of memory, a crash
 * in native code) fails the cell it was running, with the reason, and is
 * replaced, so the other cells go on.
 *
 * Node starts a worker from a JavaScript file, so the threads run the
 * compiled code: `cell-worker.js` beside this module in dist/. Run from the
 * TypeScript sources (as the tests do), only the main thread is available.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CellRunner, type CellOutcome } from './cell-runner.js';
import type { SchedulerRegistry } from '../sched/index.js';
import type { CellInput } from './cell.js';

export interface CellPool {
  /** Cells that may run at once. */
  readonly size: number;
  /** Runs one cell; call at most `size` times before a call resolves. Never rejects: a failure is an outcome. */
  run(input: CellInput): Promise<CellOutcome>;
  close(): Promise<void>;
}

/** The cells run one after another on this thread, their schedulers looked up in `registry`. */
export function mainThreadPool(registry?: SchedulerRegistry): CellPool {
  const runner = new CellRunner(registry);
  return { size: 1, run: (input) => runner.run(input), close: async () => {} };
}

const WORKER_FILE = new URL('./cell-worker.js', import.meta.url);

/** Whether worker threads can start here (the compiled worker is beside this module). */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_FILE));
}

/** `size` worker threads, started when first needed. */
export function workerPool(size: number): CellPool {
  if (!workersAvailable()) {
    throw new Error(`worker threads run the compiled code, and ${fileURLToPath(WORKER_FILE)} does not exist: build first (npm run build), or run one job on this thread (--jobs 1)`);
  }
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const start = (): Worker => {
    const worker = new Worker(WORKER_FILE);
    all.add(worker);
    return worker;
  };
  return {
    size,
    run(input) {
      const worker = idle.pop() ?? start();
      return new Promise<CellOutcome>((resolve) => {
        const settle = (outcome: CellOutcome, reusable: boolean) => {
          worker.off('message', onMessage).off('error', onError).off('exit', onExit);
          if (reusable) idle.push(worker);
          else all.delete(worker);
          resolve(outcome);
        };
        const onMessage = (message: { id: string; outcome: CellOutcome }) => settle(message.outcome, true);
        const onError = (error: Error) => {
          void worker.terminate();
          settle({ status: 'failed', error: `the worker thread stopped: ${error.name}: ${error.message}` }, false);
        };
        const onExit = (code: number) => settle({ status: 'failed', error: `the worker thread exited with code ${code}` }, false);
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        worker.postMessage(input);
      });
    },
    async close() {
      await Promise.all([...all].map((worker) => worker.terminate()));
      all.clear();
      idle.length = 0;
    },
  };
}

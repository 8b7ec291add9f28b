/**
 * Where cells run: on worker threads, or on the main thread for a single
 * job. Either takes a batch of cells at a time (see cell-batch.ts) and tells
 * each cell's outcome as the cell ends. The workers start with the pool and
 * live as long as it, so each loads its modules, builds its registries and
 * warms up once, however many cells it runs. A worker that dies (out of
 * memory, a crash in native code) fails the cell it was running, with the
 * reason, and a new worker runs the rest of its batch, so the other cells go
 * on.
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

/** Told each cell's outcome, by the cell's position in its batch. */
export type OutcomeListener = (position: number, outcome: CellOutcome) => void;

export interface CellPool {
  /** Batches that may run at once. */
  readonly size: number;
  /**
   * Runs the batch's cells in its order on one thread; call at most `size`
   * times before a call resolves. A cell's failure is an outcome: the call
   * rejects only with what `onOutcome` throws (a record that cannot be
   * written), and tells no outcome after that.
   */
  run(batch: readonly CellInput[], onOutcome: OutcomeListener): Promise<void>;
  /** Ends the threads; a batch still running tells no more outcomes. */
  close(): Promise<void>;
}

/** The cells run one after another on this thread, their schedulers looked up in `registry`. */
export function mainThreadPool(registry?: SchedulerRegistry): CellPool {
  const runner = new CellRunner(registry);
  return { size: 1, run: (batch, onOutcome) => runner.runBatch(batch, onOutcome), close: async () => {} };
}

const WORKER_FILE = new URL('./cell-worker.js', import.meta.url);

/** Whether worker threads can start here (the compiled worker is beside this module). */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER_FILE));
}

/** `size` worker threads, all started now: they load their modules while this thread goes on. */
export function workerPool(size: number): CellPool {
  if (!workersAvailable()) {
    throw new Error(`worker threads run the compiled code, and ${fileURLToPath(WORKER_FILE)} does not exist: build first (npm run build), or run one job on this thread (--jobs 1)`);
  }
  const all = new Set<Worker>();
  const idle: Worker[] = [];
  let closed = false;
  const start = (): Worker => {
    const worker = new Worker(WORKER_FILE);
    all.add(worker);
    // The batch a worker runs is told how it died (below); one that dies idle is only dropped.
    worker.on('error', () => {}).once('exit', () => {
      all.delete(worker);
      if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
    });
    return worker;
  };
  for (let i = 0; i < size; i++) idle.push(start());
  return {
    size,
    run(batch, onOutcome) {
      return new Promise<void>((resolve, reject) => {
        let worker: Worker;
        /** Position in the batch of the first cell posted to `worker`, and of the cell it runs now. */
        let offset = 0;
        let next = 0;
        const tell = (position: number, outcome: CellOutcome): boolean => {
          if (closed) return false;
          try {
            onOutcome(position, outcome);
            return true;
          } catch (error) {
            detach();
            reject(error as Error);
            return false;
          }
        };
        const attach = (fresh: Worker) => {
          worker = fresh;
          offset = next;
          worker.on('message', onMessage).on('error', onError).on('exit', onExit);
          worker.postMessage(batch.slice(offset));
        };
        const detach = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        const onMessage = ({ position, outcome }: { position: number; outcome: CellOutcome }) => {
          next = offset + position + 1;
          if (!tell(offset + position, outcome)) return;
          if (next === batch.length) {
            detach();
            idle.push(worker);
            resolve();
          }
        };
        const lost = (error: string) => {
          detach();
          if (!tell(next++, { status: 'failed', error })) return;
          if (next < batch.length) attach(start());
          else resolve();
        };
        const onError = (error: Error) => {
          void worker.terminate();
          lost(`the worker thread stopped: ${error.name}: ${error.message}`);
        };
        const onExit = (code: number) => lost(`the worker thread exited with code ${code}`);
        attach(idle.pop() ?? start());
      });
    },
    async close() {
      closed = true;
      await Promise.all([...all].map((worker) => worker.terminate()));
      idle.length = 0;
    },
  };
}

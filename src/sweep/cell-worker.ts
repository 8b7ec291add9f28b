/**
 * The worker thread of a sweep: lives as long as the sweep, runs each batch
 * of cells the main thread posts, in its order, and posts each cell's
 * outcome, by its position in the batch, as the cell ends (see
 * cell-pool.ts). Runs from the compiled code (dist/), as Node starts a
 * worker from a JavaScript file.
 */
import { parentPort } from 'node:worker_threads';
import { CellRunner } from './cell-runner.js';
import type { CellInput } from './cell.js';

const runner = new CellRunner();
parentPort!.on('message', (batch: CellInput[]) => {
  void runner.runBatch(batch, (position, outcome) => parentPort!.postMessage({ position, outcome }));
});

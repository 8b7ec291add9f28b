/**
 * The worker thread of a sweep: runs the cells the main thread posts, one at
 * a time, and posts each outcome back (see cell-pool.ts). Runs from the
 * compiled code (dist/), as Node starts a worker from a JavaScript file.
 */
import { parentPort } from 'node:worker_threads';
import { CellRunner } from './cell-runner.js';
import type { CellInput } from './cell.js';

const runner = new CellRunner();
parentPort!.on('message', (input: CellInput) => {
  void runner.run(input).then((outcome) => parentPort!.postMessage({ id: input.id, outcome }));
});

import { describe, expect, it } from 'vitest';
import { inResolutionOrder, MAX_BATCH, nextBatchSize } from './cell-batch.js';
import { plainChoice } from '../sched/scheduler-choice.js';
import type { CellInput } from './cell.js';

const input = (document: unknown, seed: number): CellInput => ({
  id: `${JSON.stringify(document)}-${seed}`,
  document: { ok: true, value: document },
  scenarioPath: null,
  source: 'test',
  scheduler: plainChoice('fifo'),
  schedulerModules: [],
  schedulerProcesses: [],
  seed,
  alignHeartbeats: false,
});

describe('batches of cells', () => {
  it('are large while many cells are left and shrink to one cell at the end, so the threads end together', () => {
    expect(nextBatchSize(1000, 2)).toBe(MAX_BATCH);
    expect(nextBatchSize(54, 2)).toBe(13);
    expect(nextBatchSize(8, 2)).toBe(2);
    expect(nextBatchSize(3, 2)).toBe(1);
    expect(nextBatchSize(1, 8)).toBe(1);
  });

  it('run the cells of one document and seed one after another, each group where its first cell was', () => {
    // Table order: a document's schedulers, each over seeds 1 and 2; then another document.
    const cells = [input('a', 1), input('a', 2), input('a', 1), input('a', 2), input('b', 1)].map((cell, index) => ({ index, input: cell }));
    expect(inResolutionOrder(cells).map((cell) => cell.index)).toEqual([0, 2, 1, 3, 4]);
  });
});

/**
 * Batches of cells, each handed to one thread at once: how many cells the
 * next batch takes, and the order its cells run in. A batch is a run of
 * cells in table order, so its cells mostly share a scenario document;
 * those that also share a seed run one after another, and the thread
 * resolves their scenario once (see cell-runner.ts). A thread reports each
 * cell as it ends, so a batch delays no cell's record.
 */
import type { CellInput } from './cell.js';

/** Cells of one batch at most: a thread keeps its scenario of the moment, and an interrupted sweep loses at most the running cells. */
export const MAX_BATCH = 16;

/**
 * The size of the next batch when `remaining` cells are left for `lanes`
 * threads: large while many are left (one message for many cells), then
 * smaller, so the threads end together rather than one waiting on the
 * last long batch of another.
 */
export function nextBatchSize(remaining: number, lanes: number): number {
  return Math.max(1, Math.min(MAX_BATCH, Math.floor(remaining / (2 * lanes))));
}

/** Whose cells share a resolved scenario: the same document, source and seed. */
export function resolutionKey(input: CellInput): string {
  return JSON.stringify([input.source, input.scenarioPath, input.document, input.seed]);
}

/**
 * The batch's cells with those of one document and seed together (each
 * group where its first cell was), so a thread resolves each scenario once;
 * the order of the cells in the tables does not depend on it.
 */
export function inResolutionOrder<T extends { readonly input: CellInput }>(cells: readonly T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const cell of cells) {
    const key = resolutionKey(cell.input);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [cell]);
    else group.push(cell);
  }
  return [...groups.values()].flat();
}

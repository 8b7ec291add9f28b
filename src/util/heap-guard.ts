/**
 * Running out of memory as an error like any other. V8 ends a process whose
 * heap is full with a fatal error no code can catch; so the long loops
 * (resolving jobs, simulating, writing tasks.csv) look at the heap every few
 * thousand steps and stop with an `OutOfMemoryError` while there is still
 * room to report it: the CLI prints it, with the scenario's size and how to
 * give Node more memory, and exits 2. Typed arrays live outside the heap;
 * when one cannot be allocated, V8 throws a RangeError that the CLI reports
 * the same way (`isOutOfMemory`).
 */
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

/** Stop once the old generation holds this share of its limit (V8 collects well before: what is left is live). */
const STOP_AT = 0.85;
/** The young generation's share of V8's heap limit: three semi-spaces of 16 MB (`--max-semi-space-size`). */
const YOUNG_GENERATION = 48 * 2 ** 20;

export class OutOfMemoryError extends Error {
  override name = 'OutOfMemoryError';

  constructor(
    /** What was being done, and how far it had got. */
    readonly doing: string,
    /** The old generation's limit (`--max-old-space-size`), bytes. */
    readonly heapLimitBytes: number,
  ) {
    super(`out of memory while ${doing} (Node's heap holds ${(heapLimitBytes / 2 ** 20).toFixed(0)} MB)`);
  }
}

/** Throws an `OutOfMemoryError` if the heap is nearly full; `doing` says what the caller is doing. */
export function checkHeap(doing: () => string): void {
  const limit = getHeapStatistics().heap_size_limit - YOUNG_GENERATION;
  let old = 0;
  for (const space of getHeapSpaceStatistics()) if (!space.space_name.startsWith('new_')) old += space.space_used_size;
  if (old > STOP_AT * limit) throw new OutOfMemoryError(doing(), limit);
}

/** An OutOfMemoryError, or the RangeError V8 throws when it cannot allocate an array or a string that large. */
export function isOutOfMemory(error: unknown): boolean {
  if (error instanceof OutOfMemoryError) return true;
  return error instanceof RangeError && /Array buffer allocation failed|Invalid string length/.test(error.message);
}

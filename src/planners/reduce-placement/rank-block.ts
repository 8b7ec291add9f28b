/** What every placement rule shares: a job needs R free slots, and most rules give it a block of consecutive ranks. */

/** Throws when `reducers` outnumber the free slots (the caller should not have asked). */
export function requireFreeSlots(freeCount: number, reducers: number): void {
  if (freeCount < reducers) throw new RangeError(`${reducers} reducers cannot take ${freeCount} free slots`);
}

/** Ranks start, start + 1, …, start + count − 1. */
export function rankBlock(start: number, count: number): number[] {
  const ranks = new Array<number>(count);
  for (let k = 0; k < count; k++) ranks[k] = start + k;
  return ranks;
}

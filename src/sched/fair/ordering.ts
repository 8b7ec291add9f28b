/**
 * The order in which pools, and the jobs of a fair-mode pool, are offered a
 * free slot: Hadoop's `SchedulingAlgorithms.FairShareComparator`.
 *
 * - A schedulable is needy when it runs fewer tasks than min(minShare,
 *   demand). Needy ones come first, the one furthest below that minimum (as a
 *   ratio running / min(minShare, demand)) first.
 * - The others come by running / fairShare: the one furthest below its fair
 *   share first. A schedulable with no fair share (no demand at the last
 *   update) comes last.
 * - Ties: the larger weight, then the earlier start (a job's submit time, a
 *   pool's earliest active job), then the tie-break rank (a job's submission
 *   order, a pool's name order).
 *
 * Differs from Hadoop: Hadoop orders the non-needy by running / weight, which
 * gives the same order when no min share or demand cap bends the shares, but
 * otherwise can hold a pool away from the share computed for it (a pool whose
 * min share lifted its fair share above its weight's part is pushed back to
 * its weight's part as soon as it is no longer needy). Ordering by running /
 * fairShare offers the slot to the schedulable furthest below the share the
 * fair-share computation gave it. Hadoop breaks ties by start time then
 * name, with every pool's start time 0; we put weight first and give a pool
 * its earliest active job's submit time, so that an older workload goes
 * first among equals.
 */

/** What the order reads of a pool or job. */
export interface Ordered {
  readonly running: number;
  readonly minShare: number;
  readonly demand: number;
  readonly fairShare: number;
  readonly weight: number;
  readonly startTime: number;
  readonly tieBreak: number;
  /** `fairShareKey` of the fields above, kept up to date by the owner. */
  readonly key: number;
}

/**
 * The comparator's first criterion as one number: needy schedulables map
 * into [-1, 0) by running / min(minShare, demand) - 1, the others into
 * [0, Infinity] by running / fairShare.
 */
export function fairShareKey(running: number, minShare: number, demand: number, fairShare: number): number {
  const min = Math.min(minShare, demand);
  if (running < min) return running / Math.max(min, 1) - 1;
  return fairShare > 0 ? running / fairShare : Infinity;
}

/** Negative when `a` should be offered the slot before `b`. */
export function fairShareOrder(a: Ordered, b: Ordered): number {
  // Infinity - Infinity is NaN, which falls through to the tie-breaks like 0 does.
  return a.key - b.key || b.weight - a.weight || a.startTime - b.startTime || a.tieBreak - b.tieBreak;
}

/** Sorts in place; linear when the list is nearly sorted already (the usual case from one heartbeat to the next). */
export function sortByFairShare<T extends Ordered>(list: T[]): void {
  for (let i = 1; i < list.length; i++) {
    const item = list[i];
    if (fairShareOrder(list[i - 1], item) <= 0) continue;
    let k = i - 1;
    while (k >= 0 && fairShareOrder(list[k], item) > 0) {
      list[k + 1] = list[k];
      k--;
    }
    list[k + 1] = item;
  }
}

/** Moves `list[i]`, whose key has just grown, to its place further down the sorted list. */
export function moveLater<T extends Ordered>(list: T[], i: number): void {
  const item = list[i];
  let k = i;
  while (k + 1 < list.length && fairShareOrder(item, list[k + 1]) > 0) {
    list[k] = list[k + 1];
    k++;
  }
  list[k] = item;
}

/** Moves `list[i]`, whose key has just dropped, to its place further up the sorted list. */
export function moveEarlier<T extends Ordered>(list: T[], i: number): void {
  const item = list[i];
  let k = i;
  while (k > 0 && fairShareOrder(list[k - 1], item) > 0) {
    list[k] = list[k - 1];
    k--;
  }
  list[k] = item;
}

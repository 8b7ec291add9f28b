/**
 * Which queue is offered a free slot: Hadoop's `QueueComparator` order, the
 * queue with the smallest `occupied / capacity` of that kind of slot first
 * (most under-served), a queue guaranteed no slot counting as exactly full.
 * Queues at their ceiling, queues with nothing of that kind to run, and
 * queues already offered this slot are passed over.
 *
 * Differs from Hadoop: equal ratios go to the queue whose name sorts first;
 * Hadoop's sort is stable over the previous order, which started as a hash
 * map's. Instead of sorting every time, the scheduler asks for the next queue
 * until one takes the slot: the same order, with no allocation.
 */
import type { QueueState, SlotKind } from './queue-state.js';

/**
 * The queue that comes first for a slot of `kind` among those not yet tried
 * (`tried[queue.index] === stamp` marks a tried one), or null.
 */
export function mostUnderserved(
  queues: readonly QueueState[],
  kind: SlotKind,
  tried: Float64Array,
  stamp: number,
): QueueState | null {
  let best: QueueState | null = null;
  let bestRatio = Infinity;
  for (const queue of queues) {
    if (tried[queue.index] === stamp || queue.candidates[kind] === 0 || queue.atMaxCapacity(kind)) continue;
    const ratio = queue.fillRatio(kind);
    if (best === null || ratio < bestRatio || (ratio === bestRatio && queue.rank < best.rank)) {
      best = queue;
      bestRatio = ratio;
    }
  }
  return best;
}

/**
 * The engine's event queue, ordered by (time, type, sequence). An event's
 * type is also its priority at equal times (lower first); the sequence number
 * is the insertion order, so events at the same time and of the same type
 * come out in the order they were scheduled, the same way on every run. A
 * `MinHeap` keyed by time with type and sequence packed into its tie: no
 * object per event, and no two events equal.
 */
import { MinHeap } from '../model/min-heap.js';

/** Sequence numbers fit below 2^40, types below 2^8, so their packed tie stays an exact double. */
const SEQUENCE_SPAN = 2 ** 40;

export class EventQueue {
  private readonly heap = new MinHeap(1024);
  private sequence = 0;

  get size(): number {
    return this.heap.size;
  }

  /** Schedule an event of `type` (0–255, lower first at equal times) with an integer argument at `time`. */
  push(time: number, type: number, arg: number): void {
    this.heap.push(time, type * SEQUENCE_SPAN + this.sequence++, arg);
  }

  /** Time of the next event; the queue must not be empty. */
  peekTime(): number {
    return this.heap.peekKey();
  }

  /** Type and argument of the next event. */
  peekType(): number {
    // The quotient is below 2^8: truncating to an int32 gives the type as a small integer (faster than Math.floor).
    return (this.heap.peekTie() / SEQUENCE_SPAN) | 0;
  }

  peekArg(): number {
    return this.heap.peekValue();
  }

  /** Drop the next event. */
  pop(): void {
    this.heap.pop();
  }
}

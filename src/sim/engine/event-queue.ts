/**
 * The engine's event queue, ordered by (time, type, sequence). An event's
 * type is also its priority at equal times (lower first); the sequence number
 * is the insertion order, so events at the same time and of the same type
 * come out in the order they were scheduled, the same way on every run. A
 * `MinHeap` keyed by time with type and sequence packed into its tie: no
 * object per event, and no two events equal.
 *
 * Most of a busy run's events are periodic heartbeats, each pushed one
 * interval after the one being handled, so later than every heartbeat pushed
 * before it. Events of the queue's `laneType` that come in that order go to
 * a first-in-first-out lane instead of the heap (a push and a pop in constant
 * time, where the heap takes a sift through all the cluster's events); the
 * others go to the heap, and the next event is the earlier of the two heads.
 * The order that comes out is the same either way.
 */
import { MinHeap } from '../../util/min-heap.js';

/** Sequence numbers fit below 2^40, types below 2^8, so their packed tie stays an exact double. */
const SEQUENCE_SPAN = 2 ** 40;

export class EventQueue {
  private readonly heap = new MinHeap(1024);
  private readonly lane = new Lane(1024);
  private sequence = 0;
  /** The next event is the lane's head (else the heap's). */
  private laneFirst = false;

  /** `laneType`: the type whose in-order pushes take the lane (none if absent). */
  constructor(private readonly laneType = -1) {}

  get size(): number {
    return this.heap.size + this.lane.size;
  }

  /** Schedule an event of `type` (0–255, lower first at equal times) with an integer argument at `time`. */
  push(time: number, type: number, arg: number): void {
    const tie = type * SEQUENCE_SPAN + this.sequence++;
    // Same type and a later sequence: a time no earlier than the lane's last keeps the lane in order.
    if (type === this.laneType && (this.lane.size === 0 || time >= this.lane.lastKey())) this.lane.push(time, tie, arg);
    else this.heap.push(time, tie, arg);
    this.pickFirst();
  }

  /** Time of the next event; the queue must not be empty. */
  peekTime(): number {
    return this.laneFirst ? this.lane.firstKey() : this.heap.peekKey();
  }

  /** Type and argument of the next event. */
  peekType(): number {
    // The quotient is below 2^8: truncating to an int32 gives the type as a small integer (faster than Math.floor).
    return ((this.laneFirst ? this.lane.firstTie() : this.heap.peekTie()) / SEQUENCE_SPAN) | 0;
  }

  peekArg(): number {
    return this.laneFirst ? this.lane.firstValue() : this.heap.peekValue();
  }

  /** Drop the next event. */
  pop(): void {
    if (this.laneFirst) this.lane.shift();
    else this.heap.pop();
    this.pickFirst();
  }

  private pickFirst(): void {
    const { lane, heap } = this;
    if (lane.size === 0) this.laneFirst = false;
    else if (heap.size === 0) this.laneFirst = true;
    else {
      const laneKey = lane.firstKey();
      const heapKey = heap.peekKey();
      this.laneFirst = laneKey < heapKey || (laneKey === heapKey && lane.firstTie() < heap.peekTie());
    }
  }
}

/** A first-in-first-out queue of (key, tie, value) entries in a ring of typed arrays that doubles when full. */
class Lane {
  private keys: Float64Array;
  private ties: Float64Array;
  private values: Int32Array;
  private head = 0;
  private length = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.ties = new Float64Array(capacity);
    this.values = new Int32Array(capacity);
  }

  get size(): number {
    return this.length;
  }

  firstKey(): number {
    return this.keys[this.head];
  }

  firstTie(): number {
    return this.ties[this.head];
  }

  firstValue(): number {
    return this.values[this.head];
  }

  /** Key of the last entry; the lane must not be empty. */
  lastKey(): number {
    return this.keys[(this.head + this.length - 1) % this.keys.length];
  }

  push(key: number, tie: number, value: number): void {
    if (this.length === this.keys.length) this.grow();
    const at = (this.head + this.length++) % this.keys.length;
    this.keys[at] = key;
    this.ties[at] = tie;
    this.values[at] = value;
  }

  /** Drops the first entry; the lane must not be empty. */
  shift(): void {
    this.head = this.head + 1 === this.keys.length ? 0 : this.head + 1;
    this.length--;
  }

  /** Twice the room, the entries unrolled from the head to the front. */
  private grow(): void {
    const size = 2 * this.keys.length;
    const order = (from: Float64Array | Int32Array, to: Float64Array | Int32Array): void => {
      to.set(from.subarray(this.head));
      to.set(from.subarray(0, this.head), from.length - this.head);
    };
    const keys = new Float64Array(size);
    const ties = new Float64Array(size);
    const values = new Int32Array(size);
    order(this.keys, keys);
    order(this.ties, ties);
    order(this.values, values);
    this.keys = keys;
    this.ties = ties;
    this.values = values;
    this.head = 0;
  }
}

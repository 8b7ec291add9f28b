/**
 * The event loop: a virtual clock and a queue of events, each an integer
 * type and an integer argument, handled in (time, type, sequence) order by
 * the handler registered for its type. It knows nothing of clusters: the
 * runtime registers what each type means and decides, event by event,
 * whether to handle the next one, skip it, or stop (SimPy's `peek` and
 * `step`).
 *
 * Time never runs backwards (an event scheduled before now is a bug of the
 * caller) nor past `latest`, where the caller says what to do (the runtime
 * refuses the scenario: durations past the model's range would be lost to
 * rounding).
 */
import { EventQueue } from './event-queue.js';

export type EventHandler = (arg: number) => void;

export class EventLoop {
  /** Virtual time, seconds: that of the event being handled, or of the last one handled. */
  now = 0;
  /** Events handled so far. */
  handled = 0;
  private readonly queue: EventQueue;
  private readonly handlers: EventHandler[];
  private readonly queuedOfType: Int32Array;

  /**
   * `types`: event types are 0 … types − 1, lower first at equal times.
   * `laneType`: the type whose events are mostly scheduled in time order
   * (periodic ones), kept in a first-in-first-out lane (`EventQueue`).
   */
  constructor(
    types: number,
    laneType: number,
    private readonly latest: number,
    private readonly tooLate: (time: number) => never,
  ) {
    this.queue = new EventQueue(laneType);
    this.handlers = new Array<EventHandler>(types).fill(() => {
      throw new Error('internal: an event of a type with no handler');
    });
    this.queuedOfType = new Int32Array(types);
  }

  /** What an event of `type` does when it is handled. */
  on(type: number, handler: EventHandler): void {
    this.handlers[type] = handler;
  }

  schedule(time: number, type: number, arg: number): void {
    if (!(time >= this.now)) throw new Error(`internal: event at ${time} scheduled in the past (now ${this.now})`);
    if (time > this.latest) this.tooLate(time);
    this.queuedOfType[type]++;
    this.queue.push(time, type, arg);
  }

  /** Events waiting. */
  get size(): number {
    return this.queue.size;
  }

  /** Events of `type` waiting. */
  queued(type: number): number {
    return this.queuedOfType[type];
  }

  /** Time of the next event; there must be one. */
  peekTime(): number {
    return this.queue.peekTime();
  }

  /** Type of the next event. */
  peekType(): number {
    return this.queue.peekType();
  }

  /** Handles the next event: the clock moves to its time and its type's handler runs. */
  step(): void {
    const queue = this.queue;
    const time = queue.peekTime();
    const type = queue.peekType();
    const arg = queue.peekArg();
    queue.pop();
    this.queuedOfType[type]--;
    this.now = time;
    this.handled++;
    this.handlers[type](arg);
  }

  /** Drops the next event unhandled: the clock stays where it is. */
  skip(): void {
    this.queuedOfType[this.queue.peekType()]--;
    this.queue.pop();
  }

  /** The run ends at the next event: the clock moves to its time, which counts as handled, but its handler does not run. */
  haltAtNext(): void {
    this.now = this.queue.peekTime();
    this.handled++;
  }
}

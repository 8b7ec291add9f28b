/**
 * The event loop: a virtual clock and a queue of events, each an integer
 * type and an integer argument, handled in (time, type, sequence) order by
 * the handler registered for its type. It knows nothing of clusters: the
 * runtime registers what each type means and decides, event by event,
 * whether to handle the next one, drop it, or stop (SimPy's `peek` and
 * `step`, as `take` and `handle`).
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

  /** The event taken off the queue by `take`: its time, type and argument. */
  takenTime = 0;
  takenType = 0;
  private takenArg = 0;

  /**
   * Takes the next event off the queue (there must be one) without handling
   * it: the clock stays where it is until `handle`. Returns its type.
   */
  take(): number {
    const queue = this.queue;
    this.takenTime = queue.peekTime();
    const type = (this.takenType = queue.peekType());
    this.takenArg = queue.peekArg();
    queue.pop();
    this.queuedOfType[type]--;
    return type;
  }

  /** Handles the event taken: the clock moves to its time and its type's handler runs. */
  handle(): void {
    this.now = this.takenTime;
    this.handled++;
    this.handlers[this.takenType](this.takenArg);
  }

  /** The run ends at the event taken: the clock moves to its time, which counts as handled, but its handler does not run. */
  halt(): void {
    this.now = this.takenTime;
    this.handled++;
  }
}

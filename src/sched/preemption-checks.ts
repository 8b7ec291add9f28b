/**
 * When a scheduler checks for preemption (the Fair Schedulers, YARN's
 * Capacity Scheduler): at wakes every `preemptionInterval` from time 0,
 * asked for while jobs are active, so that a run with nothing left to do
 * has no wake pending.
 */
import type { Decisions } from './types.js';

export class PreemptionChecks {
  /** Time of the next check, or NaN while none is asked for. */
  private next = NaN;

  constructor(private readonly interval: number) {}

  /** A job has arrived: a check is asked for if none is. */
  jobArrived(now: number, decisions: Decisions): void {
    if (Number.isNaN(this.next)) this.ask(now, decisions);
  }

  /** Whether a wake at `now` is a check's (other parts may ask for wakes). */
  due(now: number): boolean {
    return now >= this.next;
  }

  /** The check has run: the next is asked for while jobs are active. */
  done(now: number, decisions: Decisions, jobsActive: boolean): void {
    this.next = NaN;
    if (jobsActive) this.ask(now, decisions);
  }

  /** The next check at the first multiple of the interval after now. */
  private ask(now: number, decisions: Decisions): void {
    this.next = (Math.floor(now / this.interval) + 1) * this.interval;
    decisions.wakeAt(this.next);
  }
}

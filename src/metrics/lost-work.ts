/**
 * Lost work: slot-seconds of attempts whose work did not count, those that
 * failed (their node failed) or were killed (preempted, their job failed, or
 * a map whose finished output a node failure lost, which runs again). Their
 * start to their end, as recorded; an attempt still running when the run
 * stopped is not counted.
 */
import { STATUS_FAILED, STATUS_KILLED, type AttemptTable } from '../model/index.js';

export interface LostWorkMetrics {
  /** Seconds; 0 when every attempt that ended succeeded. */
  readonly lostWork: number;
}

export function lostWorkMetrics(attempts: AttemptTable): LostWorkMetrics {
  let lost = 0;
  for (let i = 0; i < attempts.count; i++) {
    const status = attempts.status[i];
    const ran = attempts.end[i] - attempts.start[i];
    // NaN: no end recorded, so it was still running.
    if ((status === STATUS_FAILED || status === STATUS_KILLED) && !Number.isNaN(ran)) lost += ran;
  }
  return { lostWork: lost };
}

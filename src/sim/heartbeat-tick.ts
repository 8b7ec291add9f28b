/**
 * A node's next periodic heartbeat: the first of last + k × interval, k ≥ 1,
 * at or after `now`. A tick within a billionth of an interval of `now` counts
 * as falling at `now` (and is returned as `now`, never a hair before it), so
 * rounding in (now − last) / interval neither pushes a heartbeat that is due
 * now a whole interval later nor schedules it in the past.
 */
export function nextTick(last: number, now: number, interval: number): number {
  const periods = Math.max(1, Math.ceil((now - last) / interval - 1e-9));
  return Math.max(now, last + periods * interval);
}

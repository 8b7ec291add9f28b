/**
 * The most intervals open at once: how many slots a host must have had for
 * the attempts a trace records on it to run when they did. Intervals are
 * half-open, [start, end): an attempt ending at t frees its slot for one
 * starting at t, as a slot freed at a heartbeat is handed out at that
 * heartbeat. A lower bound of the host's slots (it may never have been full).
 */
export function peakConcurrency(starts: readonly number[], ends: readonly number[]): number {
  const sortedStarts = [...starts].sort((a, b) => a - b);
  const sortedEnds = [...ends].sort((a, b) => a - b);
  let open = 0;
  let peak = 0;
  let e = 0;
  for (const start of sortedStarts) {
    while (e < sortedEnds.length && sortedEnds[e] <= start) {
      e++;
      open--;
    }
    open++;
    if (open > peak) peak = open;
  }
  return peak;
}

/** Timing for the benchmarks: the median of several runs, after a warm-up. */
import { performance } from 'node:perf_hooks';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median seconds of `runs` calls after one warm-up; the last result is kept so it is not optimised away. */
export function medianTime<T>(runs: number, call: () => T): { seconds: number; result: T } {
  let result = call();
  const seconds: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    result = call();
    seconds.push((performance.now() - start) / 1000);
  }
  return { seconds: median(seconds), result };
}

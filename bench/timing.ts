/** Timing helpers the benchmarks share. */
import { performance } from 'node:perf_hooks';

/** Runs a timed figure is the median of (the performance issue: at least seven). */
export const MEDIAN_RUNS = 7;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median seconds of `runs` calls after one warm-up (unless `warmUp` is false); the last result is kept so it is not optimised away. */
export function timeMedian<T>(runs: number, call: () => T, warmUp = true): { seconds: number; result: T } {
  let result = warmUp ? call() : undefined;
  const seconds: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    result = call();
    seconds.push((performance.now() - start) / 1000);
  }
  return { seconds: median(seconds), result: result as T };
}

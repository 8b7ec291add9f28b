/**
 * The benchmark jobs of the DMRS experiments (Aggarwal, Xu, Lan and
 * Subramaniam, "Scheduling dependent map and reduce tasks on heterogeneous
 * machines", arXiv:1711.09964): WordCount (CPU-bound, 1 reduce), Sort
 * (I/O-bound, 4 reduces) and TeraSort (CPU-bound map, I/O-bound reduce, 4
 * reduces), and the job sizes of its experiments E1–E4.
 *
 * The reduce counts, the job sizes and task sizes are the paper's. Compute
 * times per MB and map output ratios are not given and are assumptions,
 * chosen to give each benchmark the character the paper names: a WordCount
 * map computes a lot and emits little (its combiner sums counts), a Sort map
 * does almost nothing and emits its input, a TeraSort map samples and
 * partitions (more work than Sort's) and emits its input, which its reduces
 * merge. TeraSort's rates match examples/dmrs-terasort.yaml (about 30 s per
 * 64 MB map, about 120 s per 512 MB reduce).
 */

export const DMRS_BENCHMARKS = ['wordcount', 'sort', 'terasort'] as const;
export type DmrsBenchmark = (typeof DMRS_BENCHMARKS)[number];

export interface DmrsBenchmarkShape {
  /** Map compute, seconds at speed 1 per MiB of map input. */
  readonly mapSecondsPerMB: number;
  /** Map output bytes per input byte. */
  readonly mapOutputRatio: number;
  readonly reduces: number;
  /** Reduce compute, seconds at speed 1 per MiB of the reduce's shuffle input. */
  readonly reduceSecondsPerMB: number;
}

export const DMRS_BENCHMARK_SHAPES: Readonly<Record<DmrsBenchmark, DmrsBenchmarkShape>> = {
  wordcount: { mapSecondsPerMB: 0.5, mapOutputRatio: 0.25, reduces: 1, reduceSecondsPerMB: 0.2 },
  sort: { mapSecondsPerMB: 0.1, mapOutputRatio: 1, reduces: 4, reduceSecondsPerMB: 0.2 },
  terasort: { mapSecondsPerMB: 0.47, mapOutputRatio: 1, reduces: 4, reduceSecondsPerMB: 0.23 },
};

const MB = 2 ** 20;

/** A class of jobs in an experiment: how many, their input and their task (block) size. */
export interface DmrsJobClass {
  readonly name: string;
  readonly count: number;
  readonly inputBytes: number;
  readonly blockSize: number;
}

export const DMRS_EXPERIMENTS = ['E1', 'E2', 'E3', 'E4'] as const;
export type DmrsExperiment = (typeof DMRS_EXPERIMENTS)[number];

const small = (count: number): DmrsJobClass => ({ name: 'small', count, inputBytes: 512 * MB, blockSize: 32 * MB });
const medium = (count: number): DmrsJobClass => ({ name: 'medium', count, inputBytes: 1024 * MB, blockSize: 64 * MB });
const large = (count: number): DmrsJobClass => ({ name: 'large', count, inputBytes: 2048 * MB, blockSize: 128 * MB });

/**
 * The job classes of each experiment: E1 20 × 1 GB in 64 MB tasks; E2 12 ×
 * 1 GB/64 MB, 4 × 0.5 GB/32 MB, 4 × 2 GB/128 MB; E3 6 of each of those; E4 18
 * TeraSort jobs in 64 MB tasks, `elephants` of 2 GB and the rest mice of 0.5 GB.
 */
export function dmrsJobClasses(experiment: DmrsExperiment, elephants: number): DmrsJobClass[] {
  switch (experiment) {
    case 'E1':
      return [medium(20)];
    case 'E2':
      return [medium(12), small(4), large(4)];
    case 'E3':
      return [small(6), medium(6), large(6)];
    case 'E4':
      return [
        { name: 'elephant', count: elephants, inputBytes: 2048 * MB, blockSize: 64 * MB },
        { name: 'mouse', count: 18 - elephants, inputBytes: 512 * MB, blockSize: 64 * MB },
      ].filter((c) => c.count > 0);
  }
}

/**
 * The four Gridmix Loadgen job types of Rasooli and Down's experiments ("An
 * adaptive scheduling algorithm for dynamic heterogeneous Hadoop systems",
 * CASCON 2011; COSHH, FGCS 2014): small (1 map, 1 reduce), I/O-heavy (10
 * maps, 1 reduce), CPU-heavy (1 map, 10 reduces) and large (10 maps, 10
 * reduces), with 64 MB blocks and one map per block.
 *
 * The map and reduce counts are the paper's. Loadgen keeps a percentage of
 * its input at each stage (keepMap, here `mapOutputRatio`); those
 * percentages, the task times and the input sizes are not in the surviving
 * text and are assumptions (the same as examples/rasooli-down-exp1.yaml's).
 * keepReduce (the share of the reduce input written out) is not simulated:
 * the model has no output writes.
 */
export const LOADGEN_JOB_TYPES = ['small', 'io-heavy', 'cpu-heavy', 'large'] as const;
export type LoadgenJobType = (typeof LOADGEN_JOB_TYPES)[number];

/** A job type's shape in scenario-file form; task times uniform, seconds at speed 1. */
export interface JobTypeShape {
  readonly inputBytes: number;
  readonly mapTime: Uniform;
  readonly mapOutputRatio: number;
  readonly reduces: number;
  readonly reduceTime: Uniform;
}

interface Uniform {
  readonly dist: 'uniform';
  readonly min: number;
  readonly max: number;
}

const MB = 2 ** 20;

/** Each type's shape: input, map time (s at speed 1), keepMap, reduces and reduce time. */
export const LOADGEN_PROFILES: Readonly<Record<LoadgenJobType, JobTypeShape>> = {
  small: {
    inputBytes: 64 * MB,
    mapTime: { dist: 'uniform', min: 5, max: 15 },
    mapOutputRatio: 0.5,
    reduces: 1,
    reduceTime: { dist: 'uniform', min: 5, max: 15 },
  },
  'io-heavy': {
    inputBytes: 640 * MB,
    mapTime: { dist: 'uniform', min: 4, max: 8 },
    mapOutputRatio: 1,
    reduces: 1,
    reduceTime: { dist: 'uniform', min: 20, max: 40 },
  },
  'cpu-heavy': {
    inputBytes: 64 * MB,
    mapTime: { dist: 'uniform', min: 40, max: 80 },
    mapOutputRatio: 0.1,
    reduces: 10,
    reduceTime: { dist: 'uniform', min: 40, max: 80 },
  },
  large: {
    inputBytes: 640 * MB,
    mapTime: { dist: 'uniform', min: 20, max: 40 },
    mapOutputRatio: 1,
    reduces: 10,
    reduceTime: { dist: 'uniform', min: 30, max: 60 },
  },
};

/** Mean compute work of one job, slot-seconds at speed 1, by stage (reads and shuffle not counted). */
export function meanWork(shape: JobTypeShape, blockSize: number): { readonly map: number; readonly reduce: number } {
  const mean = (u: Uniform) => (u.min + u.max) / 2;
  return { map: Math.ceil(shape.inputBytes / blockSize) * mean(shape.mapTime), reduce: shape.reduces * mean(shape.reduceTime) };
}

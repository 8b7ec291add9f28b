/**
 * mrsched as a library: load a scenario, simulate it under a scheduler,
 * compare schedulers, compute metrics, write reports, run sweeps
 * (`readSweepSpec`, `runSweep`), or plug in a scheduler of your own (see
 * `src/sched/types.ts`).
 */
export * from './util/index.js';
export * from './model/index.js';
export * from './input/index.js';
export * from './sim/index.js';
export * from './sched/index.js';
export * from './metrics/index.js';
export * from './experiment/index.js';
export * from './report/index.js';
export * from './workloads/index.js';
export * from './planners/makespan/index.js';
export * from './solvers/index.js';
export * from './planners/hta/index.js';
export * from './planners/reduce-placement/index.js';
export * from './planners/adaptive/index.js';
export * from './planners/dmrs/index.js';
export * from './plugins/index.js';
export * from './sweep/index.js';
export * from './reproduce/index.js';

/** HiGHS for the benchmarks, its solves counted and timed: to show what share of a run the LPs take. */
import { performance } from 'node:perf_hooks';
import type { LinearSolver } from '../src/solvers/linear-program.js';

export interface TimedSolver extends LinearSolver {
  /** Solves so far, and the seconds spent in them. */
  readonly solves: number;
  readonly seconds: number;
}

export function timedSolver(solver: LinearSolver): TimedSolver {
  let solves = 0;
  let seconds = 0;
  return {
    get solves() {
      return solves;
    },
    get seconds() {
      return seconds;
    },
    solve(model, options) {
      const start = performance.now();
      const result = solver.solve(model, options);
      seconds += (performance.now() - start) / 1000;
      solves++;
      return result;
    },
  };
}

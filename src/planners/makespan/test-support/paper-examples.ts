/** Seed 000's worked examples (spec 1.6) as makespan problems. */
import type { MakespanJob, MakespanProblem } from '../problem.js';

/** Table I: five jobs on 30 × 30 slots. */
export const FIVE_JOBS: MakespanProblem = {
  cluster: { mapSlots: 30, reduceSlots: 30 },
  jobs: [
    { id: 'J1', mapSlots: 30, reduceSlots: 30, mapDuration: 4, reduceDuration: 5 },
    { id: 'J2', mapSlots: 30, reduceSlots: 30, mapDuration: 1, reduceDuration: 4 },
    { id: 'J3', mapSlots: 20, reduceSlots: 20, mapDuration: 30, reduceDuration: 4 },
    { id: 'J4', mapSlots: 20, reduceSlots: 20, mapDuration: 6, reduceDuration: 30 },
    { id: 'J5', mapSlots: 30, reduceSlots: 30, mapDuration: 2, reduceDuration: 3 },
  ],
};

/** J1: map 9 on 10 slots, reduce 10 on 1; J2: map 11 on 8 slots, reduce 15 on 1. */
const TWO_JOBS_JOBS: readonly MakespanJob[] = [
  { id: 'J1', mapSlots: 10, reduceSlots: 1, mapDuration: 9, reduceDuration: 10 },
  { id: 'J2', mapSlots: 8, reduceSlots: 1, mapDuration: 11, reduceDuration: 15 },
];

/** Five nodes of 2 map + 2 reduce slots. */
export const TWO_JOBS: MakespanProblem = { cluster: { mapSlots: 10, reduceSlots: 10, nodes: 5 }, jobs: TWO_JOBS_JOBS };

/** The same after one node failed. */
export const TWO_JOBS_NODE_FAILED: MakespanProblem = { cluster: { mapSlots: 8, reduceSlots: 8, nodes: 4 }, jobs: TWO_JOBS_JOBS };

/** The two jobs given task by task: J1 10 maps of 9 and 1 reduce of 10; J2 8 maps of 11 and 1 reduce of 15. */
export function twoJobsByTask(cluster: MakespanProblem['cluster']): MakespanProblem {
  return {
    cluster,
    jobs: [
      { id: 'J1', mapSlots: 10, reduceSlots: 1, mapTasks: new Array(10).fill(9), reduceTasks: [10] },
      { id: 'J2', mapSlots: 8, reduceSlots: 1, mapTasks: new Array(8).fill(11), reduceTasks: [15] },
    ],
  };
}

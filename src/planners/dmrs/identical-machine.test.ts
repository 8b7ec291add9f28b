import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearSolver, type LinearSolver } from '../../solvers/linear-program.js';
import { planIdenticalMachine } from './identical-machine.js';
import { scheduleProblems } from './schedule-check.js';
import { byMachine } from './test-support/schedule-text.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

let solver: LinearSolver;
beforeAll(async () => {
  solver = await loadLinearSolver();
});

describe('the identical-machine baseline', () => {
  it('identical: planned at speed 1.5 on both machines, run at 2 and 1: 30.5', () => {
    // The LP at equal speeds orders J3, J2, J1. Planned (ends at speed 1.5; ties to m1):
    // J3 map → m1, reduce → m1 (tie); J2 map 6 → m2 (4 < 5.33), map 2 → m1; reduces → m1 (tie), m2;
    // J1 map 4 → m1 (tie at 8), map 4 → m2, map 2 → m1 (tie), reduce → m1 (tie).
    // Run at real speeds in that order: m1: J3m [0, 0.5], J3r [0.5, 1], J2m1 [1, 2], J2r0 waits for
    // J2's map 6 on m2 [0, 6]: [6, 7]; m2: J2r1 [6, 8]; C2 = 8. m1: J1m0 [7, 9], J1m2 [9, 10];
    // m2: J1m1 [8, 12]; J1r0 on m1 [12, 13.5]. Σ w C = 13.5 + 2·8 + 1 = 30.5.
    const { order, schedule } = planIdenticalMachine(solver, WORKED_INSTANCE);
    expect([...order]).toEqual([2, 1, 0]);
    expect(byMachine(WORKED_INSTANCE, schedule)).toEqual({
      m1: ['J3m0 [0, 0.5]', 'J3r0 [0.5, 1]', 'J2m1 [1, 2]', 'J2r0 [6, 7]', 'J1m0 [7, 9]', 'J1m2 [9, 10]', 'J1r0 [12, 13.5]'],
      m2: ['J2m0 [0, 6]', 'J2r1 [6, 8]', 'J1m1 [8, 12]'],
    });
    expect(schedule.objective).toBe(30.5);
    expect(scheduleProblems(WORKED_INSTANCE, schedule)).toEqual([]);
  });
});

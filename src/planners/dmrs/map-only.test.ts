import { beforeAll, describe, expect, it } from 'vitest';
import { loadLinearSolver, type LinearSolver } from '../../solvers/linear-program.js';
import { planMapOnly } from './map-only.js';
import { scheduleProblems } from './schedule-check.js';
import { byMachine } from './test-support/schedule-text.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

let solver: LinearSolver;
beforeAll(async () => {
  solver = await loadLinearSolver();
});

describe('the map-only baseline', () => {
  it('map-only: the LP of the maps orders J3, J2, J1; maps as DMRS, reduces dealt m1, m2, m1, m2: 25', () => {
    // Map-only bounds (7): J1 10/3, J2 3, J3 1/2; the LP orders J3, J2, J1.
    // J3 map → m1 [0, 0.5]; reduce #0 → m1 [0.5, 1]. J2 map 6 → m1 [1, 4], map 2 → m2 [0, 2];
    // reduce #1 → m2 [4, 6], #2 → m1 [4, 5]; C2 = 6. J1 maps: 4 → m1 [5, 7] (7 < 10), 4 → m1 [7, 9]
    // (9 < 10), 2 → m2 [6, 8]; reduce #3 → m2 [9, 12]. Σ w C = 12 + 2·6 + 1 = 25.
    const { order, schedule } = planMapOnly(solver, WORKED_INSTANCE);
    expect([...order]).toEqual([2, 1, 0]);
    expect(byMachine(WORKED_INSTANCE, schedule)).toEqual({
      m1: ['J3m0 [0, 0.5]', 'J3r0 [0.5, 1]', 'J2m0 [1, 4]', 'J2r1 [4, 5]', 'J1m0 [5, 7]', 'J1m1 [7, 9]'],
      m2: ['J2m1 [0, 2]', 'J2r0 [4, 6]', 'J1m2 [6, 8]', 'J1r0 [9, 12]'],
    });
    expect(schedule.objective).toBe(25);
    expect(scheduleProblems(WORKED_INSTANCE, schedule)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DmrsInstance } from './dmrs-instance.js';
import { planFifo } from './fifo.js';
import { scheduleProblems } from './schedule-check.js';
import { byMachine } from './test-support/schedule-text.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

describe('the fifo baseline', () => {
  it('fifo: release order J1, J2, J3, the first free machine, reduces launched once the maps are: 41.5', () => {
    // Clocks (m1, m2) = (0, 0); ties to m1.
    // m1@0 J1 map 4 [0, 2]; m2@0 J1 map 4 [0, 4]; m1@2 J1 map 2 [2, 3]   (J1's maps all launched: C^M = 4)
    // m1@3 J1 reduce 3: launched at 3, holds m1 until 4, runs [4, 5.5]; C1 = 5.5
    // m2@4 J2 map 6 [4, 10]; m1@5.5 J2 map 2 [5.5, 6.5]                   (C^M = 10)
    // m1@6.5 J2 reduce [10, 11]; m2@10 J2 reduce [10, 12];                  C2 = 12
    // m1@11 J3 map [11, 11.5]; m1@11.5 J3 reduce [11.5, 12];                C3 = 12
    // Σ w C = 5.5 + 2·12 + 12 = 41.5.
    const { order, schedule } = planFifo(WORKED_INSTANCE);
    expect([...order]).toEqual([0, 1, 2]);
    expect(byMachine(WORKED_INSTANCE, schedule)).toEqual({
      m1: ['J1m0 [0, 2]', 'J1m2 [2, 3]', 'J1r0 [4, 5.5]', 'J2m1 [5.5, 6.5]', 'J2r0 [10, 11]', 'J3m0 [11, 11.5]', 'J3r0 [11.5, 12]'],
      m2: ['J1m1 [0, 4]', 'J2m0 [4, 10]', 'J2r1 [10, 12]'],
    });
    expect(schedule.objective).toBe(41.5);
    expect(scheduleProblems(WORKED_INSTANCE, schedule)).toEqual([]);
  });
  it('fifo waits for a release when nothing is released yet', () => {
    const instance: DmrsInstance = { machines: [{ id: 'a', speed: 1 }], jobs: [{ id: 'late', weight: 1, release: 7, maps: [2], reduces: [1] }] };
    const { schedule } = planFifo(instance);
    expect(schedule.tasks.map((t) => [t.start, t.end])).toEqual([
      [7, 9],
      [9, 10],
    ]);
  });
});

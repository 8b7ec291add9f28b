import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DmrsInstance } from './dmrs-instance.js';
import { ListScheduler, listSchedule } from './list-schedule.js';
import { scheduleProblems } from './schedule-check.js';
import { smallInstances } from './test-support/small-instances.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

/** Tasks as `job kind task @machine [start, end]`, in the order placed. */
function runs(instance: DmrsInstance, schedule: ReturnType<typeof listSchedule>): string[] {
  return schedule.tasks.map((t) => `${instance.jobs[t.job].id} ${t.kind} ${t.task} @${instance.machines[t.machine].id} [${t.start}, ${t.end}]`);
}

describe('the DMRS list schedule (Algorithm 1, read per job)', () => {
  it('places the worked instance in the order J3, J2, J1 as computed by hand: objective 22.5', () => {
    // Speeds m1 = 2, m2 = 1; free = (0, 0). Each task to the machine where it ends first, ties to m1.
    // J3 map 1:    m1 0 + 0.5 = 0.5, m2 0 + 1 = 1            → m1 [0, 0.5];  C^M = 0.5
    // J3 reduce 1: m1 max(0.5, 0.5) + 0.5 = 1, m2 0.5 + 1     → m1 [0.5, 1];  C3 = 1
    // J2 map 6:    m1 1 + 3 = 4, m2 0 + 6 = 6                 → m1 [1, 4]
    // J2 map 2:    m1 4 + 1 = 5, m2 0 + 2 = 2                 → m2 [0, 2];    C^M = 4
    // J2 reduce 2: m1 max(4, 4) + 1 = 5, m2 max(2, 4) + 2 = 6 → m1 [4, 5]
    // J2 reduce 2: m1 5 + 1 = 6, m2 4 + 2 = 6 (tie)           → m1 [5, 6];    C2 = 6
    // J1 map 4:    m1 6 + 2 = 8, m2 2 + 4 = 6                 → m2 [2, 6]
    // J1 map 4:    m1 6 + 2 = 8, m2 6 + 4 = 10                → m1 [6, 8]
    // J1 map 2:    m1 8 + 1 = 9, m2 6 + 2 = 8                 → m2 [6, 8];    C^M = 8
    // J1 reduce 3: m1 8 + 1.5 = 9.5, m2 8 + 3 = 11            → m1 [8, 9.5];  C1 = 9.5
    // Σ w C = 1·9.5 + 2·6 + 1·1 = 22.5.
    const schedule = listSchedule(WORKED_INSTANCE, [2, 1, 0]);
    expect(runs(WORKED_INSTANCE, schedule)).toEqual([
      'J3 map 0 @m1 [0, 0.5]',
      'J3 reduce 0 @m1 [0.5, 1]',
      'J2 map 0 @m1 [1, 4]',
      'J2 map 1 @m2 [0, 2]',
      'J2 reduce 0 @m1 [4, 5]',
      'J2 reduce 1 @m1 [5, 6]',
      'J1 map 0 @m2 [2, 6]',
      'J1 map 1 @m1 [6, 8]',
      'J1 map 2 @m2 [6, 8]',
      'J1 reduce 0 @m1 [8, 9.5]',
    ]);
    expect([...schedule.completions]).toEqual([9.5, 6, 1]);
    expect(schedule.objective).toBe(22.5);
    expect(scheduleProblems(WORKED_INSTANCE, schedule)).toEqual([]);
  });

  it('runs one job on one machine back to back: C = r + (A^M + A^R)/s', () => {
    const instance: DmrsInstance = { machines: [{ id: 'm', speed: 4 }], jobs: [{ id: 'j', weight: 3, release: 2, maps: [4, 8], reduces: [6, 2] }] };
    const schedule = listSchedule(instance, [0]);
    expect(schedule.completions[0]).toBe(2 + 20 / 4);
    expect(schedule.objective).toBe(21);
  });

  it('starts no task on a machine before the time it is free', () => {
    const schedule = listSchedule(WORKED_INSTANCE, [2, 1, 0], { availableAt: [10, 0] });
    expect(schedule.tasks.filter((t) => t.machine === 0).every((t) => t.start >= 10)).toBe(true);
    expect(scheduleProblems(WORKED_INSTANCE, schedule)).toEqual([]);
  });

  it('deals reduces round-robin when asked, whatever the speeds', () => {
    const schedule = listSchedule(WORKED_INSTANCE, [2, 1, 0], { reduces: 'round-robin' });
    expect(schedule.tasks.filter((t) => t.kind === 'reduce').map((t) => t.machine)).toEqual([0, 1, 0, 1]);
  });

  it('keeps maps on machines that run maps and reduces on machines that run reduces', () => {
    // m1 (speed 2) runs maps only, m2 (speed 1) reduces only: each kind has one machine.
    // J3: map [0, 0.5] on m1, reduce [0.5, 1.5] on m2. J2: maps 6, 2 on m1 [0.5, 3.5], [3.5, 4.5]; reduces on m2
    // [4.5, 6.5], [6.5, 8.5]. J1: maps on m1 [4.5, 6.5], [6.5, 8.5], [8.5, 9.5]; reduce on m2 [9.5, 12.5].
    const schedule = listSchedule(WORKED_INSTANCE, [2, 1, 0], { kinds: ['map', 'reduce'] });
    expect(schedule.tasks.every((t) => t.machine === (t.kind === 'map' ? 0 : 1))).toBe(true);
    expect([...schedule.completions]).toEqual([12.5, 8.5, 1.5]);
    expect(scheduleProblems(WORKED_INSTANCE, schedule)).toEqual([]);
  });

  it('starts no reduce before its job\'s floor: maps of the job already running elsewhere', () => {
    // J3 alone; its maps (placed here) end at 0.5, but a map of it still runs until 4: the reduce waits for 4.
    const schedule = listSchedule(WORKED_INSTANCE, [2, 1, 0], { reducesReadyAt: [0, 0, 4] });
    expect(schedule.tasks.find((t) => t.job === 2 && t.kind === 'reduce')?.start).toBe(4);
  });

  it('one task at a time gives the whole schedule\'s tasks in the same order', () => {
    fc.assert(
      fc.property(smallInstances({ maxMachines: 4, maxJobs: 6, maxMaps: 4, maxReduces: 3 }), (instance) => {
        const order = instance.jobs.map((_, j) => instance.jobs.length - 1 - j);
        const whole = listSchedule(instance, order);
        const stepwise = new ListScheduler(instance, order);
        for (const task of whole.tasks) expect(stepwise.next()).toEqual(task);
        expect(stepwise.next()).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('refuses an order that is not every job once', () => {
    expect(() => listSchedule(WORKED_INSTANCE, [0, 1])).toThrow(RangeError);
    expect(() => listSchedule(WORKED_INSTANCE, [0, 1, 1])).toThrow(RangeError);
    expect(() => listSchedule(WORKED_INSTANCE, [0, 1, 3])).toThrow(RangeError);
  });
});

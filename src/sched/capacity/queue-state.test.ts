import { describe, expect, it } from 'vitest';
import type { JobPriority } from '../../model/workload.js';
import { testJobView, type MutableJobView } from '../../test-support/job-view.js';
import type { JobView } from '../types.js';
import type { QueueConfig } from './queue-config.js';
import { JobTable, MAP, QueueState, REDUCE } from './queue-state.js';

/** Job views standing in for the runtime's, with counts set by hand; of user u0 unless told. */
function jobs(specs: readonly { submit?: number; priority?: JobPriority; user?: string }[]): MutableJobView[] {
  return specs.map(({ user = 'u0', ...fields }, index) => {
    const job = testJobView(index, fields);
    return { ...job, spec: { ...job.spec, user } };
  });
}

/** A queue of 50 %. */
function queue(overrides: Partial<QueueConfig> = {}): QueueState {
  const config: QueueConfig = {
    id: 'q',
    capacity: 50,
    maxCapacity: 100,
    minimumUserLimitPercent: 100,
    userLimitFactor: 1,
    maxRunningJobs: Infinity,
    ...overrides,
  };
  return new QueueState(config, 0, 0, new JobTable());
}

const ids = (list: readonly JobView[]) => list.map((job) => job.index);

describe('capacity queue state', () => {
  it('initializes at most maxRunningJobs jobs and the next waiting one, in FIFO order, when one ends', () => {
    const [j0, j1, j2, j3] = jobs([{ submit: 0 }, { submit: 1 }, { submit: 2 }, { submit: 3, priority: 'HIGH' }]);
    const q = queue({ maxRunningJobs: 2 });
    for (const job of [j0, j1, j2, j3]) q.submit(job);
    expect(ids(q.running.jobs)).toEqual([0, 1]);
    expect(ids(q.waiting.jobs)).toEqual([3, 2]); // HIGH first
    q.finish(j1);
    expect(ids(q.running.jobs)).toEqual([3, 0]); // j3 initialized, and ordered before j0 by priority
    q.finish(j2); // a waiting job that failed: nothing else changes
    expect(ids(q.running.jobs)).toEqual([3, 0]);
    expect(ids(q.waiting.jobs)).toEqual([]);
  });

  it('counts slots held per queue and per user, and the users and jobs with work waiting, per kind', () => {
    // Jobs 0 and 1 belong to user u0, job 2 to user u1. 10 map and 4 reduce slots at 50 %: 5 and 2.
    const [a, b, c] = jobs([{}, {}, { user: 'u1' }]);
    const q = queue({ maxCapacity: 70 });
    for (const job of [a, b, c]) q.submit(job);
    Object.assign(a, { runningMaps: 2, pendingMaps: 3, runningReduces: 1 });
    Object.assign(b, { runningMaps: 1, hasRunnableReduce: true });
    Object.assign(c, { runningMaps: 4, pendingMaps: 1 });
    q.refresh(10, 4, true);
    expect(q.capacity).toEqual([5, 2]);
    expect(q.maxCapacity).toEqual([7, 2]); // ⌊70 % × 4⌋ = 2
    expect(q.occupied).toEqual([7, 1]);
    expect([...q.userSlots[MAP].subarray(0, 2)]).toEqual([3, 4]);
    expect([...q.userSlots[REDUCE].subarray(0, 2)]).toEqual([1, 0]);
    expect(q.activeUsers).toEqual([2, 1]);
    expect(q.candidates).toEqual([2, 1]);
    expect(q.fillRatio(MAP)).toBe(7 / 5);
    expect(q.atMaxCapacity(MAP)).toBe(true); // 7 + 1 > 7
    expect(q.atMaxCapacity(REDUCE)).toBe(false);
  });

  it('keeps the counts in step with launches and with tasks ending, reading only jobs that run tasks', () => {
    const [a, b] = jobs([{}, { user: 'u1' }]);
    const q = queue();
    Object.assign(a, { pendingMaps: 2 });
    Object.assign(b, { pendingMaps: 1 });
    q.submit(a);
    q.submit(b);
    q.refresh(10, 4, false);
    expect([q.occupied, q.activeUsers, q.candidates]).toEqual([[0, 0], [2, 0], [2, 0]]);
    // A launch counts at once, and a job whose last map launched no longer waits.
    Object.assign(b, { pendingMaps: 0, runningMaps: 1 });
    q.recordLaunch(MAP, b);
    expect([q.occupied[MAP], q.userSlots[MAP][1], q.activeUsers[MAP], q.candidates[MAP]]).toEqual([1, 1, 1, 1]);
    // The map ends and b's reduces pass slow-start: the next refresh sees both.
    Object.assign(b, { runningMaps: 0, hasRunnableReduce: true });
    q.refresh(10, 4, false);
    expect([q.occupied[MAP], q.userSlots[MAP][1], q.activeUsers[REDUCE], q.candidates[REDUCE]]).toEqual([0, 0, 1, 1]);
  });

  it('re-reads jobs without running tasks only on a full refresh (work given back by a node failure)', () => {
    const [a] = jobs([{}]);
    const q = queue();
    q.submit(a);
    Object.assign(a, { pendingMaps: 1 }); // a lost map output runs again
    q.refresh(10, 4, false);
    expect(q.candidates[MAP]).toBe(0);
    q.refresh(10, 4, true);
    expect([q.candidates[MAP], q.activeUsers[MAP]]).toEqual([1, 1]);
  });

  it('forgets what a finished job held at the next refresh', () => {
    const [a] = jobs([{}]);
    const q = queue();
    q.submit(a);
    Object.assign(a, { pendingMaps: 0, runningMaps: 2 });
    q.recordLaunch(MAP, a);
    q.recordLaunch(MAP, a);
    Object.assign(a, { runningMaps: 0 });
    q.finish(a);
    q.refresh(10, 4, false);
    expect([q.occupied[MAP], q.userSlots[MAP][0], q.activeUsers[MAP], q.candidates[MAP]]).toEqual([0, 0, 0, 0]);
  });

  it('holds a queue guaranteed no slot as full, and keeps a ceiling of at least one slot', () => {
    const q = queue({ capacity: 5, maxCapacity: 10 });
    q.refresh(5, 5, true);
    expect(q.capacity).toEqual([0, 0]);
    expect(q.fillRatio(MAP)).toBe(1);
    expect(q.maxCapacity).toEqual([1, 1]);
  });
});

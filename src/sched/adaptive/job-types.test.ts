import { describe, expect, it } from 'vitest';
import { LOADGEN_JOB_TYPES, LOADGEN_PROFILES } from '../../workloads/generators/loadgen-job-types.js';
import { countBucket, hasMinShare, JobTypeTable } from './job-types.js';

const job = (user: string, mapCount: number, reduceCount: number) => ({ user, mapCount, reduceCount });

describe('job types', () => {
  it('bucket task counts by powers of two', () => {
    expect([0, 1, 2, 3, 4, 7, 8, 10, 15, 16, 1000, 1500].map(countBucket)).toEqual([0, 1, 2, 2, 3, 3, 4, 4, 4, 5, 10, 11]);
  });

  it("tell the four Loadgen types apart, and one user's from another's", () => {
    const table = new JobTypeTable([]);
    // Loadgen: one map per 64 MB block.
    const shapes = LOADGEN_JOB_TYPES.map((t) => job('u', Math.ceil(LOADGEN_PROFILES[t].inputBytes / 2 ** 26), LOADGEN_PROFILES[t].reduces));
    const types = shapes.map((s) => table.typeOf(s));
    expect(types).toEqual([0, 1, 2, 3]);
    expect(table.types.map((t) => t.id)).toEqual(['u/m1r1', 'u/m4r1', 'u/m1r4', 'u/m4r4']);
    expect(table.typeOf(job('v', 1, 1))).toBe(4);
    // The same shape is one shape, whoever submits it: rates are learned per shape.
    expect(table.types[4].shape).toBe(table.types[0].shape);
    expect(table.typeOf(job('u', 9, 1))).toBe(1);
  });

  it("take a listed user's priority and min share, and priority 1 without one for others", () => {
    const table = new JobTypeTable([{ id: 'ads', priority: 3, minShare: { map: 2, reduce: 0 } }]);
    table.typeOf(job('guest', 1, 0));
    expect(table.users).toEqual([
      { id: 'ads', priority: 3, mapMinShare: 2, reduceMinShare: 0 },
      { id: 'guest', priority: 1, mapMinShare: 0, reduceMinShare: 0 },
    ]);
    expect(table.users.map(hasMinShare)).toEqual([true, false]);
  });
});

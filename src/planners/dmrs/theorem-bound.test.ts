import { describe, expect, it } from 'vitest';
import type { DmrsInstance } from './dmrs-instance.js';
import { taskSkew, theoremBound } from './theorem-bound.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

describe('the task skew D and the bound of Theorem 1', () => {
  it('gives D = 1 and 2(1 + (M−1)/D) = 4 on the worked instance', () => {
    // D_j / (a_j1 + b_j1) = 13/7, 12/8, 2/2: the least is 1. M = 2: 2(1 + 1/1) = 4.
    expect(taskSkew(WORKED_INSTANCE)).toBe(1);
    expect(theoremBound(WORKED_INSTANCE)).toBe(4);
  });

  it('adds 1 when the jobs are released at different times, and not when all at one time', () => {
    const later = (release: (j: number) => number): DmrsInstance => ({ ...WORKED_INSTANCE, jobs: WORKED_INSTANCE.jobs.map((job, j) => ({ ...job, release: release(j) })) });
    expect(theoremBound(later((j) => j))).toBe(5);
    expect(theoremBound(later(() => 7))).toBe(4);
  });

  it('grows D with the number of equal tasks: 20 maps and 4 reduces of size 1 give D = 12', () => {
    const instance: DmrsInstance = {
      machines: Array.from({ length: 5 }, (_, i) => ({ id: `m${i}`, speed: 1 + i })),
      jobs: [{ id: 'j', weight: 1, release: 0, maps: new Array<number>(20).fill(1), reduces: new Array<number>(4).fill(1) }],
    };
    // D = 24 / (1 + 1) = 12; 2(1 + 4/12) = 8/3.
    expect(taskSkew(instance)).toBe(12);
    expect(theoremBound(instance)).toBeCloseTo(8 / 3, 14);
  });

  it('leaves jobs without work out of D, and is 2 when no job has any', () => {
    const empty: DmrsInstance = { machines: [{ id: 'a', speed: 1 }, { id: 'b', speed: 1 }], jobs: [{ id: 'j', weight: 1, release: 0, maps: [0], reduces: [] }] };
    expect(taskSkew(empty)).toBe(Infinity);
    expect(theoremBound(empty)).toBe(2);
  });
});

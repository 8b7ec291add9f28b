import { describe, expect, it } from 'vitest';
import { lpData } from './lp-data.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

describe('lpData', () => {
  it('gives D, p and the bounds (7) of the worked instance by hand', () => {
    // σ_1 = 2, σ_2 = σ_M = 3.
    // J1: maps max(4/2, 10/σ_2) = 10/3, reduce max(3/2, 3/σ_1) = 3/2: 29/6.
    // J2: maps max(6/2, 8/3) = 3, reduces max(2/2, 4/σ_2) = 4/3: 13/3.
    // J3: maps max(1/2, 1/2), reduce max(1/2, 1/2): 1.
    const data = lpData(WORKED_INSTANCE);
    expect([...data.work]).toEqual([13, 12, 2]);
    expect(data.totalSpeed).toBe(3);
    expect([...data.processing]).toEqual([13 / 3, 4, 2 / 3]);
    expect(data.lowerBound[0]).toBeCloseTo(29 / 6, 14);
    expect(data.lowerBound[1]).toBeCloseTo(13 / 3, 14);
    expect(data.lowerBound[2]).toBe(1);
  });

  it('caps a phase at the job\'s task count: three maps on five machines run on the three fastest', () => {
    // Speeds 4, 3, 2, 1, 1 (listed out of order): σ_3 = 9. Maps 6, 6, 6: max(6/4, 18/9) = 2.
    const data = lpData({
      machines: [1, 3, 1, 4, 2].map((speed, i) => ({ id: `m${i}`, speed })),
      jobs: [{ id: 'a', weight: 1, release: 5, maps: [6, 6, 6], reduces: [] }],
    });
    expect(data.lowerBound[0]).toBe(5 + 2);
    expect(data.totalSpeed).toBe(11);
  });

  it('takes the largest task on the fastest machine when it is longer than the spread work', () => {
    // Speeds 2, 2: maps 10, 1: max(10/2, 11/4) = 5; no reduces.
    const data = lpData({ machines: [{ id: 'a', speed: 2 }, { id: 'b', speed: 2 }], jobs: [{ id: 'j', weight: 1, release: 0, maps: [1, 10], reduces: [] }] });
    expect(data.lowerBound[0]).toBe(5);
  });
});

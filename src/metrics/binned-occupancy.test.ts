import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BinnedOccupancy } from './binned-occupancy.js';

describe('BinnedOccupancy', () => {
  it('averages each interval over the bins it covers', () => {
    // Bins of 10 s over [0, 40). [5, 25): half of bin 0, all of bin 1, half of bin 2.
    // [30, 100) with weight 2: all of bin 3, clipped at 40.
    const occupancy = new BinnedOccupancy(0, 40, 4);
    occupancy.add(5, 25);
    occupancy.add(30, 100, 2);
    expect([...occupancy.values()]).toEqual([0.5, 1, 0.5, 2]);
  });

  it('counts an interval inside one bin by its share of the bin', () => {
    const occupancy = new BinnedOccupancy(100, 200, 2);
    occupancy.add(110, 120); // 10 s of a 50 s bin
    occupancy.add(300, 400); // outside the window
    expect([...occupancy.values()]).toEqual([0.2, 0]);
  });

  it('keeps the covered time: Σ average × bin width is the clipped length of the intervals', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -50, max: 150, noNaN: true }), fc.double({ min: 0, max: 80, noNaN: true })), { maxLength: 30 }), fc.integer({ min: 1, max: 17 }), (intervals, bins) => {
        const occupancy = new BinnedOccupancy(0, 100, bins);
        let expected = 0;
        for (const [from, length] of intervals) {
          occupancy.add(from, from + length);
          expected += Math.max(0, Math.min(from + length, 100) - Math.max(from, 0));
        }
        const covered = [...occupancy.values()].reduce((sum, v) => sum + v * occupancy.width, 0);
        expect(covered).toBeCloseTo(expected, 6);
      }),
    );
  });

  it('refuses an empty window', () => {
    expect(() => new BinnedOccupancy(5, 5, 3)).toThrow(RangeError);
  });
});
